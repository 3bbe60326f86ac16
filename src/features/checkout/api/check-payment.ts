// POST: the server asks the payment service about an unpaid order, then answers the order as it is now.
import { api } from '../../../lib/http.ts';
import type { OrderDetails } from '../../../shared/api/orders.ts';
import { ordersPaths } from '../../../shared/api/paths.ts';

export function checkPayment(orderId: number): Promise<OrderDetails> {
  return api<OrderDetails>(ordersPaths.checkPayment(orderId), { method: 'POST' });
}
