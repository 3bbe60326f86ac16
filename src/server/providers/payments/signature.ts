// Razorpay's signatures: HMAC-SHA256 in lower-case hex, compared in constant time.
import { createHmac, timingSafeEqual } from 'node:crypto';

export function hmacHex(secret: string, data: Buffer | string): string {
  return createHmac('sha256', secret).update(data).digest('hex');
}

/** Signature Razorpay Checkout returns for a payment on an order. */
export function paymentSignature(secret: string, orderId: string, paymentId: string): string {
  return hmacHex(secret, `${orderId}|${paymentId}`);
}

export function safeEqualHex(expected: string, given: string): boolean {
  if (typeof given !== 'string' || !/^[0-9a-fA-F]+$/.test(given)) return false;
  const a = Buffer.from(expected, 'hex');
  const b = Buffer.from(given.toLowerCase(), 'hex');
  return a.length === b.length && timingSafeEqual(a, b);
}

export function verifyPaymentSignature(
  secret: string,
  orderId: string,
  paymentId: string,
  signature: string,
): boolean {
  return safeEqualHex(paymentSignature(secret, orderId, paymentId), signature);
}

export function verifyWebhookSignature(secret: string, rawBody: Buffer | string, signature: string): boolean {
  return safeEqualHex(hmacHex(secret, rawBody), signature);
}
