// Orders scheduled for later (issue 16): silent until their cooking should start, then they ring like
// a new order, once, also on a screen opened (or reloaded) in between.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { RingingList } from '../../../shared/api/order-alerts.ts';
import type { OrderSocketMessage } from '../../../shared/api/orders.ts';
import { AlertBook } from './alert-book.ts';
import { AlertController } from './alert-controller.ts';
import { FakeChannelBus, FakeLocks } from './fake-browser.ts';
import { event, paidOrder } from './order-fixture.ts';

const t0 = Date.parse('2026-11-23T10:00:00.000Z');
const iso = (ms: number) => new Date(ms).toISOString();
const MIN = 60_000;
const scheduled = (id: number, startsIn: number) =>
  paidOrder(id, { scheduled_for: iso(t0 + (startsIn + 30) * MIN), prepare_at: iso(t0 + startsIn * MIN) });

describe('AlertBook and scheduled orders', () => {
  it('keeps a scheduled order silent until its cooking time, then rings for it once', () => {
    const book = new AlertBook();
    expect(book.apply(event('order.created', scheduled(1, 10)), t0).started).toEqual([]);
    expect(book.nextDue).toBe(t0 + 10 * MIN);
    expect(book.due(t0 + 9 * MIN).started).toEqual([]);
    expect(book.due(t0 + 10 * MIN).started.map((r) => r.id)).toEqual([1]);
    expect(book.nextDue).toBeNull();
    expect(book.due(t0 + 11 * MIN).started).toEqual([]);
    expect(book.apply(event('order.updated', scheduled(1, 10)), t0 + 12 * MIN).started).toEqual([]);
    expect(book.list.map((r) => r.id)).toEqual([1]);
  });

  it('never rings for a scheduled order accepted or acknowledged before its time', () => {
    const book = new AlertBook();
    book.apply(event('order.created', scheduled(1, 10)), t0);
    book.apply(event('order.created', scheduled(2, 20)), t0);
    book.apply(event('order.updated', { ...scheduled(1, 10), status: 'accepted' }), t0 + MIN);
    book.apply(event('order.acknowledged', scheduled(2, 20)), t0 + MIN);
    expect(book.nextDue).toBeNull();
    expect(book.due(t0 + 60 * MIN).started).toEqual([]);
  });

  it('learns of waiting orders from the server list, and a due one rings at once', () => {
    const book = new AlertBook();
    book.expect([{ id: 3, order_number: 'X3', ring_at: iso(t0 + 5 * MIN) }]);
    expect(book.due(t0 + 5 * MIN).started.map((r) => r.id)).toEqual([3]);
    book.apply(event('order.created', scheduled(4, -1)), t0 + 6 * MIN);
    expect(book.list.map((r) => r.id)).toEqual([3, 4]);
  });
});

describe('AlertController and scheduled orders', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(t0);
  });
  afterEach(() => vi.useRealTimers());

  function screen(list: RingingList = { count: 0, results: [] }) {
    const listeners = new Set<(m: OrderSocketMessage) => void>();
    const deps = {
      locks: new FakeLocks(),
      openChannel: () => new FakeChannelBus().open(),
      fetchRinging: vi.fn(async () => list),
      postAck: vi.fn(async (id: number) => ({
        order_id: id,
        order_number: '',
        acknowledged_at: iso(Date.now()),
        changed: true,
      })),
      notify: vi.fn(),
      beep: vi.fn(),
      sound: () => 'on' as const,
      onSoundChange: () => () => undefined,
      badge: vi.fn(),
      keepAwake: () => () => undefined,
      now: () => Date.now(),
    };
    const source = {
      subscribe(fn: (m: OrderSocketMessage) => void) {
        listeners.add(fn);
        return () => listeners.delete(fn);
      },
      isLive: true,
    };
    const controller = new AlertController('7', source, deps);
    controller.start();
    return { controller, deps, emit: (m: OrderSocketMessage) => listeners.forEach((fn) => fn(m)) };
  }

  it('alerts when preparation should start, the way it alerts a new order, and only once', async () => {
    const s = screen();
    await vi.advanceTimersByTimeAsync(0);
    s.emit(event('order.created', scheduled(9, 30), 1));
    expect(s.deps.notify).not.toHaveBeenCalled();
    expect(s.deps.beep).not.toHaveBeenCalled();
    expect(s.controller.snapshot.ringing).toEqual([]);

    await vi.advanceTimersByTimeAsync(30 * MIN);
    expect(s.controller.snapshot.ringing.map((r) => r.id)).toEqual([9]);
    expect(s.deps.notify).toHaveBeenCalledExactlyOnceWith(9, 'placed', false);
    expect(s.deps.beep).toHaveBeenCalled();

    await s.controller.acknowledge();
    await vi.advanceTimersByTimeAsync(60 * MIN);
    expect(s.controller.snapshot.ringing).toEqual([]);
    expect(s.deps.notify).toHaveBeenCalledTimes(1);
    s.controller.stop();
  });

  it('a screen opened before the time rings on time from the server list', async () => {
    const s = screen({
      count: 0,
      results: [],
      upcoming: [{ id: 12, order_number: 'X12', ring_at: iso(t0 + 45 * MIN) }],
    });
    await vi.advanceTimersByTimeAsync(44 * MIN);
    expect(s.deps.notify).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(MIN);
    expect(s.deps.notify).toHaveBeenCalledExactlyOnceWith(12, 'placed', false);
    s.controller.stop();
  });
});
