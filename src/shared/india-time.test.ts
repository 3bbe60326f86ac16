// Indian days and times from a device in California (the unit project runs in that zone, see
// vitest.config.ts): the answers must not follow the device's zone.
import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime, formatLongDate, formatTime, istDay, istDayPlus } from './india-time.ts';

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
    expect(formatTime(LATE).replace(/\s/g, ' ')).toMatch(/^1:30 am$/i);
    expect(formatDateTime(LATE).replace(/\s/g, ' ')).toMatch(/^24 Nov 2026, 1:30 am$/i);
  });
});
