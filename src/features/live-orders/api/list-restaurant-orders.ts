// GET a page of the restaurant's orders for a query (empty values left out; no status means all).
import { api } from '../../../lib/http.ts';
import type { RestaurantOrderPage } from '../../../shared/api/orders.ts';
import { ordersPaths } from '../../../shared/api/paths.ts';
import type { OrderListQuery } from '../order-list-query.ts';

/** The API path of a query's page: also the key of the answer a server-rendered console came with. */
export function restaurantOrdersPath(p: OrderListQuery): string {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(p)) if (v !== undefined && v !== '') q.set(k, String(v));
  if (!q.has('delivery_status')) q.set('delivery_status', '');
  return `${ordersPaths.restaurantList}?${q.toString()}`;
}

export function listRestaurantOrders(p: OrderListQuery, signal?: AbortSignal): Promise<RestaurantOrderPage> {
  return api<RestaurantOrderPage>(restaurantOrdersPath(p), signal ? { signal } : {});
}
