import { describe, expect, it } from 'vitest';
import { refreshPayload } from './api.ts';
import { localYmd, todayAndTomorrow } from './dates.ts';

describe('live orders refresh payload', () => {
  it('sends limit 10, offset 0, today to tomorrow in local dates, and "all" as an empty status', () => {
    const now = new Date(2026, 10, 30, 23, 50); // 30 Nov, late evening local time
    expect(refreshPayload('all', 0, now)).toEqual({
      limit: 10,
      offset: 0,
      delivery_status: '',
      startDate: '2026-11-30',
      endDate: '2026-12-01',
    });
    expect(refreshPayload('picked_up', 20, now)).toMatchObject({ delivery_status: 'picked_up', offset: 20 });
  });

  it('crosses month and year ends', () => {
    expect(todayAndTomorrow(new Date(2026, 11, 31, 0, 5))).toEqual({
      startDate: '2026-12-31',
      endDate: '2027-01-01',
    });
    expect(localYmd(new Date(2027, 0, 9))).toBe('2027-01-09');
  });
});
