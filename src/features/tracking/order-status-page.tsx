// /m/{orderid}: the bare order-status page an SMS link opens (no header, footer or bottom bar):
// status, ETA and the timeline, live like the tracking page. Accepts an order id or order number.
import { Link, useParams } from 'react-router-dom';
import useSWR from 'swr';
import { fetcher } from '../../lib/http.ts';
import { ordersApi, type OrderDetails } from '../../shared/api/orders.ts';
import { STATUS_LABELS } from '../../shared/order-status.ts';
import { Timeline, etaText } from './timeline.tsx';
import { parseOrderId } from './tracking-page.tsx';
import { useTracking } from './use-tracking.ts';
import './tracking.css';

export function OrderStatusPage() {
  const { orderid } = useParams();
  const numeric = parseOrderId(orderid);
  // An SMS may carry the order number instead of the id.
  const byNumber = useSWR<OrderDetails>(orderid && !numeric ? ordersApi.details(orderid) : null, fetcher);
  const id = numeric ?? byNumber.data?.order.id ?? null;
  const { data, error } = useTracking(id);
  const failed = !orderid || byNumber.error || (error && !data);

  return (
    <main id="main" className="order-status">
      <p className="order-status__brand">Order status</p>
      {failed ? (
        <div role="alert">
          <h1>Order not found</h1>
          <p>Open your orders to see everything you have ordered.</p>
          <Link className="button button--primary" to="/myaccount/orders">
            My orders
          </Link>
        </div>
      ) : !data ? (
        <div aria-busy="true" aria-label="Loading your order" className="skeleton tracking__skeleton-map" />
      ) : (
        <>
          <h1>{STATUS_LABELS[data.order.status]}</h1>
          <p className="order-status__meta">
            {data.order.restaurant.name} · Order{' '}
            <span className="tracking__nowrap">{data.order.order_number}</span>
          </p>
          <p className="tracking__eta" role="status" aria-live="polite">
            {etaText(data.eta) ??
              (data.order.status === 'placed' ? 'Waiting for the restaurant to accept.' : '')}
          </p>
          <Timeline steps={data.timeline} />
          <Link className="button" to={`/tracking/${data.order.id}`}>
            Track on the map
          </Link>
        </>
      )}
    </main>
  );
}
