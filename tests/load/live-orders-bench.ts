// Live-orders websocket benchmark. Starts the server in its own process on loopback, connects
// BENCH_SOCKETS staff sockets spread over BENCH_RESTAURANTS restaurants, then moves orders along the
// status chain through the API one update at a time and measures, per socket of the order's
// restaurant, the time from sending the update request to the message arriving (so the figure
// includes the HTTP call, the commit, NOTIFY, the summary load and the fan-out); also the server's
// memory per socket. Bars: 1,000 sockets on one restaurant, p99 < 200 ms (docs/architecture.md#bars);
// 10,000 sockets over 2,000 restaurants, p99 < 100 ms (issue 17). Bounded by BENCH_TIMEOUT_S. Run:
//   node_modules/.bin/tsx tests/load/live-orders-bench.ts        (DATABASE_URL=... for PostgreSQL)
//   BENCH_SOCKETS=10000 BENCH_RESTAURANTS=2000 node_modules/.bin/tsx tests/load/live-orders-bench.ts
import { readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import WebSocket from 'ws';
import { startBenchServer } from './bench-kit.ts';

const SOCKETS = Number(process.env['BENCH_SOCKETS'] ?? 1000);
const RESTAURANTS = Number(process.env['BENCH_RESTAURANTS'] ?? 1);
const ORDERS = Number(process.env['BENCH_ORDERS'] ?? 20);
const TIMEOUT_S = Number(process.env['BENCH_TIMEOUT_S'] ?? 300);
const TARGET_P99_MS = RESTAURANTS > 1 ? 100 : 200;
const STEPS = ['accepted', 'preparing', 'ready', 'picked_up', 'delivered'] as const;

const hardStop = setTimeout(() => {
  console.error(`benchmark did not finish in ${TIMEOUT_S} s`);
  server.process.kill('SIGKILL');
  process.exit(2);
}, TIMEOUT_S * 1000);

interface ServerInfo {
  port: number;
  restaurants: Array<{ id: number; token: string }>;
  orders: Array<{ id: number; restaurantId: number }>;
  db: string;
}
const server = await startBenchServer<ServerInfo>('tests/load/live-orders-server.ts', {
  BENCH_ORDERS: String(ORDERS),
  BENCH_RESTAURANTS: String(RESTAURANTS),
});
const info = server.info;
const origin = `http://127.0.0.1:${info.port}`;
/** The server's resident memory (Linux), in bytes. */
const rss = () =>
  Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${server.process.pid}/status`, 'utf8'))![1]) * 1024;

function pct(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;
}

// Connect in batches so the accept queue is not flooded; socket i belongs to restaurant i mod R.
const sockets: WebSocket[] = [];
const perRestaurant = new Map<number, number>();
const rssBefore = rss();
/** key "orderId:status" -> callback per socket index */
let expect: {
  idMarker: string;
  statusMarker: string;
  sent: number;
  got: number;
  want: number;
  latencies: number[];
  done: () => void;
} | null = null;
const t0 = performance.now();
for (let i = 0; i < SOCKETS; i += 100) {
  const batch = await Promise.all(
    Array.from({ length: Math.min(100, SOCKETS - i) }, (_, j) => {
      const r = info.restaurants[(i + j) % info.restaurants.length]!;
      perRestaurant.set(r.id, (perRestaurant.get(r.id) ?? 0) + 1);
      const cookie = `auth._token.local=${encodeURIComponent(`Bearer ${r.token}`)}`;
      const ws = new WebSocket(`ws://127.0.0.1:${info.port}/ws/orders/${r.id}/`, {
        headers: { origin, cookie },
      });
      ws.on('message', (data) => {
        const now = performance.now();
        const e = expect;
        if (!e) return;
        // The summary starts with type, id, order_number and status: read only that head.
        const head = (data as Buffer).toString('latin1', 0, 160);
        if (!head.includes(e.idMarker) || !head.includes(e.statusMarker)) return;
        e.latencies.push(now - e.sent);
        if (++e.got === e.want) e.done();
      });
      return new Promise<WebSocket>((resolve, reject) => {
        ws.once('open', () => resolve(ws));
        ws.once('error', reject);
        ws.once('close', (code) => reject(new Error(`socket closed ${code}`)));
      });
    }),
  );
  sockets.push(...batch);
}
const connectMs = performance.now() - t0;

