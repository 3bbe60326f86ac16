// Razorpay adapter: Orders API and refunds over HTTPS with basic auth (key id : key secret), at
// RAZORPAY_API_BASE, and Razorpay's documented signature checks.
import { toPayment } from './entities.ts';
import type { PaymentProvider, ProviderOrder, ProviderRefund } from './types.ts';
import { PaymentProviderError } from './types.ts';
import { verifyPaymentSignature, verifyWebhookSignature } from './signature.ts';

export interface RazorpayOptions {
  keyId: string;
  keySecret: string;
  webhookSecret: string;
  apiBase: string;
  /** Request time-out in ms. */
  timeoutMs?: number;
}

export const RAZORPAY_SCRIPT_URL = 'https://checkout.razorpay.com/v1/checkout.js';

export function razorpayProvider(opts: RazorpayOptions): PaymentProvider {
  const auth = `Basic ${Buffer.from(`${opts.keyId}:${opts.keySecret}`).toString('base64')}`;
  const base = opts.apiBase.replace(/\/+$/, '');

  async function call<T>(
    method: 'POST' | 'GET',
    path: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ): Promise<T> {
    let res: Response;
    try {
      res = await fetch(`${base}${path}`, {
        method,
        headers: {
          authorization: auth,
          'content-type': 'application/json',
          accept: 'application/json',
          ...headers,
        },
        body: body === undefined ? null : JSON.stringify(body),
        signal: AbortSignal.timeout(opts.timeoutMs ?? 10_000),
      });
    } catch (err) {
      throw new PaymentProviderError(`Razorpay unreachable: ${(err as Error).message}`);
    }
    const text = await res.text();
    let data: unknown;
    try {
      data = text ? JSON.parse(text) : {};
    } catch {
      throw new PaymentProviderError(`Razorpay answered ${res.status} with a non-JSON body`, res.status);
    }
    if (!res.ok) {
      const description =
        (data as { error?: { description?: string } }).error?.description ?? `HTTP ${res.status}`;
      throw new PaymentProviderError(`Razorpay: ${description}`, res.status);
    }
    return data as T;
  }

  return {
    name: 'razorpay',
    keyId: opts.keyId,
    scriptUrl: RAZORPAY_SCRIPT_URL,
    async createOrder({ amount, currency, receipt, notes }): Promise<ProviderOrder> {
      const order = await call<{ id?: unknown; amount?: unknown; currency?: unknown; entity?: unknown }>(
        'POST',
        '/v1/orders',
        { amount, currency, receipt, notes: notes ?? {} },
      );
      if (typeof order.id !== 'string' || order.entity !== 'order') {
        throw new PaymentProviderError('Razorpay returned an unexpected order body');
      }
      if (order.amount !== amount) throw new PaymentProviderError('Razorpay changed the order amount');
      return { id: order.id, amount, currency: String(order.currency ?? currency) };
    },
    verifyPaymentSignature: (orderId, paymentId, signature) =>
      verifyPaymentSignature(opts.keySecret, orderId, paymentId, signature),
    verifyWebhookSignature: (raw, signature) => verifyWebhookSignature(opts.webhookSecret, raw, signature),
    fetchPayment: async (paymentId) =>
      toPayment(await call('GET', `/v1/payments/${encodeURIComponent(paymentId)}`)),
    async orderPayments(providerOrderId) {
      const list = await call<{ items?: unknown }>(
        'GET',
        `/v1/orders/${encodeURIComponent(providerOrderId)}/payments`,
      );
      if (!Array.isArray(list.items)) throw new PaymentProviderError('Razorpay returned no payment list');
      return list.items.map(toPayment);
    },
    capture: async (paymentId, amount, currency) =>
      toPayment(
        await call('POST', `/v1/payments/${encodeURIComponent(paymentId)}/capture`, { amount, currency }),
      ),
    async refund(paymentId, amount, idempotencyKey, notes): Promise<ProviderRefund> {
      // X-Refund-Idempotency: a retry after a lost answer returns the first refund, never a second.
      const refund = await call<{ id?: unknown; amount?: unknown }>(
        'POST',
        `/v1/payments/${encodeURIComponent(paymentId)}/refund`,
        { amount, speed: 'normal', notes: notes ?? {} },
        { 'x-refund-idempotency': idempotencyKey },
      );
      if (typeof refund.id !== 'string') throw new PaymentProviderError('Razorpay returned no refund id');
      return { id: refund.id, amount: typeof refund.amount === 'number' ? refund.amount : amount };
    },
  };
}
