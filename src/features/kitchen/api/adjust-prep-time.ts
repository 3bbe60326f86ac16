// POST minutes to add to (or take from) an order's preparation time: the order as it now stands.
import { api } from '../../../lib/http.ts';
import type { OrderSummary } from '../../../shared/api/orders.ts';
import { kitchenPaths } from '../../../shared/api/paths.ts';

export async function adjustPrepTime(orderId: number, delta_min: number): Promise<OrderSummary> {
  const res = await api<{ order: OrderSummary }>(kitchenPaths.prepTime(orderId), {
    method: 'POST',
    body: { delta_min },
  });
  return res.order;
}
