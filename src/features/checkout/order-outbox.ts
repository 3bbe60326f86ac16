// The order outbox: the one order on its way from "Pay" to settled, kept in IndexedDB so a dropped
// connection, a reload or a crash never starts it over. Its Idempotency-Key is saved before createorder
// is sent (a lost answer is answered again with the same order, never a second one), the order id when
// the server has answered, and the payment service's result before it is confirmed with our server (a
// lost confirmation is sent again, so money taken is never asked for twice). The entry goes once the
// server says the order is paid, cancelled or refunded. Saved with the signed-in user's id: another
// person on this device never sees it.
import type { CheckoutOrder, OrderInstructions } from '../../shared/api/checkout.ts';
import type { OrderDetails, OrderPayment } from '../../shared/api/orders.ts';
import { tokenSubject } from '../../lib/auth-token.ts';
import { ApiError } from '../../lib/http.ts';
import { IDB_KEYS, idb } from '../../lib/idb.ts';
import { appState } from '../../lib/app-state.ts';
import { newOpId } from '../cart/index.tsx';
import { checkPayment } from './api/check-payment.ts';
import { confirmPayment } from './api/confirm-payment.ts';

export const OUTBOX_KEY = IDB_KEYS.orderOutbox;
/** The paid order as the payment call answered it (sessionStorage), shown while the order page loads. */
export const LAST_ORDER_KEY = 'checkout:last-order';

/** What the payment service handed back after the customer paid (Razorpay Checkout's handler). */
export interface ProviderResult {
  razorpay_payment_id: string;
  razorpay_order_id: string;
  razorpay_signature: string;
}

export interface OutboxEntry {
  /** The signed-in user's id (the access token's subject). */
  owner: string;
  /** The Idempotency-Key of createorder: the same key always answers the same order. */
  key: string;
  /** The cart, coupon and address this key was made for; another cart gets another key. */
  signature: string;
  addressId: number;
  /** The cooking and delivery instructions sent with it (absent in entries older than them). */
  instructions?: OrderInstructions;
  /** The rider's tip (paise) and the delivery slot (ISO) sent with it; absent: none, and now. */
  tip?: number;
  scheduledFor?: string;
  /** Null until createorder has answered. */
  orderId: number | null;
  /** Set between the payment service's answer and our server's confirmation. */
  provider: ProviderResult | null;
  updatedAt: number;
}

const owner = (): string | null => tokenSubject(appState.get().access);

/** What else an attempt carries: the rider's tip and the delivery slot (part of its signature too). */
export interface AttemptExtras {
  tip?: number | undefined;
  scheduledFor?: string | undefined;
}

/** The signed-in customer's unsettled order attempt, if any. */
export async function readOutbox(): Promise<OutboxEntry | null> {
  const entry = await idb.get<OutboxEntry>(OUTBOX_KEY);
  const me = owner();
  return entry && me && entry.owner === me && typeof entry.key === 'string' ? entry : null;
}

/** The kept attempt for one order (to reopen its payment window with the same key). */
export async function attemptFor(orderId: number): Promise<OutboxEntry | null> {
  const entry = await readOutbox();
  return entry?.orderId === orderId ? entry : null;
}

/**
 * The attempt "Pay" sends: the kept one when it was made for this very cart (its order, created or
 * not, is answered again) or still holds an unconfirmed payment, else a new key. Saved before
 * anything goes out.
 */
export async function beginAttempt(
  signature: string,
  addressId: number,
  instructions?: OrderInstructions,
  extras: AttemptExtras = {},
): Promise<OutboxEntry> {
  const me = owner();
  if (!me) throw new ApiError(401, 'Log in to place your order.', 'not_authenticated');
  const next = await idb.update<OutboxEntry | undefined>(OUTBOX_KEY, (old) =>
    // A payment result not yet confirmed is never dropped: the caller resumes it first.
    old && old.owner === me && (old.provider || old.signature === signature)
      ? old
      : freshEntry(me, signature, addressId, instructions, extras),
  );
  return next!;
}

/** A new key for the same cart: the kept order was cancelled or superseded. */
export async function replaceAttempt(entry: OutboxEntry): Promise<OutboxEntry> {
  const next = freshEntry(entry.owner, entry.signature, entry.addressId, entry.instructions, {
    ...(entry.tip ? { tip: entry.tip } : {}),
    ...(entry.scheduledFor ? { scheduledFor: entry.scheduledFor } : {}),
  });
  await idb.set(OUTBOX_KEY, next);
  return next;
}

function freshEntry(
  me: string,
  signature: string,
  addressId: number,
  instructions: OrderInstructions | undefined,
  extras: AttemptExtras,
): OutboxEntry {
  return {
    owner: me,
    key: `pay-${newOpId()}`,
    signature,
    addressId,
    ...(instructions ? { instructions } : {}),
    ...(extras.tip ? { tip: extras.tip } : {}),
    ...(extras.scheduledFor ? { scheduledFor: extras.scheduledFor } : {}),
    orderId: null,
    provider: null,
    updatedAt: Date.now(),
  };
}

