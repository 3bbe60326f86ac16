// /tracking/{order_id}: where the customer's order is: status timeline with times, ETA, the map with
// restaurant, delivery point and courier, live over the tracking socket; cancel while still placed.
import { useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { snackbar } from '../../lib/events.ts';
import { formatRupees } from '../../lib/format.ts';
import { ApiError, api } from '../../lib/http.ts';
import { ordersApi } from '../../shared/api/orders.ts';
import {
  PAYMENT_STATUS_LABELS,
  STATUS_LABELS,
  canTransition,
  isFinalStatus,
} from '../../shared/order-status.ts';
import { StatusMap } from './status-map.tsx';
import { Timeline, etaText } from './timeline.tsx';
import { useTracking } from './use-tracking.ts';
import './tracking.css';

export function parseOrderId(raw: string | undefined): number | null {
  return raw && /^\d{1,10}$/.test(raw) && Number(raw) > 0 ? Number(raw) : null;
}

export function TrackingPage() {
  const { order_id } = useParams();
  const id = parseOrderId(order_id);
  const { data, error, mutate, live, isLoading } = useTracking(id);
  const [cancelling, setCancelling] = useState(false);

  if (!id) {
    return (
      <main id="main" className="page tracking">
        <h1>Track your order</h1>
        <p>Choose an order to follow from your orders.</p>
        <Link className="button button--primary" to="/myaccount/orders">
          Go to my orders
        </Link>
      </main>
    );
  }

  async function cancel() {
    if (!data || !window.confirm('Cancel this order? A paid amount is refunded to your payment method.'))
      return;
    setCancelling(true);
    try {
      await api(ordersApi.cancel(data.order.id), { method: 'POST', body: {} });
      snackbar.success('Your order was cancelled.');
      await mutate();
    } catch (err) {
      snackbar.danger(err instanceof ApiError ? err.message : 'Could not cancel the order.');
      void mutate();
    } finally {
      setCancelling(false);
    }
  }

  return (
    <main id="main" className="page tracking">
      <p className="tracking__back">
        <Link to="/myaccount/orders">← My orders</Link>
      </p>
      {error && !data ? (
        <div role="alert" className="tracking__error">
          <h1>Order not available</h1>
          <p>
            {error instanceof ApiError && error.status === 404
              ? 'We could not find this order in your account.'
              : error instanceof ApiError
                ? error.message
                : 'Could not load the order.'}
          </p>
          <button type="button" className="button" onClick={() => void mutate()}>
            Try again
          </button>
        </div>
      ) : !data || isLoading ? (
        <div aria-busy="true" aria-label="Loading your order">
          <div className="skeleton tracking__skeleton-title" />
          <div className="skeleton tracking__skeleton-map" />
        </div>
      ) : (
        <>
          <header className="tracking__head">
            <div>
              <h1>{STATUS_LABELS[data.order.status]}</h1>
              <p className="tracking__meta">
                Order <span className="tracking__nowrap">{data.order.order_number}</span> ·{' '}
                {data.order.restaurant.name}
              </p>
            </div>
            {!isFinalStatus(data.order.status) && (
              <span className={`tracking__live${live ? ' tracking__live--on' : ''}`}>
                {live ? 'Live' : 'Updating every 10 s'}
              </span>
            )}
          </header>
          <p className="tracking__eta" role="status" aria-live="polite">
            {data.order.status === 'rejected'
              ? `The restaurant could not take this order${data.order.reject_reason ? `: ${data.order.reject_reason}` : '.'}`
              : data.order.status === 'cancelled'
                ? 'You cancelled this order.'
                : data.order.status === 'delivered'
                  ? 'Delivered. Enjoy your meal!'
                  : (etaText(data.eta) ?? 'Waiting for the restaurant to accept your order.')}
          </p>
          <div className="tracking__grid">
            <section className="card tracking__card" aria-labelledby="tracking-progress">
              <h2 id="tracking-progress">Progress</h2>
              <Timeline steps={data.timeline} />
              {canTransition(data.order.status, 'cancelled', 'customer') && (
                <button
                  type="button"
                  className="button button--danger tracking__cancel"
                  onClick={() => void cancel()}
                  disabled={cancelling}
                >
                  {cancelling ? 'Cancelling…' : 'Cancel order'}
                </button>
              )}
            </section>
            <section className="card tracking__card" aria-labelledby="tracking-map">
              <h2 id="tracking-map">Map</h2>
              <StatusMap tracking={data} courier={data.courier} />
            </section>
            <section className="card tracking__card" aria-labelledby="tracking-bill">
              <h2 id="tracking-bill">Your order</h2>
              <ul className="tracking__items">
                {data.order.items.map((i) => (
                  <li key={i.menu_item_id}>
                    <span>
                      {i.quantity} × {i.name}
                    </span>
                    <span>{formatRupees(i.price * i.quantity)}</span>
                  </li>
                ))}
              </ul>
              <p className="tracking__total">
                <span>Total</span>
                <strong>{formatRupees(data.order.amount)}</strong>
              </p>
              <p className="text-muted">Payment: {PAYMENT_STATUS_LABELS[data.order.payment_status]}</p>
              {data.delivery_point && (
                <p className="text-muted">
                  {data.order.status === 'delivered' ? 'Delivered to' : 'Delivering to'}{' '}
                  {data.delivery_point.address}
                </p>
              )}
            </section>
          </div>
        </>
      )}
    </main>
  );
}
