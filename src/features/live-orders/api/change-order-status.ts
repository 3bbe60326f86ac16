// POST a staff status change for an order (accept with a prep time, reject with a reason, ...): the order.
import { api } from '../../../lib/http.ts';
import type { OrderSummary, StatusChange } from '../../../shared/api/orders.ts';
import { ordersPaths } from '../../../shared/api/paths.ts';

export async function changeOrderStatus(id: number, change: StatusChange): Promise<OrderSummary> {
  const res = await api<{ order: OrderSummary }>(ordersPaths.restaurantStatus(id), {
    method: 'POST',
    body: change,
  });
  return res.order;
}
