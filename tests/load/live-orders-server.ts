// Server side of the live-orders benchmark: the real app with the order sockets on a fresh database
// (in-memory PGlite, or DATABASE_URL), BENCH_RESTAURANTS restaurants each with a staff member, and
// BENCH_ORDERS paid orders spread over them, listening on a loopback port. Prints one JSON line
// {port, restaurants: [{id, token}], orders: [{id, restaurantId}]} and serves until SIGTERM.
import { buildApp } from '../../src/server/app.ts';
import { loadConfig } from '../../src/server/config.ts';
import { openDatabase } from '../../src/server/db/index.ts';
import { ordersSocketsPlugin } from '../../src/server/modules/orders/index.ts';
import { makeOrder, makeRestaurant, makeUser } from '../api/factories/index.ts';

const orders = Number(process.env['BENCH_ORDERS'] ?? 20);
const restaurantCount = Number(process.env['BENCH_RESTAURANTS'] ?? 1);
const db = await openDatabase({ databaseUrl: process.env['DATABASE_URL'] });
const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'warn', SEED_DEMO: 'false' });
config.clientDir = '/nonexistent';
const app = await buildApp({ config, db });
if (!app.hasRoute({ method: 'GET', url: '/ws/orders/:restaurantId/' }))
  await app.register(ordersSocketsPlugin);
await app.listen({ host: '127.0.0.1', port: 0 });
const customer = await makeUser(app);
const restaurants: Array<{ id: number; token: string; fixture: Awaited<ReturnType<typeof makeRestaurant>> }> =
  [];
for (let i = 0; i < restaurantCount; i++) {
  const fixture = await makeRestaurant(db, { name: `Bench Kitchen ${i + 1}` });
  const staff = await makeUser(app, { role: 'staff', restaurantId: fixture.id });
  restaurants.push({ id: fixture.id, token: staff.token, fixture });
}
const made: Array<{ id: number; restaurantId: number }> = [];
for (let i = 0; i < orders; i++) {
  const r = restaurants[i % restaurants.length]!;
  made.push({
    id: (await makeOrder(db, { userId: customer.id, restaurant: r.fixture })).id,
    restaurantId: r.id,
  });
}
const addr = app.server.address();
const port = typeof addr === 'object' && addr ? addr.port : 0;
console.log(
  'BENCH ' +
    JSON.stringify({
      port,
      restaurants: restaurants.map((r) => ({ id: r.id, token: r.token })),
      orders: made,
      db: db.kind,
    }),
);

const stop = () => {
  void app
    .close()
    .then(() => db.close())
    .finally(() => process.exit(0));
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
