// The ceiling the API benchmark compares with: bare Fastify on this machine, one route answering a
// small constant JSON body, no plugins. Listens on a random loopback port and prints "BENCH {port}".
import Fastify from 'fastify';

const app = Fastify({ logger: false });
app.get('/hello', async () => ({ hello: 'world' }));
await app.listen({ host: '127.0.0.1', port: 0 });
const address = app.server.address();
console.log(`BENCH ${JSON.stringify({ port: typeof address === 'object' && address ? address.port : 0 })}`);
const stop = () => void app.close().then(() => process.exit(0));
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
