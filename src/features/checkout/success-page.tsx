// /checkout/success: what really happened to an order, read from the order API (never from what the
// page that sent us here believed): paid; still waiting for payment (the same order's payment window
// can be reopened); the last attempt declined; cancelled or refunded; or no such order.
import { useCallback, useEffect, useState, type ReactNode } from 'react';
import { Link, useSearchParams } from '../../lib/router.tsx';
import type { CheckoutOrder } from '../../shared/api/checkout.ts';
import { BRAND } from '../../shared/routes.ts';
import type { OrderPayment, OrderSummary } from '../../shared/api/orders.ts';
import { formatRupees } from '../../lib/format.ts';
import { OrderLines, type OrderLine } from '../../lib/order-lines.tsx';
import { scheduleLabel } from '../../shared/schedule-slots.ts';
import { ApiError, firstMessage } from '../../lib/http.ts';
import { useAppState } from '../../lib/app-state.ts';
import { refreshCart } from '../cart/index.tsx';
import { checkPayment } from './api/check-payment.ts';
import { getOrder } from './api/get-order.ts';
import { listPayments } from './api/list-payments.ts';
import {
  LAST_ORDER_KEY,
  attemptFor,
  awaitingApproval,
  resumeOutbox,
  type OutboxEntry,
} from './order-outbox.ts';
import { paymentMethodLabel } from '../../shared/upi.ts';
import { UpiWaiting } from './upi-waiting.tsx';
import { useVisiblePoll } from './use-visible-poll.ts';
import { payOrder } from './pay.ts';
import './checkout.css';

/** While an order waits for its payment, the page asks again this often (the sweep may confirm it). */
const POLL_MS = 5000;
/** While a UPI request waits for the customer's approval, more often: they come back from their UPI app. */
const UPI_POLL_MS = 3000;
const POLL_FOR_MS = 15 * 60_000;

interface Shown {
  id: number;
  order_number: string;
  restaurant_name: string;
  items: OrderLine[];
  to_pay: number;
  address: string;
  status: OrderSummary['status'];
  payment_status: OrderSummary['payment_status'];
  refund_pending: boolean;
  /** The newest payment attempt for this order was declined. */
  last_attempt_failed: boolean;
  /** How it is paid or being paid (method, masked UPI ID); pending: a UPI request awaiting approval. */
  payment: OrderPayment | null;
  /** The rider's tip (paise) and the delivery slot chosen (ISO, null: now). */
  tip: number;
  scheduled_for: string | null;
}

function fromCheckout(o: CheckoutOrder): Shown {
  const a = o.delivery_address as { flat?: string; address?: string };
  return {
    id: o.id,
    order_number: o.order_number,
    restaurant_name: o.restaurant_name,
    items: o.items.map(({ id, ...i }) => ({ ...i, menu_item_id: id })),
    to_pay: o.to_pay,
    address: [a.flat, a.address].filter(Boolean).join(', '),
    status: o.status,
    payment_status: o.payment_status,
    refund_pending: o.refund_pending,
    last_attempt_failed: false,
    payment: null,
    tip: o.tip ?? 0,
    scheduled_for: o.scheduled_for ?? null,
  };
}

function fromDetails(o: OrderSummary, lastAttemptFailed: boolean, payment: OrderPayment | null): Shown {
  return {
    id: o.id,
    order_number: o.order_number,
    restaurant_name: o.restaurant.name,
    items: o.items,
    to_pay: o.bill.to_pay,
    address: [o.delivery_address.flat, o.delivery_address.address].filter(Boolean).join(', '),
    status: o.status,
    payment_status: o.payment_status,
    refund_pending: o.refund_pending,
    last_attempt_failed: lastAttemptFailed,
    payment,
    tip: o.bill.tip ?? 0,
    scheduled_for: o.scheduled_for ?? null,
  };
}

type Kind = 'paid' | 'refund' | 'refunded' | 'cancelled' | 'pending' | 'approve' | 'failed';

