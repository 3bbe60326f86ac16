// Coupon validity and display rules (docs/product.md#coupons), one implementation for the server (which
// decides) and the client (which explains). Days and times are Indian Standard Time; money is paise.
import { istWallClock } from './india-time.ts';
import { formatRupees } from './money.ts';

export const weekdayNames = [
  'sunday',
  'monday',
  'tuesday',
  'wednesday',
  'thursday',
  'friday',
  'saturday',
] as const;
export type Weekday = (typeof weekdayNames)[number];

export interface CouponRule {
  coupon_code: string;
  store_type: string;
  /** Restaurants the coupon is valid on when store_type is not 'all'. */
  store_ids?: readonly number[];
  isWeekDays: boolean;
  allowed_weeks: Readonly<Record<string, boolean>>;
  isTimeofDay: boolean;
  /** "HH:MM" (24 h) strings or minutes after midnight. */
  allowed_time: { startTime: string | number; endTime: string | number };
  end_date: string | Date;
  min_order: number;
  discount_type: 'percent' | 'flat';
  discount_value: number;
  max_discount: number | null;
  usage_limit?: number | null;
  used_count?: number;
  per_user_limit?: number | null;
  active?: boolean;
}

export type CouponFailure =
  | 'coupon_invalid'
  | 'coupon_expired'
  | 'coupon_wrong_store'
  | 'coupon_wrong_day'
  | 'coupon_wrong_time'
  | 'coupon_below_minimum'
  | 'coupon_used_up'
  | 'coupon_user_limit';

export type CouponCheck =
  { ok: true; discount: number } | { ok: false; code: CouponFailure; message: string };

export interface CouponContext {
  now: Date;
  storeId: number;
  /** Food total of the cart in paise. */
  itemTotal: number;
  /** How many live orders this user already placed with the coupon (0 for visitors). */
  userUses?: number;
  /** Skip the total-usage check (the server reserves usage atomically at order creation instead). */
  ignoreTotalUsage?: boolean;
}

const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

/** Weekday and minutes after midnight in IST (India has no daylight saving). */
export function istClock(now: Date): { weekday: Weekday; minutes: number } {
  const ist = istWallClock(now);
  return {
    weekday: weekdayNames[ist.getUTCDay()]!,
    minutes: ist.getUTCHours() * 60 + ist.getUTCMinutes(),
  };
}

/** Minutes after midnight from "HH:MM", "HH:MM:SS" or a number; null when unreadable. */
export function parseTimeOfDay(value: string | number | undefined | null): number | null {
  if (typeof value === 'number') return Number.isInteger(value) && value >= 0 && value <= 1440 ? value : null;
  if (typeof value !== 'string') return null;
  const m = /^(\d{1,2}):(\d{2})(?::\d{2})?$/.exec(value.trim());
  if (!m) return null;
  const h = Number(m[1]);
  const min = Number(m[2]);
  if (h > 24 || min > 59 || (h === 24 && min > 0)) return null;
  return h * 60 + min;
}

/** Whether minute-of-day `m` falls in [start, end); a window whose end is before its start crosses midnight. */
export function inTimeWindow(m: number, start: number, end: number): boolean {
  if (start === end) return true;
  return start < end ? m >= start && m < end : m >= start || m < end;
}

/** Weekday names, lower-case, allowed by the coupon (every day when it has no weekday rule). */
export function allowedWeekdays(c: Pick<CouponRule, 'isWeekDays' | 'allowed_weeks'>): Weekday[] {
  if (!c.isWeekDays) return [...weekdayNames];
  const allowed = new Set<string>();
  for (const [name, on] of Object.entries(c.allowed_weeks ?? {})) {
    if (on) allowed.add(name.trim().toLowerCase().slice(0, 3));
  }
  return weekdayNames.filter((d) => allowed.has(d.slice(0, 3)));
}

export function appliesToStore(c: Pick<CouponRule, 'store_type' | 'store_ids'>, storeId: number): boolean {
  return c.store_type === 'all' || (c.store_ids ?? []).includes(storeId);
}

/** The discount in paise for a food total, before any validity check. */
export function couponDiscount(
  c: Pick<CouponRule, 'discount_type' | 'discount_value' | 'max_discount'>,
  itemTotal: number,
): number {
  const raw =
    c.discount_type === 'percent' ? Math.floor((itemTotal * c.discount_value) / 100) : c.discount_value;
  const capped = c.max_discount != null ? Math.min(raw, c.max_discount) : raw;
  return Math.max(0, Math.min(capped, itemTotal));
}

