// The payment step: create (or reopen) the order, load the provider's checkout script, open it, and
// confirm the result with the server. The script has Razorpay Checkout's client interface whichever
// provider serves it (the local sandbox or Razorpay). What is kept on the device between these steps
// (the Idempotency-Key, the order, the provider's result) is the order outbox's (order-outbox.ts).
import type { CheckoutOrder, CreateOrderResponse } from '../../shared/api/checkout.ts';
import { ApiError } from '../../lib/http.ts';
import { checkPayment } from './api/check-payment.ts';
import { confirmPayment } from './api/confirm-payment.ts';
import { createOrder } from './api/create-order.ts';
import { getPaymentProvider } from './api/get-payment-provider.ts';
import {
  awaitingApproval,
  clearProviderResult,
  markCreated,
  markProviderResult,
  rememberPaidOrder,
  replaceAttempt,
  settle,
  type OutboxEntry,
  type ProviderResult,
} from './order-outbox.ts';

type RazorpayResponse = ProviderResult;

interface RazorpayOptions {
  key: string;
  amount: number;
  currency: string;
  name: string;
  description: string;
  order_id: string;
  prefill: { name: string; email: string; contact: string };
  theme: { color: string };
  handler: (r: RazorpayResponse) => void;
  modal: { ondismiss: () => void };
}

interface RazorpayInstance {
  open(): void;
  on(event: 'payment.failed', cb: (r: { error?: { description?: string } }) => void): void;
}

declare global {
  interface Window {
    Razorpay?: new (options: RazorpayOptions) => RazorpayInstance;
  }
}

const SCRIPT_TIMEOUT_MS = 15_000;

export function loadCheckoutScript(url: string): Promise<void> {
  if (window.Razorpay) return Promise.resolve();
  return new Promise((resolve, reject) => {
    const script = document.createElement('script');
    script.src = url;
    script.async = true;
    const timer = setTimeout(
      () => reject(new Error('The payment window took too long to load.')),
      SCRIPT_TIMEOUT_MS,
    );
    script.onload = () => {
      clearTimeout(timer);
      if (window.Razorpay) resolve();
      else reject(new Error('The payment window could not start.'));
    };
    script.onerror = () => {
      clearTimeout(timer);
      script.remove();
      reject(new Error('The payment window could not be loaded. Check your connection and try again.'));
    };
    document.head.appendChild(script);
  });
}

/**
 * paid: confirmed; dismissed: closed without paying; failed: the card was declined (nothing taken);
 * unconfirmed: the provider may have taken the money but we could not confirm it yet; pending: the
 * window was closed while a payment is under way (a UPI request waiting for approval in the
 * customer's UPI app) or the order was paid meanwhile: the order page shows which, and follows it.
 */
export type PayOutcome =
  | { kind: 'paid'; order: CheckoutOrder }
  | { kind: 'dismissed' }
  | { kind: 'failed'; message: string }
  | { kind: 'unconfirmed'; message: string }
  | { kind: 'pending' };

/**
 * Whether an order whose payment window was closed still has a payment under way (a UPI request
 * waiting in the customer's UPI app) or was paid meanwhile: asked of our server, which asks the
 * provider. Unknown (offline, an error) counts as no.
 */
export async function paymentUnderWay(orderId: number): Promise<boolean> {
  try {
    const { order, payment } = await checkPayment(orderId);
    return order.payment_status === 'paid' || awaitingApproval(payment);
  } catch {
    return false;
  }
}

