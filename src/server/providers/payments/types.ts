// The payment provider interface: the local sandbox and the Razorpay adapter both implement it, and
// the orders module never knows which one it talks to. Shapes follow Razorpay's API entities.

export interface ProviderOrder {
  id: string;
  amount: number;
  currency: string;
}

/** A payment as the provider reports it (Razorpay's payment entity, the fields we use). */
export interface ProviderPayment {
  id: string;
  /** The provider order it was made against. */
  order_id: string;
  amount: number;
  currency: string;
  status: 'created' | 'authorized' | 'captured' | 'refunded' | 'failed';
  /** card, upi, netbanking, wallet, ... (Razorpay's `method`). */
  method: string;
  /** The customer's UPI ID, for a UPI payment (Razorpay's `vpa`, or `upi.vpa` in newer payloads). */
  vpa?: string;
  /** When a UPI collect request still waiting (`created`) lapses, when the provider says (ISO 8601). */
  expires_at?: string;
}

export interface ProviderRefund {
  id: string;
  amount: number;
}

export interface PaymentProvider {
  readonly name: 'sandbox' | 'razorpay';
  /** Public key the browser's checkout script receives. */
  readonly keyId: string;
  /** Where the browser loads the checkout script (Razorpay's client interface). */
  readonly scriptUrl: string;
  createOrder(input: {
    amount: number;
    currency: 'INR';
    receipt: string;
    notes?: Record<string, string>;
  }): Promise<ProviderOrder>;
  /** Constant-time check of HMAC-SHA256(`${orderId}|${paymentId}`, key secret). */
  verifyPaymentSignature(orderId: string, paymentId: string, signature: string): boolean;
  /** Constant-time check of HMAC-SHA256(raw body, webhook secret). */
  verifyWebhookSignature(rawBody: Buffer | string, signature: string): boolean;
  /** The provider's own record of a payment (amount, currency and state are checked against it). */
  fetchPayment(paymentId: string): Promise<ProviderPayment>;
  /** Every payment made against a provider order (reconciliation after a lost callback). */
  orderPayments(providerOrderId: string): Promise<ProviderPayment[]>;
  /** Captures an authorised payment for exactly this amount. */
  capture(paymentId: string, amount: number, currency: string): Promise<ProviderPayment>;
  /** Refunds a payment in full; the same idempotency key never refunds twice. */
  refund(
    paymentId: string,
    amount: number,
    idempotencyKey: string,
    notes?: Record<string, string>,
  ): Promise<ProviderRefund>;
}

export class PaymentProviderError extends Error {
  constructor(
    message: string,
    readonly status?: number,
  ) {
    super(message);
  }
}
