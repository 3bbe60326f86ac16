// The payment step: create (or reopen) the order, load the provider's checkout script, open it, and
// confirm the result with the server. The script has Razorpay Checkout's client interface whichever
// provider serves it (the local sandbox or Razorpay).
import type {
  CheckoutOrder,
  CreateOrderResponse,
  PaymentSuccessResponse,
  ProviderKeyResponse,
} from '../../shared/api/checkout.ts';
import { api } from '../../lib/http.ts';
import { cartPaths } from '../cart/index.tsx';

interface RazorpayResponse {
  razorpay_payment_id: string;
  razorpay_order_id: string;
  razorpay_signature: string;
}

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

export type PayOutcome =
  { kind: 'paid'; order: CheckoutOrder } | { kind: 'dismissed' } | { kind: 'failed'; message: string };

export async function createOrder(
  body: { address_id: number },
  idempotencyKey: string,
): Promise<CreateOrderResponse> {
  return api<CreateOrderResponse>(cartPaths.CREATE_ORDER_PATH, {
    method: 'POST',
    body,
    headers: { 'Idempotency-Key': idempotencyKey },
  });
}

/** Opens the provider's window for an order; resolves when the customer paid, closed it, or it failed. */
export async function openPayment(
  order: CreateOrderResponse,
  storeName: string,
  onFailedAttempt: (message: string) => void,
): Promise<PayOutcome> {
  const { script_url } = await api<ProviderKeyResponse>(cartPaths.PROVIDER_KEY_PATH);
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
        api<PaymentSuccessResponse>(cartPaths.PAYMENT_SUCCESS_PATH, {
          method: 'POST',
          body: { ...r, order_id: order.order.id },
        })
          .then((res) => resolve({ kind: 'paid', order: res.order }))
          .catch((err: unknown) =>
            resolve({
              kind: 'failed',
              message: `We could not confirm your payment: ${(err as Error).message} If money was taken it will be refunded automatically.`,
            }),
          );
      },
      modal: {
        ondismiss: () =>
          resolve(lastFailure ? { kind: 'failed', message: lastFailure } : { kind: 'dismissed' }),
      },
    });
    rzp.on('payment.failed', (r) => {
      lastFailure = r.error?.description ?? 'The payment failed.';
      onFailedAttempt(lastFailure);
    });
    rzp.open();
  });
}
