// GET one of the signed-in customer's orders by id, with its newest payment attempt.
import { api } from '../../../lib/http.ts';
import type { OrderDetails } from '../../../shared/api/orders.ts';
import { ordersPaths } from '../../../shared/api/paths.ts';

export function getOrder(id: number): Promise<OrderDetails> {
  return api<OrderDetails>(ordersPaths.detailsById(id));
}