/** Opens the provider's window for an order; resolves when the customer paid, closed it, or it failed. */
export async function openPayment(
  order: CreateOrderResponse,
  storeName: string,
  onFailedAttempt: (message: string) => void,
  /** Awaited before the result goes to our server (the order outbox keeps it). */
  onProviderResult: (r: ProviderResult) => Promise<void> = () => Promise.resolve(),
): Promise<PayOutcome> {
  const { script_url } = await getPaymentProvider();
  await loadCheckoutScript(script_url);
  const Razorpay = window.Razorpay!;
  return new Promise<PayOutcome>((resolve) => {
    let lastFailure: string | null = null;
    const rzp = new Razorpay({
      key: order.key,
      amount: order.amount,
      currency: order.currency,
      name: storeName,
      description: `Order ${order.order.order_number}`,
      order_id: order.provider_order_id,
      prefill: order.prefill,
      theme: { color: '#fed501' },
      handler: (r) => {
        onProviderResult(r)
          .catch(() => undefined)
          .then(() => confirmPayment({ ...r, order_id: order.order.id }))
          .then((res) => resolve({ kind: 'paid', order: res.order }))
          .catch((err: unknown) => {
            // A lost answer (network, provider slow to answer us): the money may have been taken.
            if (!(err instanceof ApiError) || err.offline || err.status >= 500) {
              resolve({
                kind: 'unconfirmed',
                message:
                  'We could not confirm your payment yet. If money was taken, we confirm it with the payment service within a few minutes and your order goes through; you will not be charged twice.',
              });
            } else {
              // The server's own verdict says what happened to the money (declined, refunded, ...).
              resolve({ kind: 'failed', message: err.message });
            }
          });
      },
      modal: {
        // Closing the window does not withdraw a UPI request already sent: the server is asked first.
        ondismiss: () =>
          void paymentUnderWay(order.order.id).then((underWay) =>
            resolve(
              underWay
                ? { kind: 'pending' }
                : lastFailure
                  ? { kind: 'failed', message: lastFailure }
                  : { kind: 'dismissed' },
            ),
          ),
      },
    });
    rzp.on('payment.failed', (r) => {
      lastFailure = r.error?.description ?? 'The payment failed.';
      onFailedAttempt(lastFailure);
    });
    rzp.open();
  });
}

/** What "Pay" came to: a payment outcome, or (renew off) the kept order is no longer payable. */
export type PayOrderResult =
  { outcome: PayOutcome; order: CheckoutOrder } | { outcome: { kind: 'not-payable' }; order: CheckoutOrder };

/**
 * Pays for the outbox's attempt: createorder with its key (after a lost answer, the same order
 * again), then the payment window, the outbox keeping each step. A paid order leaves the outbox. When
 * the kept order was cancelled meanwhile, `renew` starts a fresh one for the same cart (checkout);
 * without it the caller shows the order as it is (the order page).
 */
export async function payOrder(
  entry: OutboxEntry,
  storeName: string,
  onFailedAttempt: (message: string) => void,
  { renew }: { renew: boolean },
): Promise<PayOrderResult> {
  const body = (e: OutboxEntry) => ({
    address_id: e.addressId,
    ...(e.instructions ? { instructions: e.instructions } : {}),
    ...(e.tip ? { tip: e.tip } : {}),
    ...(e.scheduledFor ? { scheduled_for: e.scheduledFor } : {}),
  });
  let res = await createOrder(body(entry), entry.key);
  await markCreated(entry, res.order.id);
  if (res.order.payment_status === 'paid') {
    await settle(res.order.id);
    rememberPaidOrder(res.order);
    return { outcome: { kind: 'paid', order: res.order }, order: res.order };
  }
  if (res.order.status !== 'placed') {
    await settle(res.order.id);
    if (!renew) return { outcome: { kind: 'not-payable' }, order: res.order };
    entry = await replaceAttempt(entry);
    res = await createOrder(body(entry), entry.key);
    await markCreated(entry, res.order.id);
  }
  const kept = entry;
  const outcome = await openPayment(res, storeName, onFailedAttempt, (r) => markProviderResult(kept, r));
  if (outcome.kind === 'paid') {
    await settle(res.order.id);
    rememberPaidOrder(outcome.order);
  } else if (outcome.kind === 'failed') {
    // Our server's verdict (or the card was declined): nothing to confirm later.
    await clearProviderResult(kept);
  }
  return { outcome, order: res.order };
}
