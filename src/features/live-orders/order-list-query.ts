// What the staff console asks the order list for: the refresh payload of docs/product.md#live-orders
// (the history's pages and filters) and the board's active orders.
import { LIVE_ORDERS_REFRESH } from '../../shared/constants.ts';
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
