// Opening hours in Indian Standard Time (UTC+05:30, no daylight saving). A restaurant stores
// open_minute and close_minute as minutes after midnight IST. Accepted forms:
//   - same-day hours: 0 <= open < close <= 1440 (close 1440 = midnight)
//   - after-midnight closing: close > 1440 (e.g. 1080..1560 = 18:00 to 02:00 next day), or
//     close <= open with close < 1440 (e.g. 1080..120), read the same way
//   - open all day: close - open >= 1440, or open == close (e.g. 0..1440)
import { IST_OFFSET_MIN } from './india-time.ts';

const DAY = 1440;

export interface OpenState {
  is_open: boolean;
  /** Next opening instant when closed, else null. */
  next_open_at: Date | null;
  /** "Opens at 11:00 AM" / "Opens tomorrow at 11:00 AM" when closed, else null. */
  next_open_label: string | null;
  /** "11:00 AM – 11:00 PM" or "Open 24 hours". */
  hours_label: string;
}

/** Normalised [open, close) with open in 0..1439 and open < close <= open + 1440. */
export function normaliseHours(openMinute: number, closeMinute: number): { open: number; close: number } {
  const open = ((Math.floor(openMinute) % DAY) + DAY) % DAY;
  let close = Math.floor(closeMinute) - (Math.floor(openMinute) - open);
  if (close - open >= DAY || close === open) return { open, close: open + DAY };
  while (close <= open) close += DAY;
  if (close - open > DAY) close = open + DAY;
  return { open, close };
}

export function isOpenAllDay(openMinute: number, closeMinute: number): boolean {
  const { open, close } = normaliseHours(openMinute, closeMinute);
  return close - open >= DAY;
}

/** Minutes after midnight IST of an instant. */
export function istMinuteOfDay(now: Date): number {
  const m = Math.floor(now.getTime() / 60_000) + IST_OFFSET_MIN;
  return ((m % DAY) + DAY) % DAY;
}

/** "11:00 AM", "12:30 PM", "12:00 AM" for minutes after midnight (any day offset). */
export function formatMinute(minute: number): string {
  const m = ((minute % DAY) + DAY) % DAY;
  const h24 = Math.floor(m / 60);
  const mm = String(m % 60).padStart(2, '0');
  const h12 = h24 % 12 === 0 ? 12 : h24 % 12;
  return `${h12}:${mm} ${h24 < 12 ? 'AM' : 'PM'}`;
}

export function hoursLabel(openMinute: number, closeMinute: number): string {
  const { open, close } = normaliseHours(openMinute, closeMinute);
  if (close - open >= DAY) return 'Open 24 hours';
  return `${formatMinute(open)} – ${formatMinute(close)}`;
}

/** Fast check for a minute of the IST day (0..1439), without allocating. */
export function isOpenAtMinute(openMinute: number, closeMinute: number, minuteOfDay: number): boolean {
  const { open, close } = normaliseHours(openMinute, closeMinute);
  if (close - open >= DAY) return true;
  return (minuteOfDay >= open && minuteOfDay < close) || minuteOfDay + DAY < close;
}

/** Whether the restaurant is open at `now`, and when it opens next if not. */
export function openState(openMinute: number, closeMinute: number, now: Date = new Date()): OpenState {
  const { open, close } = normaliseHours(openMinute, closeMinute);
  const hours_label = hoursLabel(openMinute, closeMinute);
  if (close - open >= DAY) return { is_open: true, next_open_at: null, next_open_label: null, hours_label };
  const m = istMinuteOfDay(now);
  // Open today's window, or still inside yesterday's window that runs past midnight.
  const isOpen = (m >= open && m < close) || m + DAY < close;
  if (isOpen) return { is_open: true, next_open_at: null, next_open_label: null, hours_label };
  const today = m < open;
  const wait = today ? open - m : open + DAY - m;
  const startOfMinute = Math.floor(now.getTime() / 60_000) * 60_000;
  const next_open_at = new Date(startOfMinute + wait * 60_000);
  const next_open_label = `Opens ${today ? '' : 'tomorrow '}at ${formatMinute(open)}`;
  return { is_open: false, next_open_at, next_open_label, hours_label };
}
