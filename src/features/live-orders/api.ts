// The staff's live-orders calls: the refresh payload of SPEC.md section 9 and status changes.
import { api } from '../../lib/http.ts';
import { LIVE_ORDERS_REFRESH } from '../../shared/constants.ts';
import { ordersApi, type OrderPage, type OrderSummary, type StatusChange } from '../../shared/api/orders.ts';
import type { OrderStatus } from '../../shared/order-status.ts';
import { todayAndTomorrow } from './dates.ts';

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
  now = new Date(),
): RefreshPayload {
  return {
    limit: LIVE_ORDERS_REFRESH.limit,
    offset,
    delivery_status: mode === 'all' ? '' : mode,
    ...todayAndTomorrow(now),
  };
}

export function fetchRestaurantOrders(p: RefreshPayload, signal?: AbortSignal): Promise<OrderPage> {
  const q = new URLSearchParams({
    limit: String(p.limit),
    offset: String(p.offset),
    delivery_status: p.delivery_status,
    startDate: p.startDate,
    endDate: p.endDate,
  });
  return api<OrderPage>(`${ordersApi.restaurantList}?${q.toString()}`, signal ? { signal } : {});
}

export async function changeOrderStatus(id: number, change: StatusChange): Promise<OrderSummary> {
  const res = await api<{ order: OrderSummary }>(ordersApi.restaurantStatus(id), {
    method: 'POST',
    body: change,
  });
  return res.order;
}