/** Writes a change to the entry with this key (no-op when it was settled or replaced meanwhile). */
async function patch(key: string, change: Partial<OutboxEntry>): Promise<void> {
  await idb.update<OutboxEntry | undefined>(OUTBOX_KEY, (old) =>
    old && old.key === key ? { ...old, ...change, updatedAt: Date.now() } : old,
  );
}

export const markCreated = (entry: OutboxEntry, orderId: number): Promise<void> =>
  patch(entry.key, { orderId });

/** Saved before the confirmation goes to our server: if its answer is lost, it is sent again. */
export const markProviderResult = (entry: OutboxEntry, provider: ProviderResult): Promise<void> =>
  patch(entry.key, { provider });

/** The provider result was refused for good (declined, not captured): the order can be paid again. */
export const clearProviderResult = (entry: OutboxEntry): Promise<void> =>
  patch(entry.key, { provider: null });

/** The order is settled (paid, cancelled, refunded): nothing left to resume. */
export async function settle(orderId: number): Promise<void> {
  await idb.update<OutboxEntry | undefined>(OUTBOX_KEY, (old) =>
    old && old.orderId === orderId ? undefined : old,
  );
}

/** Keeps the paid order for the order page's first paint (it still asks the server). */
export function rememberPaidOrder(order: CheckoutOrder): void {
  try {
    sessionStorage.setItem(LAST_ORDER_KEY, JSON.stringify(order));
  } catch {
    // Storage blocked: the order page shows its loading frame until the server answers.
  }
}

/** What the server says about the kept order, after sending a lost confirmation again. */
export type Resumed =
  | { kind: 'none' }
  /** Pay was pressed but no order id came back: Pay again sends the same key. */
  | { kind: 'unsent'; entry: OutboxEntry }
  /** Paid, or cancelled/refunded: the order page shows which; the entry is gone. */
  | { kind: 'settled'; orderId: number; paid: boolean }
  /**
   * Saved, not paid: it can be paid (the same order's window reopens). `payment` is how it is being
   * paid: status `pending` is a UPI request waiting for the customer's approval in their UPI app.
   */
  | { kind: 'awaiting'; entry: OutboxEntry; order: OrderDetails['order']; payment: OrderPayment | null }
  /** The payment service took the payment but our server could not be reached to confirm it. */
  | { kind: 'unconfirmed'; entry: OutboxEntry; orderId: number }
  /** The confirmation was refused (the server's verdict): the order is unpaid and can be paid again. */
  | { kind: 'refused'; entry: OutboxEntry; orderId: number; message: string };

/** A UPI request (or another payment) waiting for the customer's approval, not yet lapsed. */
export const awaitingApproval = (p: OrderPayment | null | undefined): p is OrderPayment =>
  p?.status === 'pending' && (p.expires_at === null || Date.parse(p.expires_at) > Date.now());

const lostAnswer = (err: unknown) => !(err instanceof ApiError) || err.offline || err.status >= 500;

/**
 * Asks the server for the kept order's state and resumes it: a payment result that never reached our
 * server is confirmed now; a settled order leaves the outbox. Offline or on a server error the entry
 * stays and the answer is 'unconfirmed' (with a provider result) or the kept state.
 */
export async function resumeOutbox(): Promise<Resumed> {
  const entry = await readOutbox();
  if (!entry) return { kind: 'none' };
  if (entry.orderId === null) return { kind: 'unsent', entry };
  const orderId = entry.orderId;
  if (entry.provider) {
    try {
      await confirmPayment({ ...entry.provider, order_id: orderId });
      await settle(orderId);
      return { kind: 'settled', orderId, paid: true };
    } catch (err) {
      if (lostAnswer(err)) return { kind: 'unconfirmed', entry, orderId };
      await clearProviderResult(entry);
      return {
        kind: 'refused',
        entry: { ...entry, provider: null },
        orderId,
        message: (err as ApiError).message,
      };
    }
  }
  try {
    const { order, payment } = await checkPayment(orderId);
    if (order.payment_status !== 'pending' || order.status !== 'placed') {
      await settle(orderId);
      const dead = order.status === 'cancelled' || order.status === 'rejected';
      return { kind: 'settled', orderId, paid: order.payment_status === 'paid' && !dead };
    }
    return { kind: 'awaiting', entry, order, payment: payment ?? null };
  } catch (err) {
    if (err instanceof ApiError && err.status === 404) {
      // Not this account's order (or gone): nothing to resume.
      await settle(orderId);
      return { kind: 'none' };
    }
    throw err;
  }
}
