// The local payment provider: no keys, no network. It hands out Razorpay-shaped order, payment and
// refund ids and signs payment results with a secret kept in the database (so every API process and
// every restart agrees), exactly as Razorpay signs them; the server verifies both the same way.
import { randomBytes } from 'node:crypto';
import type { Queryable } from '../../db/index.ts';
import { paymentSignature, verifyPaymentSignature, verifyWebhookSignature, hmacHex } from './signature.ts';
import type { PaymentProvider } from './types.ts';

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

export interface SandboxProvider extends PaymentProvider {
  /** Signs a successful sandbox payment as Razorpay Checkout would. */
  signPayment(orderId: string, paymentId: string): string;
  /** Signs a webhook body as Razorpay would (for the sandbox's own events and tests). */
  signWebhook(rawBody: string): string;
}

export function sandboxProvider(secrets: SandboxSecrets): SandboxProvider {
  return {
    name: 'sandbox',
    keyId: SANDBOX_KEY_ID,
    scriptUrl: SANDBOX_SCRIPT_URL,
    async createOrder({ amount, currency }) {
      return { id: providerId('order'), amount, currency };
    },
    verifyPaymentSignature: (orderId, paymentId, signature) =>
      verifyPaymentSignature(secrets.keySecret, orderId, paymentId, signature),
    verifyWebhookSignature: (raw, signature) => verifyWebhookSignature(secrets.webhookSecret, raw, signature),
    async refund(_paymentId, amount) {
      return { id: providerId('rfnd'), amount };
    },
    signPayment: (orderId, paymentId) => paymentSignature(secrets.keySecret, orderId, paymentId),
    signWebhook: (raw) => hmacHex(secrets.webhookSecret, raw),
  };
}
