// The controls panel's words for how long a pause or an "out of stock" lasts, the way staff say it
// (loaded with the panel; the console bar's words are labels.ts).
import type { PauseDuration, StockDuration } from '../../shared/kitchen.ts';
import { whenLabel } from './labels.ts';

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

/** "Out until 11:59 pm" style text for an item's stock state. */
export function stockLabel(item: { in_stock: boolean; out_of_stock_until: string | null }, now = new Date()) {
  if (item.in_stock) return 'In stock';
  return item.out_of_stock_until
    ? `Out of stock until ${whenLabel(item.out_of_stock_until, now)}`
    : 'Out of stock until turned back on';
}
