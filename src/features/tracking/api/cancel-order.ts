// POST: cancel the customer's own order while it is still placed.
import { api } from '../../../lib/http.ts';
import type { CancelOrderResponse } from '../../../shared/api/checkout.ts';
import { ordersPaths } from '../../../shared/api/paths.ts';

export function cancelOrder(orderId: number): Promise<CancelOrderResponse> {
  return api<CancelOrderResponse>(ordersPaths.cancel(orderId), { method: 'POST', body: {} });
}
