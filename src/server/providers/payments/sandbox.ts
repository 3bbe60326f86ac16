// The local payment provider: no keys, no network. It keeps its own side of every order, payment and
// refund in sandbox_* tables (as Razorpay keeps its own), hands out Razorpay-shaped ids and signs
// payment results and webhooks with secrets kept in the database (so every API process and every
// restart agrees), exactly as Razorpay signs them; the server verifies both the same way.
import { randomBytes } from 'node:crypto';
import type { Queryable } from '../../db/index.ts';
import type { SandboxPaymentRecord } from '../../db/records.ts';
import { paymentSignature, verifyPaymentSignature, verifyWebhookSignature, hmacHex } from './signature.ts';
import { PaymentProviderError, type PaymentProvider, type ProviderPayment } from './types.ts';

export const SANDBOX_KEY_ID = 'rzp_test_sandbox';
export const SANDBOX_SCRIPT_URL = '/api/v1/payments/sandbox/checkout.js';

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** A Razorpay-looking id: prefix + 14 random base62 characters. */
export function providerId(prefix: 'order' | 'pay' | 'rfnd'): string {
  const bytes = randomBytes(14);
  let out = '';
  for (const b of bytes) out += ALPHABET[b % ALPHABET.length];
  return `${prefix}_${out}`;
}

export interface SandboxSecrets {
  keySecret: string;
  webhookSecret: string;
}

async function secret(db: Queryable, name: string): Promise<string> {
  await db.query(`insert into app_secrets (name, value) values ($1, $2) on conflict (name) do nothing`, [
    name,
    randomBytes(32).toString('hex'),
  ]);
  const [row] = await db.query<{ value: string }>(`select value from app_secrets where name = $1`, [name]);
  return row!.value;
}

export async function loadSandboxSecrets(db: Queryable): Promise<SandboxSecrets> {
  return {
    keySecret: await secret(db, 'sandbox_payment_key_secret'),
    webhookSecret: await secret(db, 'sandbox_payment_webhook_secret'),
  };
}

export interface SandboxPayment {
  /** Any amount and currency: tests use it to play a provider that captured a wrong amount. */
  order_id: string;
  amount: number;
  currency: string;
  status: 'authorized' | 'captured' | 'failed';
  method?: string;
}

export interface SandboxProvider extends PaymentProvider {
  /** Takes a payment for a sandbox order's own amount, as the card form does. */
  pay(providerOrderId: string, outcome: 'captured' | 'failed'): Promise<ProviderPayment>;
  /** Records a payment exactly as given (tests: double captures, wrong amounts). */
  recordPayment(payment: SandboxPayment): Promise<ProviderPayment>;
  /** Signs a successful sandbox payment as Razorpay Checkout would. */
  signPayment(orderId: string, paymentId: string): string;
  /** Signs a webhook body as Razorpay would (for the sandbox's own events and tests). */
  signWebhook(rawBody: string): string;
  /**
   * Starts a UPI collect request: a `created` payment that waits for the customer's approval in the
   * sandbox UPI app until it expires. An earlier request of the same order still waiting is withdrawn
   * (failed), so one order never has two requests the customer could both approve.
   */
  startCollect(providerOrderId: string, vpa: string, expirySeconds: number): Promise<ProviderPayment>;
  /** The collect requests waiting for this UPI ID (the sandbox UPI app's list), oldest first. */
  collectsFor(vpa: string): Promise<SandboxCollect[]>;
  /** The customer approves a waiting request: captured, or why not (expired, declined, order paid). */
  approveCollect(paymentId: string): Promise<ProviderPayment>;
  /** The customer declines a waiting request: failed, no money taken. */
  declineCollect(paymentId: string): Promise<ProviderPayment>;
  /** Razorpay's webhook body for one payment event, as the sandbox sends it. */
  paymentEvent(event: 'payment.captured' | 'payment.failed', payment: ProviderPayment): string;
}

export interface SandboxCollect {
  id: string;
  order_id: string;
  amount: number;
  currency: string;
  /** The provider order's receipt: our order number (what the UPI app names the request by). */
  receipt: string;
  expires_at: string;
}

type PaymentRow = SandboxPaymentRecord;

const COLUMNS = 'id, order_id, amount, currency, status, method, vpa, expires_at, error_reason, created_at';
const iso = (d: Date | string) => new Date(d).toISOString();

/** Why the UPI app cannot act on a request, in the customer's words. */
const COLLECT_REFUSALS: Record<string, string> = {
  expired: 'This payment request has expired. No money was taken.',
  declined: 'This payment request was declined. No money was taken.',
  superseded: 'This payment request was replaced by a newer one. No money was taken.',
  order_paid: 'This order has already been paid. No money was taken.',
};

