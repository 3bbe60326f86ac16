// POST: silence an order's alert on every screen of the restaurant.
import { api } from '../../../lib/http.ts';
import type { Acknowledged } from '../../../shared/api/order-alerts.ts';
import { orderAlertsPaths } from '../../../shared/api/paths.ts';

export function acknowledgeOrder(orderId: number): Promise<Acknowledged> {
  return api<Acknowledged>(orderAlertsPaths.acknowledge(orderId), { method: 'POST' });
}
