// /checkout/success: the order number, a summary and the way to tracking.
import { useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import type { CheckoutOrder } from '../../shared/api/checkout.ts';
import type { OrderDetails } from '../../shared/api/orders.ts';
import { formatRupees } from '../../lib/format.ts';
import { api } from '../../lib/http.ts';
import './checkout.css';

export const LAST_ORDER_KEY = 'checkout:last-order';

interface Shown {
  id: number;
  order_number: string;
  restaurant_name: string;
  items: Array<{ id: number; name: string; quantity: number; price: number }>;
  to_pay: number;
  address: string;
}

function fromCheckout(o: CheckoutOrder): Shown {
  const a = o.delivery_address as { flat?: string; address?: string };
  return {
    id: o.id,
    order_number: o.order_number,
    restaurant_name: o.restaurant_name,
    items: o.items,
    to_pay: o.to_pay,
    address: [a.flat, a.address].filter(Boolean).join(', '),
  };
}

function fromDetails(o: OrderDetails['order']): Shown {
  return {
    id: o.id,
    order_number: o.order_number,
    restaurant_name: o.restaurant.name,
    items: o.items.map((i) => ({ id: i.menu_item_id, name: i.name, quantity: i.quantity, price: i.price })),
    to_pay: o.bill.to_pay,
    address: [o.delivery_address.flat, o.delivery_address.address].filter(Boolean).join(', '),
  };
}

export function CheckoutSuccessPage() {
  const [params] = useSearchParams();
  const id = Number(params.get('order'));
  const [order, setOrder] = useState<Shown | null>(() => {
    try {
      const saved = JSON.parse(sessionStorage.getItem(LAST_ORDER_KEY) ?? 'null') as CheckoutOrder | null;
      return saved && saved.id === id && saved.items ? fromCheckout(saved) : null;
    } catch {
      return null;
    }
  });
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    document.title = 'Order placed';
    if (order || !Number.isInteger(id) || id <= 0) return;
    api<OrderDetails>(`/api/v1/orders/details/id/${id}/`)
      .then((res) => setOrder(fromDetails(res.order)))
      .catch((err: unknown) => setError(err instanceof Error ? err.message : 'Could not load the order.'));
  }, [id, order]);

  return (
    <main className="page co-success" id="main">
      <div className="co-success__badge" aria-hidden="true">
        ✓
      </div>
      <h1 className="co-success__title">Order placed!</h1>
      {!order && !error && (
        <div className="skeleton co-success__skeleton" role="status" aria-label="Loading order" />
      )}
      {error && (
        <p role="alert" className="co-error">
          {error}
        </p>
      )}
      {order && (
        <>
          <p className="co-success__number">
            Order number <strong data-testid="order-number">{order.order_number}</strong>
          </p>
          <section className="co-card co-success__summary" aria-labelledby="co-success-summary">
            <h2 id="co-success-summary" className="co-section__title">
              {order.restaurant_name}
            </h2>
            <ul className="co-success__items">
              {order.items.map((i) => (
                <li key={i.id}>
                  <span>
                    {i.quantity} × {i.name}
                  </span>
                  <span>{formatRupees(i.price * i.quantity)}</span>
                </li>
              ))}
            </ul>
            <p className="co-success__paid">
              <span>Paid</span> <strong>{formatRupees(order.to_pay)}</strong>
            </p>
            {order.address && <p className="co-muted">Delivering to {order.address}</p>}
          </section>
        </>
      )}
      <div className="co-success__actions">
        {Number.isInteger(id) && id > 0 && (
          <Link to={`/tracking/${id}`} className="button button--primary">
            Track your order
          </Link>
        )}
        <Link to="/restaurants" className="button">
          Back to restaurants
        </Link>
      </div>
    </main>
  );
}