export function sandboxProvider(db: Queryable, secrets: SandboxSecrets): SandboxProvider {
  const toPayment = (r: PaymentRow): ProviderPayment => ({
    id: r.id,
    order_id: r.order_id,
    amount: r.amount,
    currency: r.currency,
    status: r.status,
    method: r.method,
    ...(r.vpa ? { vpa: r.vpa } : {}),
    ...(r.status === 'created' && r.expires_at ? { expires_at: iso(r.expires_at) } : {}),
  });
  // A collect request nobody answered lapses, as the bank lapses it: before any read of the sandbox's
  // payments, so whoever asks (the checkout window, our reconciliation, the UPI app) sees it failed.
  const expireCollects = () =>
    db.query(
      `update sandbox_payments set status = 'failed', error_reason = 'expired'
        where status = 'created' and expires_at <= now()`,
    );
  const record = async (p: SandboxPayment): Promise<ProviderPayment> => {
    const [row] = await db.query<PaymentRow>(
      `insert into sandbox_payments (id, order_id, amount, currency, status, method)
       values ($1, $2, $3, $4, $5, $6) returning ${COLUMNS}`,
      [providerId('pay'), p.order_id, p.amount, p.currency, p.status, p.method ?? 'card'],
    );
    return toPayment(row!);
  };
  const find = async (paymentId: string): Promise<PaymentRow> => {
    await expireCollects();
    const [row] = await db.query<PaymentRow>(`select ${COLUMNS} from sandbox_payments where id = $1`, [
      paymentId,
    ]);
    if (!row) throw new PaymentProviderError(`The id provided does not exist: ${paymentId}`, 400);
    return row;
  };

  return {
    name: 'sandbox',
    keyId: SANDBOX_KEY_ID,
    scriptUrl: SANDBOX_SCRIPT_URL,
    async createOrder({ amount, currency, receipt }) {
      const id = providerId('order');
      await db.query('insert into sandbox_orders (id, amount, currency, receipt) values ($1, $2, $3, $4)', [
        id,
        amount,
        currency,
        receipt,
      ]);
      return { id, amount, currency };
    },
    verifyPaymentSignature: (orderId, paymentId, signature) =>
      verifyPaymentSignature(secrets.keySecret, orderId, paymentId, signature),
    verifyWebhookSignature: (raw, signature) => verifyWebhookSignature(secrets.webhookSecret, raw, signature),
    fetchPayment: async (paymentId) => toPayment(await find(paymentId)),
    async orderPayments(providerOrderId) {
      await expireCollects();
      const rows = await db.query<PaymentRow>(
        `select ${COLUMNS} from sandbox_payments where order_id = $1 order by created_at, id`,
        [providerOrderId],
      );
      return rows.map(toPayment);
    },
    async capture(paymentId, amount, currency) {
      const p = await find(paymentId);
      if (p.amount !== amount || p.currency !== currency) {
        throw new PaymentProviderError('Capture amount must be equal to the amount authorized', 400);
      }
      const [row] = await db.query<PaymentRow>(
        `update sandbox_payments set status = 'captured' where id = $1 and status in ('authorized', 'captured')
         returning ${COLUMNS}`,
        [paymentId],
      );
      if (!row) throw new PaymentProviderError(`This payment has already been ${p.status}`, 400);
      return toPayment(row);
    },
    async refund(paymentId, amount, idempotencyKey) {
      // The same key answers the first refund again, as Razorpay's X-Refund-Idempotency does.
      const earlier = async () => {
        const [known] = await db.query<{ id: string; amount: number; payment_id: string }>(
          'select id, amount, payment_id from sandbox_refunds where idempotency_key = $1',
          [idempotencyKey],
        );
        if (known && (known.payment_id !== paymentId || known.amount !== amount)) {
          throw new PaymentProviderError('Different request with the same idempotency key', 400);
        }
        return known && { id: known.id, amount: known.amount };
      };
      const known = await earlier();
      if (known) return known;
      const p = await find(paymentId);
      if (amount !== p.amount) throw new PaymentProviderError('Only full refunds are supported', 400);
      // One statement: a payment is marked refunded and its refund recorded together, once.
      const id = providerId('rfnd');
      const [made] = await db.query<{ id: string }>(
        `with p as (update sandbox_payments set status = 'refunded' where id = $2 and status = 'captured'
                    returning id)
         insert into sandbox_refunds (id, payment_id, amount, idempotency_key)
         select $1, p.id, $3, $4 from p returning id`,
        [id, paymentId, amount, idempotencyKey],
      );
      if (made) return { id, amount };
      const raced = await earlier();
      if (raced) return raced;
      throw new PaymentProviderError(`A ${p.status} payment cannot be refunded`, 400);
    },
    async pay(providerOrderId, outcome) {
      const [order] = await db.query<{ amount: number; currency: string }>(
        'select amount, currency from sandbox_orders where id = $1',
        [providerOrderId],
      );
      if (!order) throw new PaymentProviderError(`The id provided does not exist: ${providerOrderId}`, 400);
      return record({
        order_id: providerOrderId,
        amount: order.amount,
        currency: order.currency,
        status: outcome,
      });
    },
    recordPayment: record,
    async startCollect(providerOrderId, vpa, expirySeconds) {
      const [order] = await db.query<{ amount: number; currency: string; paid: boolean }>(
        `select amount, currency,
                exists (select 1 from sandbox_payments where order_id = o.id and status in ('captured', 'refunded'))
                  as paid
           from sandbox_orders o where id = $1`,
        [providerOrderId],
      );
      if (!order) throw new PaymentProviderError(`The id provided does not exist: ${providerOrderId}`, 400);
      if (order.paid) throw new PaymentProviderError(COLLECT_REFUSALS['order_paid']!, 400);
      await db.query(
        `update sandbox_payments set status = 'failed', error_reason = 'superseded'
          where order_id = $1 and status = 'created'`,
        [providerOrderId],
      );
      const [row] = await db.query<PaymentRow>(
        `insert into sandbox_payments (id, order_id, amount, currency, status, method, vpa, expires_at)
         values ($1, $2, $3, $4, 'created', 'upi', $5, now() + make_interval(secs => $6))
         returning ${COLUMNS}`,
        [providerId('pay'), providerOrderId, order.amount, order.currency, vpa, expirySeconds],
      );
      return toPayment(row!);
    },
    async collectsFor(vpa) {
      await expireCollects();
      const rows = await db.query<{
        id: string;
        order_id: string;
        amount: number;
        currency: string;
        receipt: string;
        expires_at: Date | string;
      }>(
        `select p.id, p.order_id, p.amount, p.currency, o.receipt, p.expires_at
           from sandbox_payments p join sandbox_orders o on o.id = p.order_id
          where p.vpa = $1 and p.status = 'created' order by p.created_at, p.id limit 20`,
        [vpa],
      );
      return rows.map((r) => ({ ...r, expires_at: iso(r.expires_at) }));
    },
    async approveCollect(paymentId) {
      // One statement: approved only while it waits, unexpired, and no payment of its order captured.
      const [row] = await db.query<PaymentRow>(
        `update sandbox_payments p set status = 'captured'
          where p.id = $1 and p.status = 'created' and p.expires_at > now()
            and not exists (select 1 from sandbox_payments q where q.order_id = p.order_id
                              and q.status in ('captured', 'refunded'))
          returning ${COLUMNS}`,
        [paymentId],
      );
      if (row) return toPayment(row);
      const p = await find(paymentId);
      if (p.method !== 'upi') throw new PaymentProviderError('This payment is not a UPI request', 400);
      if (p.status === 'captured' || p.status === 'refunded') {
        throw new PaymentProviderError('This payment request has already been approved.', 409);
      }
      if (p.status === 'created') {
        // Another payment of its order was captured meanwhile: the bank refuses this one.
        const [failed] = await db.query<PaymentRow>(
          `update sandbox_payments set status = 'failed', error_reason = 'order_paid'
            where id = $1 and status = 'created' returning ${COLUMNS}`,
          [paymentId],
        );
        if (failed) throw new PaymentProviderError(COLLECT_REFUSALS['order_paid']!, 409);
      }
      const again = await find(paymentId);
      throw new PaymentProviderError(
        COLLECT_REFUSALS[again.error_reason ?? ''] ?? 'This payment request can no longer be approved.',
        409,
      );
    },
    async declineCollect(paymentId) {
      const [row] = await db.query<PaymentRow>(
        `update sandbox_payments set status = 'failed', error_reason = 'declined'
          where id = $1 and status = 'created' and method = 'upi' returning ${COLUMNS}`,
        [paymentId],
      );
      if (row) return toPayment(row);
      const p = await find(paymentId);
      if (p.status === 'captured' || p.status === 'refunded') {
        throw new PaymentProviderError('This payment request has already been approved.', 409);
      }
      throw new PaymentProviderError(
        COLLECT_REFUSALS[p.error_reason ?? ''] ?? 'This payment request is no longer waiting.',
        409,
      );
    },
    paymentEvent(event, p) {
      // Razorpay's payment entity as its webhooks carry it (the fields we and Razorpay's docs name).
      const failed = p.status === 'failed';
      return JSON.stringify({
        entity: 'event',
        account_id: 'acc_sandbox',
        event,
        contains: ['payment'],
        payload: {
          payment: {
            entity: {
              id: p.id,
              entity: 'payment',
              amount: p.amount,
              currency: p.currency,
              status: p.status,
              order_id: p.order_id,
              method: p.method,
              captured: p.status === 'captured',
              vpa: p.vpa ?? null,
              ...(p.method === 'upi' ? { upi: { vpa: p.vpa ?? null } } : {}),
              error_code: failed ? 'BAD_REQUEST_ERROR' : null,
              error_description: failed ? 'The customer did not approve the UPI request.' : null,
              created_at: Math.floor(Date.now() / 1000),
            },
          },
        },
        created_at: Math.floor(Date.now() / 1000),
      });
    },
    signPayment: (orderId, paymentId) => paymentSignature(secrets.keySecret, orderId, paymentId),
    signWebhook: (raw) => hmacHex(secrets.webhookSecret, raw),
  };
}