function kindOf(o: Shown): Kind {
  const dead = o.status === 'cancelled' || o.status === 'rejected';
  if (o.payment_status === 'refunded') return 'refunded';
  if (o.refund_pending || (o.payment_status === 'paid' && dead)) return 'refund';
  if (o.payment_status === 'paid') return 'paid';
  if (dead) return 'cancelled';
  if (awaitingApproval(o.payment)) return 'approve';
  return o.last_attempt_failed ? 'failed' : 'pending';
}

const TITLES: Record<Kind, string> = {
  paid: 'Order placed!',
  refund: 'Order cancelled',
  refunded: 'Order cancelled',
  cancelled: 'Order cancelled',
  pending: 'Waiting for your payment',
  approve: 'Approve the payment in your UPI app',
  failed: 'Payment failed',
};

/** The last saved copy, shown while the server is asked, only when it already says paid. */
function savedPaid(id: number): Shown | null {
  try {
    const saved = JSON.parse(sessionStorage.getItem(LAST_ORDER_KEY) ?? 'null') as CheckoutOrder | null;
    return saved && saved.id === id && saved.items && saved.payment_status === 'paid'
      ? fromCheckout(saved)
      : null;
  } catch {
    return null;
  }
}

type Load =
  { kind: 'loading' } | { kind: 'missing' } | { kind: 'error'; message: string } | { kind: 'ready' };

/**
 * The order as the server has it now, with whether its newest payment attempt was declined. When
 * this order is the outbox's, a payment result that never reached us is confirmed first.
 */
async function readOrder(id: number): Promise<{ order: Shown | null; load: Load }> {
  try {
    if (await attemptFor(id)) await resumeOutbox().catch(() => undefined);
    let details = await getOrder(id);
    if (details.order.payment_status === 'pending' && details.order.status === 'placed') {
      // Unpaid: the server asks the provider first (a UPI request approved while the app was closed).
      const checked = await checkPayment(id).catch(() => null);
      if (checked?.order) details = checked;
    }
    const o = details.order;
    let failed = false;
    if (o.payment_status === 'pending' && o.status === 'placed') {
      if (details.payment !== undefined) failed = details.payment?.status === 'failed';
      else {
        const page = await listPayments(20).catch(() => null);
        failed = page?.results.find((p) => p.order_id === o.id)?.status === 'failed';
      }
    }
    return { order: fromDetails(o, failed, details.payment ?? null), load: { kind: 'ready' } };
  } catch (err) {
    if (err instanceof ApiError && err.status === 404) return { order: null, load: { kind: 'missing' } };
    return { order: null, load: { kind: 'error', message: firstMessage(err, 'Could not load the order.') } };
  }
}

