import { describe, expect, it } from 'vitest';
import { paidOrder } from './alerting/order-fixture.ts';
import {
  applyOrder,
  LANES,
  SCHEDULED_LANE,
  laneOrders,
  onBoard,
  ticketClock,
  waitTone,
  waitingToStart,
} from './board.ts';

const t0 = Date.parse('2026-11-23T10:00:00.000Z');
const min = (m: number) => t0 + m * 60_000;
const iso = (ms: number) => new Date(ms).toISOString();

describe('the board', () => {
  it('puts each stage in its lane, newest first, and final orders nowhere', () => {
    const orders = [
      paidOrder(1, { placed_at: iso(min(0)) }),
      paidOrder(2, { placed_at: iso(min(5)) }),
      paidOrder(3, { status: 'accepted' }),
      paidOrder(4, { status: 'preparing' }),
      paidOrder(5, { status: 'ready' }),
      paidOrder(6, { status: 'picked_up' }),
      paidOrder(7, { status: 'delivered' }),
    ];
    expect(LANES.map((l) => laneOrders(orders, l).map((o) => o.id))).toEqual([[2, 1], [4, 3], [5], [6]]);
    expect(orders.filter(onBoard).map((o) => o.id)).toEqual([1, 2, 3, 4, 5, 6]);
  });

  it('colours a waiting ticket at 3, 5 and 7 minutes', () => {
    expect([0, 2, 3, 4, 5, 6, 7, 30].map(waitTone)).toEqual([
      'calm',
      'calm',
      'warn',
      'warn',
      'late',
      'late',
      'overdue',
      'overdue',
    ]);
    const placed = paidOrder(1, { paid_at: iso(t0) });
    expect(ticketClock(placed, min(4.5))).toEqual({ label: '4 min', tone: 'warn' });
    expect(ticketClock(placed, min(8))).toEqual({ label: '8 min', tone: 'overdue' });
  });

  it('counts a cooking order down to its prep time, then up as it runs late', () => {
    const cooking = paidOrder(1, { status: 'preparing', accepted_at: iso(t0), prep_time_min: 20 });
    expect(ticketClock(cooking, min(5))).toEqual({ label: 'Ready in 15 min', tone: 'calm' });
    expect(ticketClock(cooking, min(18.5))).toEqual({ label: 'Ready in 2 min', tone: 'warn' });
    expect(ticketClock(cooking, min(23))).toEqual({ label: '3 min late', tone: 'late' });
    expect(ticketClock(cooking, min(26))).toEqual({ label: '6 min late', tone: 'overdue' });
  });

  it('counts how long ready food waits for its rider', () => {
    const ready = paidOrder(1, { status: 'ready', ready_at: iso(t0) });
    expect(ticketClock(ready, min(6))).toEqual({ label: 'Waiting 6 min', tone: 'late' });
  });

  it('applies news: replaces in place, drops what leaves, adds new on top, never goes back in time', () => {
    const rules = { belongs: onBoard, takesNew: true };
    const a = paidOrder(1, { updated_at: iso(min(1)) });
    const b = paidOrder(2, { updated_at: iso(min(1)) });
    const list = [a, b];
    const accepted = { ...a, status: 'accepted' as const, updated_at: iso(min(2)) };
    expect(applyOrder(list, accepted, rules)).toEqual([accepted, b]);
    expect(applyOrder([accepted, b], a, rules)).toEqual([accepted, b]); // a late, older copy
    expect(applyOrder(list, { ...b, status: 'delivered' }, rules)).toEqual([a]);
    const c = paidOrder(3);
    expect(applyOrder(list, c, rules)).toEqual([c, a, b]);
    expect(applyOrder(list, c, { ...rules, takesNew: false })).toEqual([a, b]);
    expect(applyOrder(list, { ...c, status: 'cancelled' }, rules)).toEqual([a, b]);
  });
});

describe('scheduled orders on the board', () => {
  it('wait apart, soonest first, until their cooking time, then join New', () => {
    const later = (id: number, startAt: number) =>
      paidOrder(id, { prepare_at: iso(startAt), scheduled_for: iso(startAt + 30 * 60_000) });
    const orders = [paidOrder(1), later(2, min(90)), later(3, min(30)), paidOrder(4, { status: 'accepted' })];
    expect(laneOrders(orders, SCHEDULED_LANE, min(0)).map((o) => o.id)).toEqual([3, 2]);
    expect(laneOrders(orders, LANES[0]!, min(0)).map((o) => o.id)).toEqual([1]);
    // At its cooking time an order moves to New.
    expect(laneOrders(orders, SCHEDULED_LANE, min(30)).map((o) => o.id)).toEqual([2]);
    expect(
      laneOrders(orders, LANES[0]!, min(30))
        .map((o) => o.id)
        .sort(),
    ).toEqual([1, 3]);
    expect(waitingToStart(later(5, min(10)), min(9))).toBe(true);
    expect(waitingToStart({ ...later(5, min(10)), status: 'accepted' }, min(9))).toBe(false);
  });

  it('counts down to the cooking time, then counts the wait from it', () => {
    const o = paidOrder(1, { paid_at: iso(t0), prepare_at: iso(min(130)), scheduled_for: iso(min(160)) });
    expect(ticketClock(o, min(0))).toEqual({ label: 'Start in 2 h 10 min', tone: 'calm' });
    expect(ticketClock(o, min(10))).toEqual({ label: 'Start in 2 h', tone: 'calm' });
    expect(ticketClock(o, min(125))).toEqual({ label: 'Start in 5 min', tone: 'calm' });
    expect(ticketClock(o, min(134))).toEqual({ label: '4 min', tone: 'warn' });
  });
});
