// POST the cart as an order; with a known Idempotency-Key the server answers that same order (and its
// provider order) instead of a second one.
import { api } from '../../../lib/http.ts';
import type { CreateOrderResponse, OrderInstructions } from '../../../shared/api/checkout.ts';
import { checkoutPaths } from '../../../shared/api/paths.ts';

export function createOrder(
  body: { address_id: number; instructions?: OrderInstructions; tip?: number; scheduled_for?: string },
  idempotencyKey: string,
): Promise<CreateOrderResponse> {
  return api<CreateOrderResponse>(checkoutPaths.createOrder, {
    method: 'POST',
    body,
    headers: { 'Idempotency-Key': idempotencyKey },
  });
}
