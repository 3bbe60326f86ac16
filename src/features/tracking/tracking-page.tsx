// /tracking/{order_id}: where the customer's order is: status timeline with times, ETA, the street map
// with restaurant, delivery point and courier, live over the tracking socket; cancel (after a yes in
// the app's own dialog) while still placed; a signed link to the bare status page to share.
// A cancelled or rejected order shows neither the map nor where it was going.
import { lazy, Suspense, useEffect, useState } from 'react';
import { Link, useParams } from '../../lib/router.tsx';
import { snackbar } from '../../lib/events.ts';
import { formatRupees } from '../../lib/format.ts';
import { ApiError } from '../../lib/http.ts';
import { OrderLines } from '../../lib/order-lines.tsx';
import { useRenderTime } from '../../lib/use-render-time.ts';
import type { Tracking } from '../../shared/api/orders.ts';
import { paymentLabel, STATUS_LABELS, canTransition, isFinalStatus } from '../../shared/order-status.ts';
import { pageTitle } from '../../shared/routes.ts';
import { scheduleLabel } from '../../shared/schedule-slots.ts';
import { OrderPushOptIn } from '../push/index.tsx';
import { LazyRateOrderCard } from '../ratings/index.tsx';
import { cancelOrder } from './api/cancel-order.ts';
import { StatusMap } from './status-map.tsx';
import { Timeline, etaText } from './timeline.tsx';
import { useTracking } from './use-tracking.ts';
import './tracking.css';

/** The cancel question loads when asked: most visits to this page never ask it. */
const ConfirmDialog = lazy(() =>
  import('../../lib/confirm-dialog.tsx').then((m) => ({ default: m.ConfirmDialog })),
);

export function parseOrderId(raw: string | undefined): number | null {
  return raw && /^\d{1,10}$/.test(raw) && Number(raw) > 0 ? Number(raw) : null;
}

