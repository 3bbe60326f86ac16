import { describe, expect, it } from 'vitest';
import {
  NOT_ACCEPTING_NOTICE,
  acceptancePrepTime,
  adjustedPrepTime,
  availability,
  effectiveInStock,
  openedAt,
  outOfStockUntil,
  pauseEndsAt,
  staffPauseActive,
} from './kitchen.ts';

// 2026-11-23 13:30 IST.
const now = new Date('2026-11-23T08:00:00.000Z');
const later = (min: number) => new Date(now.getTime() + min * 60_000);
const open = { paused_until: null, paused_until_reopened: false, unattended_since: null };

describe('pauses', () => {
  it('a timed pause holds until its end, then ends by itself', () => {
    const r = { ...open, paused_until: later(15) };
    expect(staffPauseActive(r, now)).toBe(true);
    expect(staffPauseActive(r, later(15))).toBe(false);
    expect(availability(r, now)).toEqual({
      accepting_orders: false,
      not_accepting_reason: NOT_ACCEPTING_NOTICE,
      paused_until: later(15).toISOString(),
    });
    expect(availability(r, later(16))).toEqual({
      accepting_orders: true,
      not_accepting_reason: null,
      paused_until: null,
    });
  });

  it('until reopened and the unattended pause have no end time; customers read the same notice', () => {
    expect(availability({ ...open, paused_until_reopened: true }, now)).toEqual({
      accepting_orders: false,
      not_accepting_reason: 'Not accepting orders right now',
      paused_until: null,
    });
    expect(
      availability({ ...open, paused_until: later(15), unattended_since: now }, now).paused_until,
    ).toBeNull();
    expect(availability({ ...open, unattended_since: now }, later(600)).accepting_orders).toBe(false);
  });

  it('ends a chosen pause after its minutes, or never', () => {
    expect(pauseEndsAt(30, now)).toEqual(later(30));
    expect(pauseEndsAt('until_reopened', now)).toBeNull();
  });
});

describe('stock', () => {
  it('an item is out while marked, until its time if it has one', () => {
    expect(effectiveInStock({ in_stock: true, out_of_stock_until: null }, now)).toBe(true);
    expect(effectiveInStock({ in_stock: false, out_of_stock_until: null }, later(1e6))).toBe(false);
    expect(effectiveInStock({ in_stock: false, out_of_stock_until: later(240) }, now)).toBe(false);
    expect(effectiveInStock({ in_stock: false, out_of_stock_until: later(240) }, later(240))).toBe(true);
  });

  it('the end of the day is the next midnight IST', () => {
    expect(outOfStockUntil('end_of_day', now)?.toISOString()).toBe('2026-11-23T18:30:00.000Z');
    // 23:59 IST and 00:01 IST.
    expect(outOfStockUntil('end_of_day', new Date('2026-11-23T18:29:00Z'))?.toISOString()).toBe(
      '2026-11-23T18:30:00.000Z',
    );
    expect(outOfStockUntil('end_of_day', new Date('2026-11-23T18:31:00Z'))?.toISOString()).toBe(
      '2026-11-24T18:30:00.000Z',
    );
    expect(outOfStockUntil('4h', now)).toEqual(later(240));
    expect(outOfStockUntil('until_turned_on', now)).toBeNull();
  });
});

describe('prep time', () => {
  it('adds busy mode to the chosen or default time, within 1..180', () => {
    expect(acceptancePrepTime(15, { default_prep_time_min: 20, busy_extra_min: 0 })).toBe(15);
    expect(acceptancePrepTime(undefined, { default_prep_time_min: 25, busy_extra_min: 10 })).toBe(35);
    expect(acceptancePrepTime(175, { default_prep_time_min: 20, busy_extra_min: 30 })).toBe(180);
  });

  it('refuses an adjustment that leaves the limits', () => {
    expect(adjustedPrepTime(20, 5)).toBe(25);
    expect(adjustedPrepTime(20, -15)).toBe(5);
    expect(adjustedPrepTime(5, -5)).toBeNull();
    expect(adjustedPrepTime(180, 5)).toBeNull();
  });
});

describe('opening windows', () => {
  it('finds when the window holding now began', () => {
    // 11:00-23:00 IST: opened at 11:00 IST today.
    expect(openedAt(660, 1380, now)?.toISOString()).toBe('2026-11-23T05:30:00.000Z');
    // 20:00-15:00 IST (past midnight): opened yesterday at 20:00 IST.
    expect(openedAt(1200, 900, now)?.toISOString()).toBe('2026-11-22T14:30:00.000Z');
    expect(openedAt(1080, 1380, now)).toBeNull();
    expect(openedAt(0, 1440, now)).toBeNull();
  });
});
