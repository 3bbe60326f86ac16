import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FakeSocket } from '../../../testing/fake-socket.ts';
import type { OrderSocketMessage } from '../../../shared/api/orders.ts';
import { DEFAULT_HEARTBEAT_MS, StaffSocket } from './staff-socket.ts';

const URL = 'ws://localhost/ws/orders/1/';
const quiet = { info: () => undefined, warn: () => undefined };

function harness() {
  const win = new EventTarget();
  const doc = Object.assign(new EventTarget(), { visibilityState: 'visible' as DocumentVisibilityState });
  let online = true;
  const socket = new StaffSocket(URL, {
    WebSocket: FakeSocket,
    win: win as unknown as Window,
    doc: doc as unknown as Document,
    isOnline: () => online,
    log: quiet,
  });
  const seen: OrderSocketMessage[] = [];
  socket.subscribe((m) => seen.push(m));
  return {
    socket,
    seen,
    win,
    setOnline(v: boolean) {
      online = v;
      win.dispatchEvent(new Event(v ? 'online' : 'offline'));
    },
    last: () => FakeSocket.all.at(-1)!,
  };
}

/** Lets a (re)connect run: a retry timer set inside another timer fires a tick later. */
const settle = () => vi.advanceTimersByTimeAsync(5);

/** Advances until the socket makes a new attempt, and returns it (still connecting). */
async function nextAttempt(): Promise<FakeSocket> {
  const n = FakeSocket.all.length;
  for (let i = 0; i < 200 && FakeSocket.all.length === n; i++) await vi.advanceTimersByTimeAsync(100);
  expect(FakeSocket.all.length).toBeGreaterThan(n);
  return FakeSocket.all.at(-1)!;
}

beforeEach(() => {
  vi.useFakeTimers();
  FakeSocket.all = [];
});
afterEach(() => {
  vi.useRealTimers();
});

describe('StaffSocket', () => {
  it('is live only once the server greets it, not when the socket opens', async () => {
    const h = harness();
    h.socket.start();
    await settle();
    expect(h.last().url).toBe(URL);
    h.last().open();
    expect(h.socket.snapshot.state).toBe('reconnecting');
    h.last().message({ type: 'hello', seq: 4, heartbeat_ms: 1000 });
    expect(h.socket.snapshot).toEqual({ state: 'live', refused: false, everLive: true });
    expect(h.seen).toEqual([{ type: 'hello', seq: 4, heartbeat_ms: 1000 }]);
    h.socket.stop();
  });

  it('treats two missed beats as a dead connection and resumes after the last sequence it saw', async () => {
    const h = harness();
    h.socket.start();
    await settle();
    h.last().open();
    h.last().message({ type: 'hello', seq: 4, heartbeat_ms: 1000 });
    h.last().message({ type: 'order.updated', order: { id: 1 }, seq: 5 });
    // Pings keep it live.
    for (let i = 0; i < 5; i++) {
      await vi.advanceTimersByTimeAsync(1000);
      h.last().message({ type: 'ping' });
    }
    expect(FakeSocket.all).toHaveLength(1);
    expect(h.socket.snapshot.state).toBe('live');
    // Silence: after two beats the tab gives up on this connection and connects again.
    await vi.advanceTimersByTimeAsync(1999);
    expect(h.socket.snapshot.state).toBe('live');
    await vi.advanceTimersByTimeAsync(1);
    expect(h.socket.snapshot.state).toBe('reconnecting');
    await settle();
    expect(FakeSocket.all).toHaveLength(2);
    expect(h.last().url).toBe(`${URL}?after=5`);
    h.last().open();
    h.last().message({ type: 'order.updated', order: { id: 2 }, seq: 6 }); // replayed
    h.last().message({ type: 'hello', seq: 6, heartbeat_ms: 1000 });
    expect(h.socket.snapshot.state).toBe('live');
    expect(h.socket.resumeAfter).toBe(6);
    h.socket.stop();
  });

  it('waits for the default beat before the first greeting', async () => {
    const h = harness();
    h.socket.start();
    await settle();
    h.last().open();
    await vi.advanceTimersByTimeAsync(DEFAULT_HEARTBEAT_MS * 2 - 1);
    expect(FakeSocket.all).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    await settle();
    expect(FakeSocket.all).toHaveLength(2);
    expect(h.last().url).toBe(URL); // nothing seen yet: no resume point
    h.socket.stop();
  });

  it('shows offline at once when the browser goes offline, and reconnects when it is back', async () => {
    const h = harness();
    h.socket.start();
    await settle();
    h.last().open();
    h.last().message({ type: 'hello', seq: 1, heartbeat_ms: 1000 });
    h.setOnline(false);
    expect(h.socket.snapshot.state).toBe('offline');
    await vi.advanceTimersByTimeAsync(30_000);
    expect(FakeSocket.all).toHaveLength(1); // no retries while the browser is offline
    h.setOnline(true);
    expect(h.socket.snapshot.state).toBe('reconnecting');
    await settle();
    expect(FakeSocket.all).toHaveLength(2);
    expect(h.last().url).toBe(`${URL}?after=1`);
    h.socket.stop();
  });

  it('says offline after the quick retries fail, and keeps trying', async () => {
    const h = harness();
    h.socket.start();
    await settle();
    for (let i = 0; i < 4; i++) {
      h.last().close(1006);
      await vi.advanceTimersByTimeAsync(10_000);
    }
    expect(h.socket.snapshot.state).toBe('offline');
    // It keeps trying; the next attempt that gets through is live.
    await nextAttempt();
    const ws = await nextAttempt();
    ws.open();
    ws.message({ type: 'hello', seq: 0, heartbeat_ms: 1000 });
    expect(h.socket.snapshot.state).toBe('live');
    h.socket.stop();
  });

  it('stops when the server refuses the sign-in; only the button tries again', async () => {
    const h = harness();
    h.socket.start();
    await settle();
    h.last().close(4401);
    expect(h.socket.snapshot).toMatchObject({ state: 'offline', refused: true });
    await vi.advanceTimersByTimeAsync(60_000);
    expect(FakeSocket.all).toHaveLength(1);
    h.socket.reconnectNow(); // the watchdog or the network coming back: no
    await settle();
    expect(FakeSocket.all).toHaveLength(1);
    h.socket.reconnectNow(true);
    await settle();
    expect(FakeSocket.all).toHaveLength(2);
    expect(h.socket.snapshot).toMatchObject({ state: 'reconnecting', refused: false });
    h.socket.stop();
  });
});
