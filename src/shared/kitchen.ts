// Kitchen controls (docs/kitchen-controls.md): when a restaurant takes orders, when an item counts as in
// stock, and how prep times move. Read by the server (which enforces them: discovery, checkout, the
// kitchen module) and by the staff console (which offers only these choices).
import { IST_OFFSET_MIN } from './india-time.ts';
import { normaliseHours } from './opening-hours.ts';
import { PREP_TIME_LIMITS } from './order-status.ts';

/** What customers read on a paused restaurant's card and menu, whatever paused it. */
export const NOT_ACCEPTING_NOTICE = 'Not accepting orders right now';
/** Why the server paused a restaurant by itself (staff console and control history only). */
export const UNATTENDED_REASON = 'no staff connected';
/** createorder's refusal code for a paused restaurant. */
export const RESTAURANT_PAUSED_CODE = 'restaurant_paused';

/** Busy mode: minutes added to every prep time (0 is off). */
export const BUSY_EXTRA_CHOICES = [0, 10, 20, 30] as const;
export type BusyExtra = (typeof BUSY_EXTRA_CHOICES)[number];

/** Pause new orders for this many minutes, or until staff reopen. */
export const PAUSE_MINUTES_CHOICES = [15, 30, 60] as const;
export const PAUSE_UNTIL_REOPENED = 'until_reopened';
export type PauseDuration = (typeof PAUSE_MINUTES_CHOICES)[number] | typeof PAUSE_UNTIL_REOPENED;

/** How long an item stays out of stock: the end of today (IST), 4 hours, or until turned back on. */
export const STOCK_DURATIONS = ['end_of_day', '4h', 'until_turned_on'] as const;
export type StockDuration = (typeof STOCK_DURATIONS)[number];

/** Prep time moves in steps of this many minutes after acceptance. */
export const PREP_STEP_MIN = 5;
/** The most one adjustment may move a prep time (a dozen taps on the console). */
export const PREP_ADJUST_MAX_MIN = 60;

/** No staff device for this long during opening hours pauses the restaurant (UNATTENDED_PAUSE_AFTER_S). */
export const UNATTENDED_AFTER_MS = 5 * 60_000;

const DAY_MS = 86_400_000;
const at = (d: Date | string | null): number | null => (d === null ? null : new Date(d).getTime());

/** The pause columns of a restaurant. */
export type PauseFields = {
  /** A timed pause by staff: paused while now is before it. */
  paused_until: Date | string | null;
  /** A pause by staff until they reopen. */
  paused_until_reopened: boolean;
  /** The server's own pause (no staff device connected), since when. */
  unattended_since: Date | string | null;
};

/** Whether a pause set by staff is in force at `now` (a timed one ends by itself). */
export function staffPauseActive(r: PauseFields, now: Date): boolean {
  if (r.paused_until_reopened) return true;
  const until = at(r.paused_until);
  return until !== null && until > now.getTime();
}

export function acceptingOrders(r: PauseFields, now: Date): boolean {
  return !staffPauseActive(r, now) && r.unattended_since === null;
}

/** The availability fields of a restaurant card and menu. */
export interface Availability {
  accepting_orders: boolean;
  /** NOT_ACCEPTING_NOTICE while paused, else null. */
  not_accepting_reason: string | null;
  /** The end of a timed pause (ISO 8601) while it is the only pause; else null. */
  paused_until: string | null;
}

export function availability(r: PauseFields, now: Date): Availability {
  if (acceptingOrders(r, now))
    return { accepting_orders: true, not_accepting_reason: null, paused_until: null };
  const timedOnly = !r.paused_until_reopened && r.unattended_since === null && r.paused_until !== null;
  return {
    accepting_orders: false,
    not_accepting_reason: NOT_ACCEPTING_NOTICE,
    paused_until: timedOnly ? new Date(r.paused_until!).toISOString() : null,
  };
}

/** An item is in stock unless marked out, or while a timed "out of stock" has not yet run out. */
export function effectiveInStock(
  item: { in_stock: boolean; out_of_stock_until: Date | string | null },
  now: Date,
): boolean {
  if (item.in_stock) return true;
  const until = at(item.out_of_stock_until);
  return until !== null && until <= now.getTime();
}

/** Midnight IST at the start of the IST day holding `now`. */
export function startOfIstDay(now: Date): Date {
  const offset = IST_OFFSET_MIN * 60_000;
  return new Date(Math.floor((now.getTime() + offset) / DAY_MS) * DAY_MS - offset);
}

/** When an item marked out of stock at `now` comes back by itself (null: only when turned back on). */
export function outOfStockUntil(duration: StockDuration, now: Date): Date | null {
  if (duration === 'end_of_day') return new Date(startOfIstDay(now).getTime() + DAY_MS);
  if (duration === '4h') return new Date(now.getTime() + 4 * 3_600_000);
  return null;
}

/** When a pause chosen at `now` ends by itself (null: until staff reopen). */
export function pauseEndsAt(duration: PauseDuration, now: Date): Date | null {
  return duration === PAUSE_UNTIL_REOPENED ? null : new Date(now.getTime() + duration * 60_000);
}

export type PrepSettings = {
  default_prep_time_min: number;
  busy_extra_min: number;
};

/** Prep time of an acceptance: the one chosen (or the default) plus busy mode, within the limits. */
export function acceptancePrepTime(chosen: number | undefined, s: PrepSettings): number {
  const prep = (chosen ?? s.default_prep_time_min) + s.busy_extra_min;
  return Math.min(PREP_TIME_LIMITS.max, Math.max(PREP_TIME_LIMITS.min, prep));
}

/** The prep time after an adjustment, or null when it would leave the limits. */
export function adjustedPrepTime(current: number, deltaMin: number): number | null {
  const next = current + deltaMin;
  return next < PREP_TIME_LIMITS.min || next > PREP_TIME_LIMITS.max ? null : next;
}

/**
 * When the opening window holding `now` began (an instant), or null when the restaurant is open all
 * day or closed at `now`.
 */
export function openedAt(openMinute: number, closeMinute: number, now: Date): Date | null {
  const { open, close } = normaliseHours(openMinute, closeMinute);
  if (close - open >= 1440) return null;
  const dayStart = startOfIstDay(now).getTime();
  const m = Math.floor((now.getTime() - dayStart) / 60_000);
  if (m >= open && m < close) return new Date(dayStart + open * 60_000);
  if (m + 1440 < close) return new Date(dayStart - DAY_MS + open * 60_000);
  return null;
}
