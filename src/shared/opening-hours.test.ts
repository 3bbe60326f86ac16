import { describe, expect, it } from 'vitest';
import { haversineMeters, parseLatLng } from './geo.ts';
import { hoursLabel, normaliseHours, openState } from './opening-hours.ts';

// 2026-11-21T00:00 IST is 2026-11-20T18:30Z.
const ist = (h: number, m = 0) => new Date(Date.UTC(2026, 10, 20, 18, 30) + (h * 60 + m) * 60_000);

describe('openState', () => {
  it('same-day hours', () => {
    expect(openState(660, 1380, ist(12)).is_open).toBe(true);
    expect(openState(660, 1380, ist(23, 0)).is_open).toBe(false);
    const early = openState(660, 1380, ist(9, 15));
    expect(early.is_open).toBe(false);
    expect(early.next_open_label).toBe('Opens at 11:00 AM');
    expect(early.next_open_at?.toISOString()).toBe(ist(11).toISOString());
    const late = openState(660, 1380, ist(23, 30));
    expect(late.next_open_label).toBe('Opens tomorrow at 11:00 AM');
    expect(late.next_open_at?.toISOString()).toBe(ist(24 + 11).toISOString());
  });
  it('closing after midnight, stored as close > 1440 or close < open', () => {
    for (const close of [1560, 120]) {
      expect(openState(1080, close, ist(1, 30)).is_open).toBe(true);
      expect(openState(1080, close, ist(20)).is_open).toBe(true);
      expect(openState(1080, close, ist(2)).is_open).toBe(false);
      expect(openState(1080, close, ist(12)).next_open_label).toBe('Opens at 6:00 PM');
    }
    expect(hoursLabel(1080, 1560)).toBe('6:00 PM – 2:00 AM');
  });
  it('24 hours', () => {
    for (const [o, c] of [
      [0, 1440],
      [0, 0],
      [300, 1740],
    ] as const) {
      const s = openState(o, c, ist(3));
      expect(s.is_open).toBe(true);
      expect(s.hours_label).toBe('Open 24 hours');
    }
    expect(normaliseHours(0, 1440)).toEqual({ open: 0, close: 1440 });
  });
});

describe('geo', () => {
  it('haversine and parsing', () => {
    const d = haversineMeters({ lat: 12.9352, lng: 77.6245 }, { lat: 12.9784, lng: 77.6408 });
    expect(d).toBeGreaterThan(5000);
    expect(d).toBeLessThan(5300);
    expect(parseLatLng('12.93,77.62')).toEqual({ ok: true, value: { lat: 12.93, lng: 77.62 } });
    expect(parseLatLng('abc,1').ok).toBe(false);
    expect(parseLatLng('91,1').ok).toBe(false);
    expect(parseLatLng('1,181').ok).toBe(false);
    expect(parseLatLng('1').ok).toBe(false);
  });
});
