// GET the signed-in customer's newest payment attempts, newest first.
import { api } from '../../../lib/http.ts';
import type { PaymentPage } from '../../../shared/api/orders.ts';
import { ordersPaths } from '../../../shared/api/paths.ts';

export function listPayments(limit: number): Promise<PaymentPage> {
  return api<PaymentPage>(`${ordersPaths.payments}?limit=${limit}`);
}
