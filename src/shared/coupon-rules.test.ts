import { describe, expect, it } from 'vitest';
import {
  checkCoupon,
  couponDaysText,
  couponNotes,
  formatValidTill,
  inTimeWindow,
  istClock,
  parseTimeOfDay,
  type CouponRule,
} from './coupon-rules.ts';

const base: CouponRule = {
  coupon_code: 'WELCOME50',
  store_type: 'all',
  isWeekDays: false,
  allowed_weeks: {},
  isTimeofDay: false,
  allowed_time: { startTime: '', endTime: '' },
  end_date: '2026-12-31T18:29:00.000Z', // Dec 31, 2026 11:59 PM IST
  min_order: 19900,
  discount_type: 'percent',
  discount_value: 50,
  max_discount: 10000,
};
const allWeek = {
  monday: true,
  tuesday: true,
  wednesday: true,
  thursday: true,
  friday: true,
  saturday: true,
  sunday: true,
};
// Saturday 21 Nov 2026, 23:30 IST = 18:00 UTC.
const satNight = new Date('2026-11-21T18:00:00Z');
const ctx = { now: satNight, storeId: 1, itemTotal: 25000 };

describe('IST clock', () => {
  it('uses Indian time for the weekday and minutes', () => {
    expect(istClock(satNight)).toEqual({ weekday: 'saturday', minutes: 23 * 60 + 30 });
    // 20:00 UTC Saturday is already Sunday 01:30 in India.
    expect(istClock(new Date('2026-11-21T20:00:00Z'))).toEqual({ weekday: 'sunday', minutes: 90 });
  });
});

describe('time windows', () => {
  it('parses HH:MM and minutes', () => {
    expect(parseTimeOfDay('11:30')).toBe(690);
    expect(parseTimeOfDay('07:05:00')).toBe(425);
    expect(parseTimeOfDay(600)).toBe(600);
    expect(parseTimeOfDay('25:00')).toBeNull();
    expect(parseTimeOfDay('')).toBeNull();
  });
  it('handles windows crossing midnight', () => {
    expect(inTimeWindow(23 * 60, 22 * 60, 2 * 60)).toBe(true);
    expect(inTimeWindow(60, 22 * 60, 2 * 60)).toBe(true);
    expect(inTimeWindow(3 * 60, 22 * 60, 2 * 60)).toBe(false);
    expect(inTimeWindow(12 * 60, 11 * 60, 15 * 60)).toBe(true);
    expect(inTimeWindow(15 * 60, 11 * 60, 15 * 60)).toBe(false);
  });
});

describe('checkCoupon', () => {
  it('gives a capped percent discount', () => {
    expect(checkCoupon(base, ctx)).toEqual({ ok: true, discount: 10000 });
    expect(checkCoupon(base, { ...ctx, itemTotal: 19900 })).toEqual({ ok: true, discount: 9950 });
    expect(
      checkCoupon({ ...base, discount_type: 'flat', discount_value: 5000, max_discount: null }, ctx),
    ).toEqual({ ok: true, discount: 5000 });
  });
  it.each([
    [null, ctx, 'coupon_invalid'],
    [{ ...base, active: false }, ctx, 'coupon_invalid'],
    [{ ...base, end_date: '2026-11-21T17:59:00Z' }, ctx, 'coupon_expired'],
    [{ ...base, store_type: 'select', store_ids: [2] }, ctx, 'coupon_wrong_store'],
    [{ ...base, isWeekDays: true, allowed_weeks: { ...allWeek, saturday: false } }, ctx, 'coupon_wrong_day'],
    [
      { ...base, isTimeofDay: true, allowed_time: { startTime: '11:00', endTime: '15:00' } },
      ctx,
      'coupon_wrong_time',
    ],
    [base, { ...ctx, itemTotal: 10000 }, 'coupon_below_minimum'],
    [{ ...base, usage_limit: 50, used_count: 50 }, ctx, 'coupon_used_up'],
    [{ ...base, per_user_limit: 1 }, { ...ctx, userUses: 1 }, 'coupon_user_limit'],
  ] as const)('refuses %#: %s', (coupon, c, code) => {
    const r = checkCoupon(coupon as CouponRule | null, c);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.code).toBe(code);
  });
  it('accepts a late-night window crossing midnight, and weekday names in any case', () => {
    const night = { ...base, isTimeofDay: true, allowed_time: { startTime: '22:00', endTime: '02:00' } };
    expect(checkCoupon(night, ctx).ok).toBe(true);
    expect(checkCoupon(night, { ...ctx, now: new Date('2026-11-21T20:00:00Z') }).ok).toBe(true); // 01:30 Sunday
    expect(checkCoupon(night, { ...ctx, now: new Date('2026-11-21T06:30:00Z') }).ok).toBe(false); // 12:00
    expect(checkCoupon({ ...base, isWeekDays: true, allowed_weeks: { Saturday: true } }, ctx).ok).toBe(true);
  });
  it('explains the minimum in rupees', () => {
    const r = checkCoupon(base, { ...ctx, itemTotal: 18000 });
    expect(r).toMatchObject({
      ok: false,
      message: 'Add items worth ₹19 more to use WELCOME50 (minimum order ₹199).',
    });
  });
  it('skips the total-usage check when the server reserves atomically', () => {
    expect(
      checkCoupon({ ...base, usage_limit: 1, used_count: 1 }, { ...ctx, ignoreTotalUsage: true }).ok,
    ).toBe(true);
  });
});

describe('display rules', () => {
  it('reads "all days of week" when every day is allowed, else lists the days', () => {
    expect(couponDaysText(base)).toBe('all days of week');
    expect(couponDaysText({ isWeekDays: true, allowed_weeks: allWeek })).toBe('all days of week');
    expect(
      couponDaysText({ isWeekDays: true, allowed_weeks: { ...allWeek, sunday: false, saturday: false } }),
    ).toBe('Monday, Tuesday, Wednesday, Thursday, Friday');
  });
  it('formats the end date with month name, day, year and time in IST', () => {
    expect(formatValidTill('2026-12-31T18:29:00.000Z')).toBe('December 31, 2026 11:59 PM');
    expect(formatValidTill('2027-03-01T06:30:00.000Z')).toBe('March 1, 2027 12:00 PM');
  });
  it('lists the notes in order', () => {
    expect(couponNotes(base)).toEqual([
      'Offer valid on all days of week',
      "Other T&C's may apply",
      'Offer valid till December 31, 2026 11:59 PM',
    ]);
    expect(
      couponNotes({
        ...base,
        store_type: 'select',
        isWeekDays: true,
        allowed_weeks: { saturday: true, sunday: true },
        isTimeofDay: true,
        allowed_time: { startTime: '22:00', endTime: '02:00' },
      }),
    ).toEqual([
      'Offer valid on select restaurants',
      'Offer valid on Saturday, Sunday',
      'Offer valid between 10:00 PM and 2:00 AM',
      "Other T&C's may apply",
      'Offer valid till December 31, 2026 11:59 PM',
    ]);
  });
});