/** The one validity decision: every reason a coupon cannot be used on this cart, in a fixed order. */
export function checkCoupon(c: CouponRule | null | undefined, ctx: CouponContext): CouponCheck {
  const fail = (code: CouponFailure, message: string): CouponCheck => ({ ok: false, code, message });
  if (!c) return fail('coupon_invalid', 'This coupon code is not valid.');
  const code = c.coupon_code;
  if (c.active === false) return fail('coupon_invalid', `Coupon ${code} is not available right now.`);
  if (new Date(c.end_date).getTime() <= ctx.now.getTime()) {
    return fail('coupon_expired', `Coupon ${code} has expired.`);
  }
  if (!appliesToStore(c, ctx.storeId)) {
    return fail('coupon_wrong_store', `Coupon ${code} is not valid on this restaurant.`);
  }
  const clock = istClock(ctx.now);
  const days = allowedWeekdays(c);
  if (!days.includes(clock.weekday)) {
    return fail('coupon_wrong_day', `Coupon ${code} is valid only on ${listDays(days)}.`);
  }
  if (c.isTimeofDay) {
    const start = parseTimeOfDay(c.allowed_time?.startTime);
    const end = parseTimeOfDay(c.allowed_time?.endTime);
    if (start !== null && end !== null && !inTimeWindow(clock.minutes, start, end)) {
      return fail('coupon_wrong_time', `Coupon ${code} is valid only ${timeWindowText(start, end)}.`);
    }
  }
  if (ctx.itemTotal < c.min_order) {
    return fail(
      'coupon_below_minimum',
      `Add items worth ${formatRupees(c.min_order - ctx.itemTotal)} more to use ${code} (minimum order ${formatRupees(c.min_order)}).`,
    );
  }
  if (!ctx.ignoreTotalUsage && c.usage_limit != null && (c.used_count ?? 0) >= c.usage_limit) {
    return fail('coupon_used_up', `Coupon ${code} has been fully used up.`);
  }
  if (c.per_user_limit != null && (ctx.userUses ?? 0) >= c.per_user_limit) {
    return fail(
      'coupon_user_limit',
      `You have already used ${code} ${c.per_user_limit === 1 ? 'once' : `${c.per_user_limit} times`}, its limit.`,
    );
  }
  return { ok: true, discount: couponDiscount(c, ctx.itemTotal) };
}

// ---------------------------------------------------------------- display

const capital = (d: string) => d.charAt(0).toUpperCase() + d.slice(1);

/** Days read Monday to Sunday, as a week is spoken of in India (the Date index starts on Sunday). */
const weekOrder = (d: Weekday) => (weekdayNames.indexOf(d) + 6) % 7;

function listDays(days: readonly Weekday[]): string {
  if (!days.length) return 'no day';
  return [...days]
    .sort((a, b) => weekOrder(a) - weekOrder(b))
    .map(capital)
    .join(', ');
}

/** "all days of week" when every weekday is allowed, else the allowed days listed. */
export function couponDaysText(c: Pick<CouponRule, 'isWeekDays' | 'allowed_weeks'>): string {
  const days = allowedWeekdays(c);
  return days.length === 7 ? 'all days of week' : listDays(days);
}

/** "11:00 AM" from minutes after midnight. */
export function formatTimeOfDay(minutes: number): string {
  const m = minutes % 1440;
  const h24 = Math.floor(m / 60);
  const h12 = h24 % 12 === 0 ? 12 : h24 % 12;
  return `${h12}:${String(m % 60).padStart(2, '0')} ${h24 < 12 ? 'AM' : 'PM'}`;
}

function timeWindowText(start: number, end: number): string {
  return `between ${formatTimeOfDay(start)} and ${formatTimeOfDay(end)}`;
}

/** "Offer valid till December 31, 2026 11:59 PM": month name, day, year and time, in IST. */
export function formatValidTill(endDate: string | Date): string {
  const d = istWallClock(new Date(endDate));
  const date = `${MONTHS[d.getUTCMonth()]} ${d.getUTCDate()}, ${d.getUTCFullYear()}`;
  return `${date} ${formatTimeOfDay(d.getUTCHours() * 60 + d.getUTCMinutes())}`;
}

/** The notes under a coupon in the Available Coupons panel, in the order of docs/product.md#coupons. */
export function couponNotes(c: CouponRule): string[] {
  const notes: string[] = [];
  if (c.store_type !== 'all') notes.push('Offer valid on select restaurants');
  notes.push(`Offer valid on ${couponDaysText(c)}`);
  if (c.isTimeofDay) {
    const start = parseTimeOfDay(c.allowed_time?.startTime);
    const end = parseTimeOfDay(c.allowed_time?.endTime);
    if (start !== null && end !== null && start !== end) {
      notes.push(`Offer valid ${timeWindowText(start, end)}`);
    }
  }
  notes.push("Other T&C's may apply");
  notes.push(`Offer valid till ${formatValidTill(c.end_date)}`);
  return notes;
}