export function TrackingPage() {
  const { order_id } = useParams();
  const id = parseOrderId(order_id);
  const { data, error, mutate, live, isLoading } = useTracking(id);
  const [cancelling, setCancelling] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const now = useRenderTime();
  // The title names the order once it is known (the shell's default knows only the route).
  const orderNumber = data?.order.order_number;
  useEffect(() => {
    document.title = pageTitle('tracking', { orderNumber });
  }, [orderNumber]);

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
    setConfirming(false);
    if (!data) return;
    setCancelling(true);
    try {
      await cancelOrder(data.order.id);
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
      {/* The live badge shares the back link's row: its text changes width ("Updating every 10 s" ->
          "Live") when the socket connects, and beside the heading that re-wrapped the heading and moved
          the whole page (a layout shift on every visit). */}
      <div className="tracking__top">
        <Link to="/myaccount/orders">← My orders</Link>
        {data && !isFinalStatus(data.order.status) && (
          <span className={`tracking__live${live ? ' tracking__live--on' : ''}`}>
            {live ? 'Live' : 'Updating every 10 s'}
          </span>
        )}
      </div>
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
          <header>
            <h1>{STATUS_LABELS[data.order.status]}</h1>
            <p className="tracking__meta">
              Order <span className="tracking__nowrap">{data.order.order_number}</span> ·{' '}
              {data.order.restaurant.name}
            </p>
          </header>
          <p className="tracking__eta" role="status" aria-live="polite">
            {data.order.status === 'rejected'
              ? `The restaurant could not take this order${data.order.reject_reason ? `: ${data.order.reject_reason}` : '.'}`
              : data.order.status === 'cancelled'
                ? 'You cancelled this order.'
                : data.order.status === 'delivered'
                  ? 'Delivered. Enjoy your meal!'
                  : (etaText(data.eta, now) ?? 'Waiting for the restaurant to accept your order.')}
          </p>
          {data.order.scheduled_for && !isFinalStatus(data.order.status) && (
            <p className="tracking__meta" data-testid="order-schedule">
              Scheduled for {scheduleLabel(data.order.scheduled_for, now)}
            </p>
          )}
          {data.order.status === 'delivered' && (
            <Suspense fallback={null}>
              <LazyRateOrderCard orderId={data.order.id} />
            </Suspense>
          )}
          <div className={`tracking__grid${stopped(data) ? ' tracking__grid--no-map' : ''}`}>
            <section className="card tracking__card" aria-labelledby="tracking-progress">
              <h2 id="tracking-progress">Progress</h2>
              <Timeline steps={data.timeline} />
              {canTransition(data.order.status, 'cancelled', 'customer') && (
                <button
                  type="button"
                  className="button button--danger tracking__cancel"
                  onClick={() => setConfirming(true)}
                  disabled={cancelling}
                >
                  {cancelling ? 'Cancelling…' : 'Cancel order'}
                </button>
              )}
              {!isFinalStatus(data.order.status) && <ShareStatus link={data.status_link.path} />}
            </section>
            {!stopped(data) && (
              <section className="card tracking__card" aria-labelledby="tracking-map">
                <h2 id="tracking-map">Map</h2>
                <StatusMap tracking={data} courier={data.courier} />
              </section>
            )}
            <section className="card tracking__card" aria-labelledby="tracking-bill">
              <h2 id="tracking-bill">Your order</h2>
              <OrderLines items={data.order.items} className="tracking__items" />
              {data.order.bill.tip > 0 && (
                <p className="tracking__total">
                  <span>Delivery partner tip</span>
                  <span>{formatRupees(data.order.bill.tip)}</span>
                </p>
              )}
              <p className="tracking__total">
                <span>Total</span>
                <strong>{formatRupees(data.order.amount)}</strong>
              </p>
              <p className="text-muted">Payment: {paymentLabel(data.order)}</p>
              {!stopped(data) && <DeliveryAddress tracking={data} />}
            </section>
          </div>
          <OrderPushOptIn order={data.order} />
          {confirming && (
            <Suspense fallback={null}>
              <ConfirmDialog
                title="Cancel this order?"
                confirmLabel="Yes, cancel order"
                cancelLabel="Keep order"
                tone="danger"
                onConfirm={() => void cancel()}
                onCancel={() => setConfirming(false)}
              >
                <p>
                  {data.order.restaurant.name} has not accepted it yet.{' '}
                  {data.order.payment_status === 'paid'
                    ? `The ${formatRupees(data.order.amount)} you paid is refunded to your payment method.`
                    : 'Nothing has been charged.'}
                </p>
              </ConfirmDialog>
            </Suspense>
          )}
        </>
      )}
    </main>
  );
}

/** A cancelled or rejected order: nothing is on its way, so no map and no "Delivering to". */
const stopped = (t: Tracking) => t.order.status === 'cancelled' || t.order.status === 'rejected';

/** Where the order goes: door/flat, the address and the landmark the customer saved. */
function DeliveryAddress({ tracking }: { tracking: Tracking }) {
  const { flat, address, landmark } = tracking.order.delivery_address;
  if (!address && !flat) return null;
  return (
    <div className="tracking__address">
      <h3>{tracking.order.status === 'delivered' ? 'Delivered to' : 'Delivering to'}</h3>
      <p>{[flat, address].filter(Boolean).join(', ')}</p>
      {landmark && <p className="text-muted">Landmark: {landmark}</p>}
    </div>
  );
}

/** Shares the signed status link (anyone with it sees the status, not the address or bill). */
function ShareStatus({ link }: { link: string }) {
  const share = async () => {
    const url = new URL(link, location.origin).toString();
    try {
      if (navigator.share) {
        await navigator.share({ title: 'Order status', url });
        return;
      }
      await navigator.clipboard.writeText(url);
      snackbar.success('Link copied: it shows this order’s status for 48 hours.');
    } catch (err) {
      if ((err as Error).name !== 'AbortError') snackbar.danger('Could not share the link. Try again.');
    }
  };
  return (
    <button type="button" className="button tracking__share" onClick={() => void share()}>
      Share order status
    </button>
  );
}
