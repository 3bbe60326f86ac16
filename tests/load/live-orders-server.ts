// Server side of the live-orders benchmark: the real app with the order sockets on a fresh database
// (in-memory PGlite, or DATABASE_URL), one restaurant with a staff member and paid orders, listening
// on a loopback port. Prints one JSON line {port, token, orderIds} and serves until SIGTERM.
import { buildApp } from '../../src/server/app.ts';
import { loadConfig } from '../../src/server/config.ts';
import { openDatabase } from '../../src/server/db/index.ts';
import { ordersSocketsPlugin } from '../../src/server/modules/orders/index.ts';
import { makeOrder, makeRestaurant, makeUser } from '../api/factories-orders.ts';

const orders = Number(process.env['BENCH_ORDERS'] ?? 20);
const db = await openDatabase({ databaseUrl: process.env['DATABASE_URL'] });
const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'warn', SEED_DEMO: 'false' });
config.clientDir = '/nonexistent';
const app = await buildApp({ config, db });
if (!app.hasRoute({ method: 'GET', url: '/ws/orders/:restaurantId/' }))
  await app.register(ordersSocketsPlugin);
await app.listen({ host: '127.0.0.1', port: 0 });
const restaurant = await makeRestaurant(db, { name: 'Bench Kitchen' });
const customer = await makeUser(app);
const staff = await makeUser(app, { role: 'staff', restaurantId: restaurant.id });
const orderIds: number[] = [];
for (let i = 0; i < orders; i++) orderIds.push((await makeOrder(db, { userId: customer.id, restaurant })).id);
const addr = app.server.address();
const port = typeof addr === 'object' && addr ? addr.port : 0;
console.log(
  'BENCH ' + JSON.stringify({ port, token: staff.token, restaurantId: restaurant.id, orderIds, db: db.kind }),
);

const stop = () => {
  void app
    .close()
    .then(() => db.close())
    .finally(() => process.exit(0));
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
