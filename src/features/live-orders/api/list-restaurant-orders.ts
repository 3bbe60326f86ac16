// GET a page of the restaurant's orders for a query (empty values left out; no status means all).
import { api } from '../../../lib/http.ts';
import type { RestaurantOrderPage } from '../../../shared/api/orders.ts';
import { ordersPaths } from '../../../shared/api/paths.ts';
import type { OrderListQuery } from '../order-list-query.ts';

export function listRestaurantOrders(p: OrderListQuery, signal?: AbortSignal): Promise<RestaurantOrderPage> {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(p)) if (v !== undefined && v !== '') q.set(k, String(v));
  if (!q.has('delivery_status')) q.set('delivery_status', '');
  return api<RestaurantOrderPage>(`${ordersPaths.restaurantList}?${q.toString()}`, signal ? { signal } : {});
}
