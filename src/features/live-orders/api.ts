// The staff console's calls: the order lists (the refresh payload of docs/product.md#live-orders,
// the board's active orders, the history's filters) and status changes.
import { api } from '../../lib/http.ts';
import { LIVE_ORDERS_REFRESH } from '../../shared/constants.ts';
import { type OrderSummary, type RestaurantOrderPage, type StatusChange } from '../../shared/api/orders.ts';
import { ordersPaths } from '../../shared/api/paths.ts';
import type { OrderStatus } from '../../shared/order-status.ts';
import { todayAndTomorrow, type DayRange } from './dates.ts';

export type Mode = 'all' | OrderStatus;

export interface RefreshPayload {
  limit: number;
  offset: number;
  delivery_status: string;
  startDate: string;
  endDate: string;
}

/** The refresh action payload: {limit, offset, delivery_status ("all" becomes ""), startDate, endDate}. */
export function refreshPayload(
  mode: Mode,
  offset: number = LIVE_ORDERS_REFRESH.offset,
  range: DayRange = todayAndTomorrow(),
): RefreshPayload {
  return { limit: LIVE_ORDERS_REFRESH.limit, offset, delivery_status: mode === 'all' ? '' : mode, ...range };
}

/** Every order still in the kitchen's hands, whatever day it was placed: the board's one request. */
export const BOARD_QUERY = { limit: 100, offset: 0, delivery_status: 'active' } as const;

export type OrderListQuery = (RefreshPayload | typeof BOARD_QUERY) & { q?: string };

export function fetchRestaurantOrders(p: OrderListQuery, signal?: AbortSignal): Promise<RestaurantOrderPage> {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(p)) if (v !== undefined && v !== '') q.set(k, String(v));
  if (!q.has('delivery_status')) q.set('delivery_status', '');
  return api<RestaurantOrderPage>(`${ordersPaths.restaurantList}?${q.toString()}`, signal ? { signal } : {});
}

export async function changeOrderStatus(id: number, change: StatusChange): Promise<OrderSummary> {
  const res = await api<{ order: OrderSummary }>(ordersPaths.restaurantStatus(id), {
    method: 'POST',
    body: change,
  });
  return res.order;
}
