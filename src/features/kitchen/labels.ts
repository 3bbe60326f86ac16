// Words the console uses for the kitchen state: how long a pause or an "out of stock" lasts, in
// Indian time, the way staff say it.
import { formatDateTime, formatTime, istDay } from '../../shared/india-time.ts';
import type { PauseDuration, StockDuration } from '../../shared/kitchen.ts';
import type { KitchenState } from '../../shared/api/kitchen.ts';

export const PAUSE_LABELS: Record<string, string> = {
  '15': '15 minutes',
  '30': '30 minutes',
  '60': '1 hour',
  until_reopened: 'Until I reopen',
};

export const pauseLabel = (d: PauseDuration) => PAUSE_LABELS[String(d)] ?? String(d);

export const STOCK_LABELS: Record<StockDuration, string> = {
  end_of_day: 'Until the end of the day',
  '4h': 'For 4 hours',
  until_turned_on: 'Until I turn it back on',
};

/** "7:45 pm" today, "24 Nov 2026, 7:45 am" on another day (IST). */
export function whenLabel(iso: string, now = new Date()): string {
  return istDay(new Date(iso)) === istDay(now) ? formatTime(iso) : formatDateTime(iso);
}

/** One line on whether customers can order now, and why not. */
export function intakeLabel(s: KitchenState, now = new Date()): string {
  if (s.accepting_orders) return 'Taking new orders';
  if (s.pause?.until_reopened) return 'Paused until you reopen';
  if (s.pause?.until) return `Paused until ${whenLabel(s.pause.until, now)}`;
  if (s.unattended_pause) return `Paused: ${s.unattended_pause.reason}`;
  return 'Not taking new orders';
}

/** "Out until 11:59 pm" style text for an item's stock state. */
export function stockLabel(item: { in_stock: boolean; out_of_stock_until: string | null }, now = new Date()) {
  if (item.in_stock) return 'In stock';
  return item.out_of_stock_until
    ? `Out of stock until ${whenLabel(item.out_of_stock_until, now)}`
    : 'Out of stock until turned back on';
}