// Make sure every socket is registered with the hub before measuring: one ping round trip each.
await Promise.all(
  sockets.map(
    (ws) =>
      new Promise<void>((resolve) => {
        const onMsg = (d: WebSocket.RawData) => {
          if (d.toString().includes('pong')) {
            ws.off('message', onMsg);
            resolve();
          }
        };
        ws.on('message', onMsg);
        ws.send('ping');
      }),
  ),
);

const rssAfter = rss();

const health = await fetch(`${origin}/healthz`);
const csrf = /csrftoken=([^;]+)/.exec(health.headers.get('set-cookie') ?? '')![1]!;
const all: number[] = [];
const httpMs: number[] = [];
const spreads: number[] = [];
let missing = 0;
for (const step of STEPS) {
  for (const { id, restaurantId } of info.orders) {
    const want = perRestaurant.get(restaurantId) ?? 0;
    const token = info.restaurants.find((r) => r.id === restaurantId)!.token;
    const latencies: number[] = [];
    const arrived = new Promise<void>((resolve) => {
      expect = {
        idMarker: `"order":{"id":${id},`,
        statusMarker: `"status":"${step}"`,
        sent: performance.now(),
        got: 0,
        want,
        latencies,
        done: resolve,
      };
    });
    const sent = expect!.sent;
    const res = await fetch(`${origin}/api/v1/orders/restaurant/${id}/status/`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        cookie: `csrftoken=${csrf}`,
        'x-csrftoken': csrf,
        authorization: `Bearer ${token}`,
      },
      body: JSON.stringify({ status: step, prep_time_min: 15 }),
    });
    httpMs.push(performance.now() - sent);
    if (res.status !== 200) throw new Error(`status change failed: ${res.status} ${await res.text()}`);
    await Promise.race([arrived, new Promise((r) => setTimeout(r, 2000))]);
    missing += want - latencies.length;
    all.push(...latencies);
    // First to last socket of one update: the fan-out alone, without the HTTP call and the commit.
    if (latencies.length) spreads.push(Math.max(...latencies) - Math.min(...latencies));
    expect = null;
  }
}

for (const ws of sockets) ws.close();
all.sort((a, b) => a - b);
httpMs.sort((a, b) => a - b);
spreads.sort((a, b) => a - b);
const updates = STEPS.length * info.orders.length;
const p99 = pct(all, 99);
const result = {
  database: info.db,
  sockets: SOCKETS,
  restaurants: RESTAURANTS,
  updates,
  deliveries: all.length,
  missing,
  connect_all_ms: Math.round(connectMs),
  server_rss_mb: { before: Math.round(rssBefore / 2 ** 20), after: Math.round(rssAfter / 2 ** 20) },
  memory_per_socket_kb: +((rssAfter - rssBefore) / SOCKETS / 1024).toFixed(1),
  latency_ms: {
    p50: +pct(all, 50).toFixed(1),
    p90: +pct(all, 90).toFixed(1),
    p99: +p99.toFixed(1),
    max: +(all[all.length - 1] ?? NaN).toFixed(1),
  },
  fanout_first_to_last_ms: { p50: +pct(spreads, 50).toFixed(1), p99: +pct(spreads, 99).toFixed(1) },
  load_average_1m: +loadavg()[0]!.toFixed(2),
  http_status_change_ms: { p50: +pct(httpMs, 50).toFixed(1), p99: +pct(httpMs, 99).toFixed(1) },
  target_p99_ms: TARGET_P99_MS,
  pass: missing === 0 && p99 < TARGET_P99_MS,
};
console.log(JSON.stringify(result, null, 2));
clearTimeout(hardStop);
await server.stop();
process.exit(result.pass ? 0 : 1);