export function CheckoutSuccessPage() {
  const [params] = useSearchParams();
  const raw = params.get('order') ?? '';
  const id = /^\d{1,9}$/.test(raw) && Number(raw) > 0 ? Number(raw) : null;
  const loggedIn = useAppState((s) => s.loggedIn);
  const cartCount = useAppState((s) => s.cart_meta?.item_count ?? 0);

  const [order, setOrder] = useState<Shown | null>(() => (id === null ? null : savedPaid(id)));
  const [load, setLoad] = useState<Load>({ kind: 'loading' });
  const [paying, setPaying] = useState(false);
  const [note, setNote] = useState<string | null>(null);
  // This order's kept attempt (its Idempotency-Key), read again whenever the order is.
  const [attempt, setAttempt] = useState<OutboxEntry | null>(null);
  const fetchOrder = useCallback(async () => {
    if (id === null) return;
    const got = await readOrder(id);
    // A failed refresh keeps what the page already shows.
    if (got.order) setOrder(got.order);
    setLoad(got.load);
    setAttempt(await attemptFor(id));
  }, [id]);

  useEffect(() => {
    if (id === null || !loggedIn) return;
    let live = true;
    const load = () =>
      void readOrder(id).then(async (got) => {
        const kept = await attemptFor(id);
        if (!live) return;
        if (got.order) setOrder(got.order);
        setLoad(got.load);
        setAttempt(kept);
      });
    load();
    // Back online after a payment whose answer was lost: confirm it and show the outcome.
    window.addEventListener('online', load);
    return () => {
      live = false;
      window.removeEventListener('online', load);
    };
  }, [id, loggedIn]);

  const kind = order ? kindOf(order) : null;
  useEffect(() => {
    document.title = `${kind ? TITLES[kind] : 'Your order'} | ${BRAND}`;
  }, [kind]);

  // An unpaid order may still be paid by a callback the sweep recovers: keep asking for a while.
  const waiting = kind === 'pending' || kind === 'failed' || kind === 'approve';
  const pollMs = kind === 'approve' ? UPI_POLL_MS : POLL_MS;
  useVisiblePoll(waiting && !paying, pollMs, fetchOrder, POLL_FOR_MS);

  useEffect(() => {
    if (kind === 'paid') void refreshCart().catch(() => undefined);
  }, [kind]);

  /** Reopens the provider's window for this same order (createorder with the same Idempotency-Key). */
  const payAgain = async () => {
    if (!order || !attempt) return;
    setPaying(true);
    setNote(null);
    try {
      const { outcome } = await payOrder(
        attempt,
        order.restaurant_name,
        (m) => setNote(`Payment failed: ${m}`),
        { renew: false },
      );
      if (outcome.kind === 'not-payable' || outcome.kind === 'pending') {
        // Pending: a UPI request waits in the customer's UPI app; the page shows it and follows it.
        await fetchOrder();
        return;
      }
      if (outcome.kind === 'paid') {
        setOrder(fromCheckout(outcome.order));
        return;
      }
      setNote(
        outcome.kind === 'dismissed'
          ? 'The payment window was closed. You have not been charged.'
          : outcome.message,
      );
      await fetchOrder();
    } catch (err) {
      setNote(firstMessage(err));
    } finally {
      setPaying(false);
    }
  };

  if (id === null) {
    return (
      <Frame badge="?" tone="muted" title="No order to show">
        <p className="co-muted">
          This page shows an order after you pay for it. Orders you placed are in your orders.
        </p>
        <Actions orders="primary" />
      </Frame>
    );
  }

  if (!order) {
    if (load.kind === 'missing' || load.kind === 'error') {
      return (
        <Frame
          badge="?"
          tone="muted"
          title={load.kind === 'missing' ? 'We could not find this order' : 'Could not load the order'}
        >
          <p
            className={load.kind === 'error' ? 'co-error' : 'co-muted'}
            role={load.kind === 'error' ? 'alert' : undefined}
          >
            {load.kind === 'error'
              ? load.message
              : 'It may belong to another account, or the link may be mistyped.'}
          </p>
          <Actions orders={load.kind === 'error' ? 'plain' : 'primary'}>
            {load.kind === 'error' && (
              <button type="button" className="button button--primary" onClick={() => void fetchOrder()}>
                Try again
              </button>
            )}
          </Actions>
        </Frame>
      );
    }
    return (
      <main className="page co-success" id="main">
        <div className="skeleton co-success__skeleton" role="status" aria-label="Loading order" />
      </main>
    );
  }

  const k = kindOf(order);
  const amount = formatRupees(order.to_pay);
  const upi = order.payment?.method === 'upi';
  const refundTo = upi ? 'the bank account of the UPI ID you paid with' : 'the card you paid with';
  // "Paid ₹598 by UPI · pr***@okhdfc." (a card payment reads as before: the card is not named).
  const paidWith = upi && order.payment ? ` by ${paymentMethodLabel('upi', order.payment.vpa)}` : '';
  return (
    <Frame
      badge={k === 'paid' ? '✓' : k === 'pending' || k === 'approve' ? '…' : '!'}
      tone={
        k === 'paid' ? 'ok' : k === 'pending' || k === 'approve' ? 'wait' : k === 'failed' ? 'bad' : 'muted'
      }
      title={TITLES[k]}
    >
      <p className="co-success__number">
        Order number <strong data-testid="order-number">{order.order_number}</strong>
      </p>
      <p className="co-success__status" data-testid="order-state">
        {k === 'paid' && `Paid ${amount}${paidWith}. ${order.restaurant_name} has your order.`}
        {k === 'approve' && order.payment && (
          <UpiWaiting amount={amount} vpa={order.payment.vpa} expiresAt={order.payment.expires_at} />
        )}
        {k === 'pending' &&
          attempt?.provider &&
          `You paid and the payment service has your payment, but we could not confirm it yet (the connection dropped). We confirm it as soon as you are back online; you will not be charged twice.`}
        {k === 'pending' &&
          !attempt?.provider &&
          `This order is saved but not paid yet. If you paid and the payment window closed before it finished, we check with the payment service within a few minutes and this page updates by itself.`}
        {k === 'failed' &&
          (upi
            ? `Your UPI request was declined or expired before it was approved. No money was taken; you can pay again.`
            : `Your last payment attempt was declined. No money was taken; you can try again.`)}
        {k === 'cancelled' && `This order was cancelled before it was paid. You have not been charged.`}
        {k === 'refund' && `Your payment of ${amount} is being refunded in full to ${refundTo}.`}
        {k === 'refunded' && `Your payment of ${amount} has been refunded in full to ${refundTo}.`}
      </p>
      {order.scheduled_for && (k === 'paid' || k === 'pending' || k === 'failed') && (
        <p className="co-success__status" data-testid="order-schedule">
          Scheduled for {scheduleLabel(order.scheduled_for)}
        </p>
      )}
      {note && k !== 'failed' && (
        <p className="co-error" role="alert">
          {note}
        </p>
      )}
      <section className="co-card co-success__summary" aria-labelledby="co-success-summary">
        <h2 id="co-success-summary" className="co-section__title">
          {order.restaurant_name}
        </h2>
        <OrderLines items={order.items} className="co-success__items" />
        <p className="co-success__paid">
          <span>
            {k === 'paid'
              ? 'Paid'
              : k === 'refund' || k === 'refunded'
                ? 'Refund'
                : k === 'cancelled'
                  ? 'Order total'
                  : 'To pay'}
          </span>{' '}
          <strong>{amount}</strong>
        </p>
        {order.tip > 0 && (
          <p className="co-muted">
            Includes a {formatRupees(order.tip)} tip, all of it for your delivery partner.
          </p>
        )}
        {order.address && <p className="co-muted">Delivering to {order.address}</p>}
      </section>
      <Actions orders={k === 'paid' ? null : 'plain'}>
        {k === 'paid' && (
          <Link to={`/tracking/${order.id}`} className="button button--primary">
            Track your order
          </Link>
        )}
        {k === 'approve' && (
          <button type="button" className="button button--primary" onClick={() => void fetchOrder()}>
            Check again
          </button>
        )}
        {(k === 'pending' || k === 'failed') &&
          (attempt?.provider ? (
            <button type="button" className="button button--primary" onClick={() => void fetchOrder()}>
              Check again
            </button>
          ) : attempt ? (
            <button
              type="button"
              className="button button--primary"
              disabled={paying}
              onClick={() => void payAgain()}
            >
              {paying ? 'Opening payment…' : k === 'failed' ? `Try again: pay ${amount}` : `Pay ${amount}`}
            </button>
          ) : (
            <Link to="/checkout" className="button button--primary">
              Pay from checkout
            </Link>
          ))}
        {k === 'cancelled' && cartCount > 0 && (
          <Link to="/checkout" className="button button--primary">
            Back to checkout
          </Link>
        )}
      </Actions>
    </Frame>
  );
}

function Frame({
  badge,
  tone,
  title,
  children,
}: {
  badge: string;
  tone: 'ok' | 'wait' | 'bad' | 'muted';
  title: string;
  children: ReactNode;
}) {
  return (
    <main className="page co-success" id="main">
      <div className={`co-success__badge co-success__badge--${tone}`} aria-hidden="true">
        {badge}
      </div>
      <h1 className="co-success__title">{title}</h1>
      {children}
    </main>
  );
}

/** The page's buttons, then "Your orders" (when asked for) and "Back to restaurants", last on every outcome. */
function Actions({ orders, children }: { orders: 'primary' | 'plain' | null; children?: ReactNode }) {
  return (
    <div className="co-success__actions">
      {children}
      {orders && (
        <Link to="/myaccount/orders" className={orders === 'primary' ? 'button button--primary' : 'button'}>
          Your orders
        </Link>
      )}
      <Link to="/restaurants" className="button">
        Back to restaurants
      </Link>
    </div>
  );
}
