// /m/{orderid}: the bare order-status page an SMS or shared link opens (no header, footer or bottom
// bar). With ?t=<token> (a signed, expiring link the server minted for the order's customer) it shows
// that order's public status to anyone, signed in or not, polling while the order moves. Without a
// valid token a signed-in customer sees their own order live, as on the tracking page (an order id or
// an order number); anyone else is asked to sign in.
import { Link, useLocation, useParams, useSearchParams } from '../../lib/router.tsx';
import { useData } from '../../lib/use-api.ts';
import { fetcher } from '../../lib/http.ts';
import { useAppState } from '../../lib/app-state.ts';
import type { OrderDetails, PublicOrderStatus } from '../../shared/api/orders.ts';
import { ordersPaths } from '../../shared/api/paths.ts';
import { STATUS_LABELS, isFinalStatus, type OrderStatus } from '../../shared/order-status.ts';
import { Timeline, etaText } from './timeline.tsx';
import { parseOrderId } from './tracking-page.tsx';
import { useTracking } from './use-tracking.ts';
import './tracking.css';

/** How often a status link's page asks again while the order is on its way (no socket without sign-in). */
export const PUBLIC_POLL_MS = 15_000;

function statusLine(status: OrderStatus, eta: string | null): string {
  if (status === 'cancelled') return 'This order was cancelled.';
  if (status === 'rejected') return 'The restaurant could not take this order.';
  if (status === 'delivered') return 'Delivered. Enjoy your meal!';
  return etaText(eta) ?? (status === 'placed' ? 'Waiting for the restaurant to accept.' : '');
}

export function OrderStatusPage() {
  const { orderid } = useParams();
  const [params] = useSearchParams();
  const { pathname } = useLocation();
  const loggedIn = useAppState((s) => s.loggedIn);
  const numeric = parseOrderId(orderid);
  const token = params.get('t');

  const signed = useData<PublicOrderStatus>(
    token && numeric ? ordersPaths.publicStatus(numeric, token) : null,
    fetcher,
    {
      refreshInterval: (d) => (d && isFinalStatus(d.order.status) ? 0 : PUBLIC_POLL_MS),
      shouldRetryOnError: false,
    },
  );
  const linkFailed = Boolean(token) && (!numeric || Boolean(signed.error));
  // The signed-in customer's own view: no token, or a token that did not work.
  const own = loggedIn && (!token || linkFailed);

  // An SMS may carry the order number instead of the id.
  const byNumber = useData<OrderDetails>(own && orderid && !numeric ? ordersPaths.details(orderid) : null);
  const id = own ? (numeric ?? byNumber.data?.order.id ?? null) : null;
  const { data, error } = useTracking(id);
  const failed = !orderid || byNumber.error || (error && !data);

  let content;
  if (signed.data) {
    const s = signed.data;
    content = (
      <>
        <h1>{STATUS_LABELS[s.order.status]}</h1>
        <p className="order-status__meta">
          {s.order.restaurant_name} · Order <span className="tracking__nowrap">{s.order.order_number}</span>
        </p>
        <p className="tracking__eta" role="status" aria-live="polite">
          {statusLine(s.order.status, s.eta)}
        </p>
        <Timeline steps={s.timeline} />
        {loggedIn && (
          <Link className="button" to={`/tracking/${s.order.id}`}>
            Track on the map
          </Link>
        )}
      </>
    );
  } else if (token && !linkFailed) {
    content = (
      <div aria-busy="true" aria-label="Loading the order" className="skeleton tracking__skeleton-map" />
    );
  } else if (!own) {
    const login = `/login?redirect=${encodeURIComponent(pathname)}`;
    content = (
      <div role={linkFailed ? 'alert' : undefined}>
        <h1>{linkFailed ? 'This link no longer works' : 'Log in to see your order'}</h1>
        <p>
          {linkFailed
            ? 'Order status links work for 48 hours. Log in to follow your order.'
            : 'Log in with the phone number you ordered with to follow this order.'}
        </p>
        <div className="order-status__actions">
          <Link className="button button--primary" to={login}>
            Log in
          </Link>
        </div>
      </div>
    );
  } else if (failed) {
    content = (
      <div role="alert">
        <h1>Order not found</h1>
        <p>Open your orders to see everything you have ordered.</p>
        <Link className="button button--primary" to="/myaccount/orders">
          My orders
        </Link>
      </div>
    );
  } else if (!data) {
    content = (
      <div aria-busy="true" aria-label="Loading your order" className="skeleton tracking__skeleton-map" />
    );
  } else {
    content = (
      <>
        <h1>{STATUS_LABELS[data.order.status]}</h1>
        <p className="order-status__meta">
          {data.order.restaurant.name} · Order{' '}
          <span className="tracking__nowrap">{data.order.order_number}</span>
        </p>
        <p className="tracking__eta" role="status" aria-live="polite">
          {statusLine(data.order.status, data.eta)}
        </p>
        <Timeline steps={data.timeline} />
        <Link className="button" to={`/tracking/${data.order.id}`}>
          Track on the map
        </Link>
      </>
    );
  }

  return (
    <main id="main" className="order-status">
      <p className="order-status__brand">Order status</p>
      {content}
    </main>
  );
}
