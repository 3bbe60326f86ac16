import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { OrderSocketMessage } from '../../../shared/api/orders.ts';
import {
  AlertController,
  NOTIFY_AGAIN_EVERY_MS,
  RING_EVERY_MS,
  type SoundState,
} from './alert-controller.ts';
import { FakeChannelBus, FakeLocks } from './fake-browser.ts';
import { event, paidOrder } from './order-fixture.ts';

/** One browser: its tabs share Web Locks and BroadcastChannel. */
function browser() {
  return { locks: new FakeLocks(), bus: new FakeChannelBus() };
}

function tab(b: ReturnType<typeof browser>, opts: { sound?: SoundState; ringing?: number[] } = {}) {
  const listeners = new Set<(m: OrderSocketMessage) => void>();
  const source = {
    subscribe(fn: (m: OrderSocketMessage) => void) {
      listeners.add(fn);
      return () => listeners.delete(fn);
    },
    isLive: false,
  };
  const deps = {
    locks: b.locks,
    openChannel: () => b.bus.open(),
    fetchRinging: vi.fn(async () => {
      const ids = opts.ringing ?? [];
      return {
        count: ids.length,
        results: ids.map((id) => ({ id, order_number: paidOrder(id).order_number, placed_at: '' })),
      };
    }),
    postAck: vi.fn(async (id: number) => ({
      order_id: id,
      order_number: paidOrder(id).order_number,
      acknowledged_at: new Date().toISOString(),
      changed: true,
    })),
    notify: vi.fn(),
    beep: vi.fn(),
    sound: () => opts.sound ?? 'on',
    onSoundChange: () => () => undefined,
    badge: vi.fn(),
    keepAwake: (fn: (awake: boolean | null) => void) => {
      fn(true);
      return () => undefined;
    },
    now: () => Date.now(),
  };
  const controller = new AlertController('7', source, deps);
  controller.start();
  return { controller, deps, emit: (m: OrderSocketMessage) => listeners.forEach((fn) => fn(m)) };
}

