// Indian days and times from a device in California (the unit project runs in that zone, see
// vitest.config.ts): the answers must not follow the device's zone.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  formatDate,
  formatDateTime,
  formatLongDate,
  formatTime,
  formatWeekdayDate,
  INDIA_TIME_ZONE,
  istDay,
  istDayPlus,
} from './india-time.ts';

/** The rule as Intl states it: en-IN, in India's zone. */
const intl = (options: Intl.DateTimeFormatOptions) => {
  const f = new Intl.DateTimeFormat('en-IN', { ...options, timeZone: INDIA_TIME_ZONE });
  return (d: Date) => f.format(d);
};

// 23 Nov 2026 20:00 UTC is 24 Nov 01:30 in India and 23 Nov 12:00 in California.
const LATE = new Date('2026-11-23T20:00:00Z');

describe('Indian time', () => {
  it('names the Indian day, not the device’s or UTC', () => {
    expect(LATE.getDate()).toBe(23); // the device's own day: the zone above took effect
    expect(istDay(LATE)).toBe('2026-11-24');
    expect(istDayPlus(LATE, -1)).toBe('2026-11-23');
    expect(istDay(new Date('2026-11-23T18:29:59Z'))).toBe('2026-11-23');
    expect(istDay(new Date('2026-11-23T18:30:00Z'))).toBe('2026-11-24');
  });

  it('formats dates and times in Indian time', () => {
    expect(formatDate(LATE)).toBe('24 Nov 2026');
    expect(formatLongDate(LATE.toISOString())).toBe('24 November 2026');
    expect(formatTime(LATE)).toBe('1:30 am');
    expect(formatDateTime(LATE)).toBe('24 Nov 2026, 1:30 am');
    expect(formatWeekdayDate(LATE)).toBe('Tue, 24 Nov');
  });

  it('spells every instant as Intl’s en-IN does', () => {
    const cases: Array<[(d: Date) => string, (d: Date) => string]> = [
      [formatTime, intl({ hour: 'numeric', minute: '2-digit' })],
      [formatDate, intl({ day: 'numeric', month: 'short', year: 'numeric' })],
      [formatLongDate, intl({ day: 'numeric', month: 'long', year: 'numeric' })],
      [formatWeekdayDate, intl({ weekday: 'short', day: 'numeric', month: 'short' })],
      [
        formatDateTime,
        intl({ day: 'numeric', month: 'short', year: 'numeric', hour: 'numeric', minute: '2-digit' }),
      ],
    ];
    // From 2000 to 2100, to the minute.
    fc.assert(
      fc.property(fc.integer({ min: 15_778_080, max: 68_374_080 }), (minutes) => {
        const d = new Date(minutes * 60_000);
        for (const [ours, theirs] of cases) expect(ours(d)).toBe(theirs(d));
      }),
      { numRuns: 3000 },
    );
  });
});
