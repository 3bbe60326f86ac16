// Words the console uses for the kitchen state, in Indian time, the way staff say it: whether customers
// can order now (the console bar, with its first screen) and when a control ends. The controls
// panel's own words (how long a pause or an "out of stock" lasts) are control-labels.ts.
import { formatDateTime, formatTime, istDay } from '../../shared/india-time.ts';
import type { KitchenState } from '../../shared/api/kitchen.ts';

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
