// The order sockets' application heartbeat (issue 14), on a listening server with a short beat
// (WS_HEARTBEAT_MS=300; the default is 10 s): every socket gets a {"type":"ping"} each beat, a socket
// that stops answering the server's pings is terminated within two beats while a healthy one stays,
// and a staff socket is greeted with the sequence to resume after and the beat to watch.
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { latestSeqs } from '../../src/server/realtime/order-events.ts';
import {
  makeOrder,
  makeRestaurant,
  makeUser,
  type RestaurantFixture,
  type UserFixture,
} from './factories/index.ts';
import { openSocket, startLiveServer, type SocketResult } from './orders-socket-helper.ts';

const BEAT_MS = 300;
const srv = await startLiveServer({ WS_HEARTBEAT_MS: String(BEAT_MS) });

let rest: RestaurantFixture;
let customer: UserFixture;
let staff: UserFixture;

beforeAll(async () => {
  rest = await makeRestaurant(srv.db, { name: 'Heartbeat House' });
  customer = await makeUser(srv.app);
  staff = await makeUser(srv.app, { role: 'staff', restaurantId: rest.id });
});

const hello = (s: SocketResult) =>
  vi.waitFor(
    () => {
      const m = s.control.find((c) => c['type'] === 'hello');
      if (!m) throw new Error('no hello yet');
      return m;
    },
    { timeout: 5000, interval: 20 },
  );
const pings = (s: SocketResult) => s.control.filter((c) => c['type'] === 'ping').length;

describe('the server heartbeat', () => {
  it('pings staff and tracking sockets every beat', async () => {
    const order = await makeOrder(srv.db, { userId: customer.id, restaurant: rest });
    const staffSock = openSocket(srv.port, `/ws/orders/${rest.id}/`, { token: staff.token });
    const tracker = openSocket(srv.port, `/ws/track/${order.id}/`, { token: customer.token });
    await staffSock.ping();
    await tracker.ping();
    await new Promise((r) => setTimeout(r, BEAT_MS * 4.5));
    for (const s of [staffSock, tracker]) {
      expect(pings(s)).toBeGreaterThanOrEqual(3);
      expect(pings(s)).toBeLessThanOrEqual(6);
      expect(s.ws.readyState).toBe(s.ws.OPEN);
    }
    staffSock.ws.close();
    tracker.ws.close();
  });

  it('terminates a socket that stops answering within two beats; a healthy one stays', async () => {
    const healthy = openSocket(srv.port, `/ws/orders/${rest.id}/`, { token: staff.token });
    const silent = openSocket(srv.port, `/ws/orders/${rest.id}/`, { token: staff.token, autoPong: false });
    await healthy.ping();
    await silent.ping(); // connected and served: only the protocol pongs are missing
    const since = Date.now();
    const code = await silent.closed;
    const detectedMs = Date.now() - since;
    expect(code).toBe(1006); // terminated, no closing handshake
    expect(detectedMs).toBeLessThanOrEqual(2 * BEAT_MS + 150);
    expect(healthy.ws.readyState).toBe(healthy.ws.OPEN);
    await healthy.ping();
    expect(srv.app.orderHub.counts().staff).toBe(1);
    healthy.ws.close();
  });
});

describe('the greeting of a staff socket', () => {
  it("carries the restaurant's last sequence and the beat", async () => {
    const s = openSocket(srv.port, `/ws/orders/${rest.id}/`, { token: staff.token });
    const m = await hello(s);
    const latest = (await latestSeqs(srv.db, [rest.id])).get(rest.id);
    expect(m).toEqual({ type: 'hello', seq: latest, heartbeat_ms: BEAT_MS });
    s.ws.close();
  });

  it('comes after the replay of what a resuming tab missed, with the sequence to resume after next', async () => {
    const first = openSocket(srv.port, `/ws/orders/${rest.id}/`, { token: staff.token });
    const start = (await hello(first))['seq'] as number;
    first.ws.close();
    await first.closed;
    const a = await makeOrder(srv.db, { userId: customer.id, restaurant: rest, publish: true });
    const b = await makeOrder(srv.db, { userId: customer.id, restaurant: rest, publish: true });
    const back = openSocket(srv.port, `/ws/orders/${rest.id}/?after=${start}`, { token: staff.token });
    const greeting = await hello(back);
    // Both missed events arrived before the greeting, in order.
    const replayed = back.messages as Array<{ order: { id: number }; seq: number }>;
    expect(replayed.map((m) => m.order.id)).toEqual([a.id, b.id]);
    expect(replayed.map((m) => m.seq)).toEqual([start + 1, start + 2]);
    expect(greeting['seq']).toBe(start + 2);
    back.ws.close();
  });

  it('replays 100 missed events in order before the greeting (the time is printed)', async () => {
    const first = openSocket(srv.port, `/ws/orders/${rest.id}/`, { token: staff.token });
    const start = (await hello(first))['seq'] as number;
    first.ws.close();
    await first.closed;
    const missed: number[] = [];
    for (let i = 0; i < 100; i++)
      missed.push((await makeOrder(srv.db, { userId: customer.id, restaurant: rest, publish: true })).id);
    const t0 = performance.now();
    const back = openSocket(srv.port, `/ws/orders/${rest.id}/?after=${start}`, { token: staff.token });
    const greeting = await hello(back);
    const ms = performance.now() - t0;
    const replayed = back.messages as Array<{ order: { id: number }; seq: number }>;
    expect(replayed.map((m) => m.order.id)).toEqual(missed);
    expect(replayed.map((m) => m.seq)).toEqual(missed.map((_, i) => start + 1 + i));
    expect(greeting['seq']).toBe(start + 100);
    console.log(`orders-heartbeat: 100 missed events replayed in ${ms.toFixed(0)} ms`);
    back.ws.close();
  });
});
