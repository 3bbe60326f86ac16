// Razorpay's entities as they arrive in API answers and webhook bodies, checked field by field: a
// malformed body never counts as a payment. The sandbox speaks the same shapes.
import { isVpa, normaliseVpa } from '../../../shared/upi.ts';
import { PaymentProviderError, type ProviderPayment } from './types.ts';

const PAYMENT_STATUSES = new Set(['created', 'authorized', 'captured', 'refunded', 'failed']);
/** Provider ids are short ASCII tokens (pay_..., order_..., rfnd_...): anything else is refused. */
const isId = (v: unknown): v is string => typeof v === 'string' && /^[A-Za-z0-9_]{1,64}$/.test(v);

/** A payment entity (API answer or webhook payload.payment.entity). */
export function toPayment(raw: unknown): ProviderPayment {
  const p = (raw ?? {}) as Record<string, unknown>;
  if (
    p['entity'] !== 'payment' ||
    !isId(p['id']) ||
    !isId(p['order_id']) ||
    typeof p['amount'] !== 'number' ||
    !Number.isInteger(p['amount']) ||
    typeof p['currency'] !== 'string' ||
    !/^[A-Z]{3}$/.test(p['currency']) ||
    typeof p['status'] !== 'string' ||
    !PAYMENT_STATUSES.has(p['status'])
  ) {
    throw new PaymentProviderError('Unexpected payment entity');
  }
  const vpa = vpaOf(p);
  return {
    id: p['id'] as string,
    order_id: p['order_id'] as string,
    amount: p['amount'],
    currency: p['currency'] as string,
    status: p['status'] as ProviderPayment['status'],
    method: typeof p['method'] === 'string' ? p['method'] : 'card',
    ...(vpa ? { vpa } : {}),
  };
}

/** A UPI ID as a payment entity carries it (`vpa`, or `upi.vpa`); anything not shaped like one is left out. */
function vpaOf(p: Record<string, unknown>): string | undefined {
  const upi = p['upi'] as Record<string, unknown> | null | undefined;
  const raw = typeof p['vpa'] === 'string' ? p['vpa'] : typeof upi?.['vpa'] === 'string' ? upi['vpa'] : '';
  const vpa = normaliseVpa(raw as string);
  return isVpa(vpa) ? vpa : undefined;
}

/** A refund entity (webhook payload.refund.entity): the fields we use. */
export function toRefund(raw: unknown): { id: string; payment_id: string; amount: number } {
  const r = (raw ?? {}) as Record<string, unknown>;
  if (
    r['entity'] !== 'refund' ||
    !isId(r['id']) ||
    !isId(r['payment_id']) ||
    typeof r['amount'] !== 'number'
  ) {
    throw new PaymentProviderError('Unexpected refund entity');
  }
  return { id: r['id'] as string, payment_id: r['payment_id'] as string, amount: r['amount'] };
}
