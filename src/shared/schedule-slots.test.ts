// The delivery slots in Indian time, run on a device in Los Angeles (the unit project's TZ).
import { describe, expect, it } from 'vitest';
import { checkScheduledFor, prepareAt, scheduleLabel, scheduleSlots } from './schedule-slots.ts';

// 2026-11-21T00:00 IST is 2026-11-20T18:30Z.
const ist = (h: number, m = 0) => new Date(Date.UTC(2026, 10, 20, 18, 30) + (h * 60 + m) * 60_000);
const hours = (open: number, close: number, delivery_time_min = 30) => ({
  open_minute: open,
  close_minute: close,
  delivery_time_min,
});

describe('scheduleSlots', () => {
  it('lists half-hour slots today and tomorrow, the first at least delivery time + 15 min away, in IST', () => {
    expect(new Date().getTimezoneOffset()).not.toBe(-330); // the device is not in India
    const slots = scheduleSlots(hours(660, 1380), ist(12, 5));
    // 12:05 + 30 + 15 = 12:50 → 13:00; cooking may start at 11:00 at the earliest, food arrives by 23:00.
    expect(slots[0]).toEqual({ at: ist(13).toISOString(), day: 'today', time: '1:00 PM' });
    const today = slots.filter((s) => s.day === 'today');
    expect(today.at(-1)!.time).toBe('11:00 PM');
    expect(today).toHaveLength(21);
    const tomorrow = slots.filter((s) => s.day === 'tomorrow');
    expect(tomorrow[0]).toEqual({ at: ist(24 + 11, 30).toISOString(), day: 'tomorrow', time: '11:30 AM' });
    expect(tomorrow.at(-1)!.at).toBe(ist(24 + 23).toISOString());
    expect(tomorrow).toHaveLength(24);
  });

  it('offers only later slots while the restaurant is closed, starting after it opens', () => {
    const slots = scheduleSlots(hours(660, 1380), ist(7));
    expect(slots[0]!.time).toBe('11:30 AM');
    expect(slots[0]!.day).toBe('today');
    const late = scheduleSlots(hours(660, 1380), ist(23, 10));
    expect(late.every((s) => s.day === 'tomorrow')).toBe(true);
  });

  it('follows hours that cross midnight, including yesterday’s window after midnight', () => {
    // 18:00 to 02:00, 40 minutes to deliver; at 00:30 IST yesterday's window is still open.
    const slots = scheduleSlots(hours(1080, 1560, 40), ist(0, 30));
    expect(slots.slice(0, 2).map((s) => s.time)).toEqual(['1:30 AM', '2:00 AM']);
    const today = slots.filter((s) => s.day === 'today').map((s) => s.time);
    expect(today).toContain('7:00 PM');
    expect(today).not.toContain('6:30 PM'); // cooking would start at 5:50 PM, before opening
    expect(today.at(-1)).toBe('11:30 PM');
    // Tomorrow's first slots are the early hours of tonight's window.
    const tomorrow = slots.filter((s) => s.day === 'tomorrow').map((s) => s.time);
    expect(tomorrow.slice(0, 5)).toEqual(['12:00 AM', '12:30 AM', '1:00 AM', '1:30 AM', '2:00 AM']);
    expect(tomorrow).not.toContain('2:30 AM');
  });

  it('open all day: every slot of today and tomorrow after the lead time', () => {
    const slots = scheduleSlots(hours(0, 1440, 30), ist(22, 0));
    expect(slots[0]!.time).toBe('11:00 PM');
    expect(slots.at(-1)!.at).toBe(ist(24 + 23, 30).toISOString());
    expect(slots).toHaveLength(2 + 48);
  });
});

describe('checkScheduledFor', () => {
  const h = hours(660, 1380);
  const now = ist(12, 5);
  it('accepts every listed slot, and one that came within the margin while paying', () => {
    for (const s of scheduleSlots(h, now)) expect(checkScheduledFor(h, s.at, now).ok).toBe(true);
    // 12:40: the list's first slot was 13:00, but 12:40 + 30 min still fits: accepted.
    expect(checkScheduledFor(h, ist(13).toISOString(), ist(12, 25)).ok).toBe(true);
    expect(checkScheduledFor(h, '2026-11-21T13:00:00+05:30', now)).toEqual({ ok: true, at: ist(13) });
  });
  it.each([
    ['past', ist(11, 30), 'has passed'],
    ['too soon', ist(12, 30), 'too soon'],
    ['unaligned', ist(14, 10), 'on the hour or at half past'],
    ['with seconds', new Date(ist(14).getTime() + 1000), 'on the hour or at half past'],
    ['outside the hours', ist(23, 30), 'cannot deliver at 11:30 PM: its hours are 11:00 AM – 11:00 PM'],
    ['before cooking can start', ist(24 + 11), 'cannot deliver at 11:00 AM'],
    ['the day after tomorrow', ist(48 + 13), 'today or tomorrow only'],
  ])('refuses a %s time', (_, at, message) => {
    const res = checkScheduledFor(h, at.toISOString(), now);
    expect(res.ok).toBe(false);
    expect(!res.ok && res.message).toContain(message);
  });
});

describe('labels', () => {
  it('says today, tomorrow or the date, in IST', () => {
    const now = ist(23, 50).getTime(); // 23:50 IST is still "today" although UTC and Los Angeles say otherwise
    expect(scheduleLabel(ist(23, 30).toISOString(), now)).toBe('today, 11:30 PM');
    expect(scheduleLabel(ist(24 + 19, 30).toISOString(), now)).toBe('tomorrow, 7:30 PM');
    expect(scheduleLabel(ist(48 + 9).toISOString(), now)).toMatch(/^Mon, 23 Nov, 9:00 AM$/);
    expect(prepareAt(ist(20).toISOString(), 35)).toBe(ist(19, 25).toISOString());
  });
});