const settle = () => vi.advanceTimersByTimeAsync(0);
const ringingIds = (t: ReturnType<typeof tab>) => t.controller.snapshot.ringing.map((r) => r.id);

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('AlertController', () => {
  it('two tabs of one browser: one rings and notifies, both show the order; an ack in one silences both', async () => {
    const b = browser();
    const one = tab(b);
    const two = tab(b);
    await settle();
    expect([one.controller.snapshot.role, two.controller.snapshot.role]).toEqual(['leader', 'follower']);

    const order = paidOrder(41);
    one.emit(event('order.updated', order, 5));
    two.emit(event('order.updated', order, 5));
    expect(ringingIds(one)).toEqual([41]);
    expect(ringingIds(two)).toEqual([41]);
    expect(one.deps.notify).toHaveBeenCalledExactlyOnceWith(41, 'placed', false);
    expect(one.deps.beep).toHaveBeenCalledTimes(1);
    expect(one.deps.badge).toHaveBeenLastCalledWith(1);
    expect(two.deps.notify).not.toHaveBeenCalled();
    expect(two.deps.beep).not.toHaveBeenCalled();
    expect(two.deps.badge).not.toHaveBeenCalled();

    // Keeps ringing until someone acknowledges: a beep every few seconds, the notification again later.
    await vi.advanceTimersByTimeAsync(RING_EVERY_MS * 2);
    expect(one.deps.beep).toHaveBeenCalledTimes(3);
    await vi.advanceTimersByTimeAsync(NOTIFY_AGAIN_EVERY_MS);
    expect(one.deps.notify).toHaveBeenCalledWith(41, 'placed', true);
    expect(two.deps.beep).not.toHaveBeenCalled();

    // Acknowledge pressed in the tab that does not ring: through the server, and the sibling at once.
    await two.controller.acknowledge();
    await settle();
    expect(two.deps.postAck).toHaveBeenCalledExactlyOnceWith(41);
    expect(one.deps.postAck).not.toHaveBeenCalled();
    expect(ringingIds(one)).toEqual([]);
    expect(ringingIds(two)).toEqual([]);
    expect(one.deps.badge).toHaveBeenLastCalledWith(0);
    const beeps = one.deps.beep.mock.calls.length;
    await vi.advanceTimersByTimeAsync(RING_EVERY_MS * 3);
    expect(one.deps.beep).toHaveBeenCalledTimes(beeps);
    // The server's relay arriving later changes nothing.
    one.emit(event('order.acknowledged', order, 6));
    expect(ringingIds(one)).toEqual([]);
  });

  it('two devices: each rings; an acknowledgement on one reaches the other through the server and stops it', async () => {
    const phone = tab(browser());
    const tablet = tab(browser());
    await settle();
    expect([phone.controller.snapshot.role, tablet.controller.snapshot.role]).toEqual(['leader', 'leader']);
    const order = paidOrder(8);
    for (const d of [phone, tablet]) d.emit(event('order.updated', order, 1));
    expect(phone.deps.beep).toHaveBeenCalledTimes(1);
    expect(tablet.deps.beep).toHaveBeenCalledTimes(1);

    await phone.controller.acknowledge();
    expect(ringingIds(phone)).toEqual([]);
    expect(ringingIds(tablet)).toEqual([8]); // not told yet
    tablet.emit(event('order.acknowledged', order, 2)); // the server's relay
    expect(ringingIds(tablet)).toEqual([]);
    await vi.advanceTimersByTimeAsync(RING_EVERY_MS * 3);
    expect(phone.deps.beep).toHaveBeenCalledTimes(1);
    expect(tablet.deps.beep).toHaveBeenCalledTimes(1);
  });

  it('accepting an order silences it like an acknowledgement and raises nothing: staff did it', async () => {
    const t = tab(browser());
    await settle();
    t.emit(event('order.updated', paidOrder(3)));
    t.emit(event('order.updated', paidOrder(3, { status: 'accepted' })));
    t.emit(event('order.updated', paidOrder(3, { status: 'preparing', prep_time_min: 25 })));
    expect(ringingIds(t)).toEqual([]);
    expect(t.deps.notify.mock.calls).toEqual([[3, 'placed', false]]);
  });

  it("a customer's cancellation raises one notification, its refund none", async () => {
    const t = tab(browser());
    await settle();
    t.emit(event('order.updated', paidOrder(4)));
    const cancelled = { status: 'cancelled' as const, cancelled_at: new Date().toISOString() };
    t.emit(event('order.updated', paidOrder(4, cancelled)));
    t.emit(event('order.updated', paidOrder(4, { ...cancelled, refund_pending: true })));
    t.emit(event('order.updated', paidOrder(4, { ...cancelled, payment_status: 'refunded' })));
    expect(t.deps.notify.mock.calls).toEqual([
      [4, 'placed', false],
      [4, 'cancelled', false],
    ]);
  });

  it('when the ringing tab closes, the next tab rings for what still waits', async () => {
    const b = browser();
    const one = tab(b);
    const two = tab(b);
    await settle();
    const order = paidOrder(12);
    one.emit(event('order.updated', order));
    two.emit(event('order.updated', order));
    one.controller.stop();
    await settle();
    expect(two.controller.snapshot.role).toBe('leader');
    expect(two.deps.beep).toHaveBeenCalledTimes(1);
    expect(two.deps.notify).toHaveBeenCalledWith(12, 'placed', true);
    expect(two.deps.badge).toHaveBeenLastCalledWith(1);
  });

  it('asks the server what rings on every greeting (an order placed while away rings)', async () => {
    const t = tab(browser(), { ringing: [20, 21] });
    await settle();
    t.emit({ type: 'hello', seq: 9, heartbeat_ms: 10_000 });
    await settle();
    expect(t.deps.fetchRinging).toHaveBeenCalledTimes(1);
    expect(ringingIds(t)).toEqual([20, 21]);
    expect(t.deps.notify).toHaveBeenCalledTimes(2);
    expect(t.deps.beep).toHaveBeenCalledTimes(1);
  });

  it('an acknowledgement that fails keeps ringing and says why; a 404 does not', async () => {
    const t = tab(browser());
    await settle();
    t.deps.postAck.mockImplementation(async (id: number) => {
      if (id === 1) throw Object.assign(new Error('You seem to be offline.'), { status: 0 });
      throw Object.assign(new Error('Order not found.'), { status: 404 });
    });
    t.emit(event('order.updated', paidOrder(1)));
    t.emit(event('order.updated', paidOrder(2)));
    await t.controller.acknowledge();
    expect(ringingIds(t)).toEqual([1]);
    expect(t.controller.snapshot.error).toBe(
      `Could not acknowledge order ${paidOrder(1).order_number}: You seem to be offline.`,
    );
    expect(t.controller.snapshot.acknowledging).toBe(false);
  });

  it('with the sound blocked it still notifies, and tells the other tabs', async () => {
    const b = browser();
    const leader = tab(b, { sound: 'blocked' });
    const other = tab(b);
    await settle();
    expect(other.controller.snapshot.leaderSound).toBe('blocked');
    leader.emit(event('order.updated', paidOrder(5)));
    expect(leader.deps.beep).not.toHaveBeenCalled();
    expect(leader.deps.notify).toHaveBeenCalledOnce();
    // "Ring in this tab": the other tab takes the lead and rings.
    other.emit(event('order.updated', paidOrder(5)));
    other.controller.takeOver();
    await settle();
    expect(other.controller.snapshot.role).toBe('leader');
    expect(leader.controller.snapshot.role).toBe('follower');
    expect(other.deps.beep).toHaveBeenCalledTimes(1);
  });
});
