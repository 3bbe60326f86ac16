// POST the payment service's result for an order to our server, which verifies it: the paid order.
import { api } from '../../../lib/http.ts';
import type { PaymentSuccessBody, PaymentSuccessResponse } from '../../../shared/api/checkout.ts';
import { checkoutPaths } from '../../../shared/api/paths.ts';

export function confirmPayment(body: PaymentSuccessBody): Promise<PaymentSuccessResponse> {
  return api<PaymentSuccessResponse>(checkoutPaths.paymentSuccess, { method: 'POST', body });
}
