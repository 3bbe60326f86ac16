// The payment provider interface: the local sandbox and the Razorpay adapter both implement it, and
// the checkout module never knows which one it talks to.

export interface ProviderOrder {
  id: string;
  amount: number;
  currency: string;
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
  refund(paymentId: string, amount: number, notes?: Record<string, string>): Promise<ProviderRefund>;
}

export class PaymentProviderError extends Error {
  constructor(
    message: string,
    readonly status?: number,
  ) {
    super(message);
  }
}
