import { describe, expect, it } from 'vitest';
import { refreshPayload } from './order-list-query.ts';
import { todayAndTomorrow } from './dates.ts';
import { historyParams, presetRange, readHistoryQuery } from './history-query.ts';

// 18:40 UTC on 30 Nov is already 1 December in India: the console's days are Indian days whatever the
// device's time zone.
const lateEvening = new Date('2026-11-30T18:40:00Z');

describe('live orders refresh payload', () => {
  it('sends limit 10, offset 0, today to tomorrow in Indian days, and "all" as an empty status', () => {
    expect(refreshPayload('all', 0, todayAndTomorrow(lateEvening))).toEqual({
      limit: 10,
      offset: 0,
      delivery_status: '',
      startDate: '2026-12-01',
      endDate: '2026-12-02',
    });
    expect(refreshPayload('picked_up', 20)).toMatchObject({ delivery_status: 'picked_up', offset: 20 });
  });

  it('crosses month and year ends in Indian time', () => {
    expect(todayAndTomorrow(new Date('2026-12-30T20:00:00Z'))).toEqual({
      startDate: '2026-12-31',
      endDate: '2027-01-01',
    });
    expect(todayAndTomorrow(new Date('2026-12-31T17:00:00Z')).startDate).toBe('2026-12-31');
  });
});

describe('history day ranges', () => {
  it('yesterday, the last 7 days and chosen days, in Indian days', () => {
    expect(presetRange('yesterday', lateEvening)).toEqual({ startDate: '2026-11-30', endDate: '2026-11-30' });
    expect(presetRange('week', lateEvening)).toEqual({ startDate: '2026-11-25', endDate: '2026-12-01' });
    expect(presetRange('custom', lateEvening, { startDate: '2026-11-20', endDate: '2026-11-10' })).toEqual({
      startDate: '2026-11-10',
      endDate: '2026-11-20',
    });
  });

  it('reads its filters from the address, falling back to defaults for anything unreadable', () => {
    const q = readHistoryQuery(
      new URLSearchParams(
        'view=history&range=custom&from=2026-11-02&to=2026-11-05&status=delivered&q=+98 &page=3',
      ),
      lateEvening,
    );
    expect(q).toEqual({
      range: 'custom',
      startDate: '2026-11-02',
      endDate: '2026-11-05',
      status: 'delivered',
      q: '98',
      page: 3,
    });
    expect(historyParams(q).toString()).toBe(
      'view=history&range=custom&from=2026-11-02&to=2026-11-05&status=delivered&q=98&page=3',
    );
    const junk = readHistoryQuery(
      new URLSearchParams('range=forever&from=2026-02-30&status=lost&page=-4'),
      lateEvening,
    );
    expect(junk).toEqual({
      range: 'today',
      startDate: '2026-12-01',
      endDate: '2026-12-02',
      status: 'all',
      q: '',
      page: 1,
    });
    expect(historyParams(junk).toString()).toBe('view=history');
  });
});
