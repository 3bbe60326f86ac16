// Where the per-route flood limits (@fastify/rate-limit) count (docs/decisions/0013): in Redis when
// REDIS_URL is set, else in PostgreSQL's flood_limits table, so any number of API processes on one
// database count together; on the embedded database, which lives in one process, in memory.
import type { FastifyInstance } from 'fastify';
import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import { Redis } from 'ioredis';
import type { Db } from '../db/index.ts';

type Store = FastifyRateLimitStore;
/** What the plugin passes to child(): the route's merged limit options, with the route's identity. */
type ChildOptions = Parameters<Store['child']>[0] & { routeInfo?: { method: string; url: string } };

/** How long a start waits for Redis before serving without it. */
const REDIS_CONNECT_WAIT_MS = 2_000;
/** How often expired windows are deleted from flood_limits. */
const PURGE_EVERY_MS = 10 * 60_000;

/** Fixed windows in flood_limits: one upsert per counted request, atomic across processes. */
function postgresStore(db: Db, prefix = 'rl:'): Store {
  return {
    incr(key, done, timeWindowMs) {
      db.query<{ hits: number; ttl: number }>(
        `insert into flood_limits as f (key, hits, window_ends)
              values ($1, 1, clock_timestamp() + $2 * interval '1 millisecond')
         on conflict (key) do update set
              hits = case when f.window_ends <= clock_timestamp() then 1 else f.hits + 1 end,
              window_ends = case when f.window_ends <= clock_timestamp()
                                 then clock_timestamp() + $2 * interval '1 millisecond'
                                 else f.window_ends end
         returning hits, greatest(0, ceil(extract(epoch from window_ends - clock_timestamp()) * 1000))::int as ttl`,
        [prefix + key, timeWindowMs],
      ).then(
        ([row]) => done(null, { current: row!.hits, ttl: row!.ttl }),
        (err: unknown) => done(err instanceof Error ? err : new Error(String(err))),
      );
    },
    child: (options) => {
      const route = (options as ChildOptions).routeInfo;
      return postgresStore(db, `${prefix}${route ? route.method + route.url : options.url}:`);
    },
  };
}

export type FloodLimitStore =
  | { kind: 'memory' }
  | { kind: 'postgres'; store: FastifyRateLimitStoreCtor }
  | { kind: 'redis'; redis: Redis };

/**
 * Chooses the store and ties its upkeep to the app: the Redis connection closes with it, and a
 * PostgreSQL store deletes expired windows now and then.
 */
export function floodLimitStore(app: FastifyInstance, db: Db, redisUrl: string | undefined): FloodLimitStore {
  if (redisUrl) {
    // No offline queue: while Redis is away a request is not held up, it is let through (skipOnError).
    const redis = new Redis(redisUrl, { enableOfflineQueue: false, maxRetriesPerRequest: 1 });
    redis.on('error', (err: Error) => app.log.warn({ err: err.message }, 'flood limits: redis unavailable'));
    // Start counting from the first request: wait (briefly) for the connection before listening.
    app.addHook('onReady', async () => {
      if (redis.status === 'ready') return;
      const connected = await new Promise<boolean>((resolve) => {
        const timer = setTimeout(() => resolve(false), REDIS_CONNECT_WAIT_MS);
        redis.once('ready', () => {
          clearTimeout(timer);
          resolve(true);
        });
      });
      if (!connected)
        app.log.warn('flood limits: redis not reachable yet; requests pass uncounted until it is');
    });
    app.addHook('onClose', async () => {
      redis.disconnect();
    });
    return { kind: 'redis', redis };
  }
  if (db.kind !== 'postgres') return { kind: 'memory' };
  const purge = setInterval(() => {
    db.query(`delete from flood_limits where window_ends < now() - interval '1 minute'`).catch(
      (err: unknown) => app.log.warn({ err }, 'flood limits: purge failed'),
    );
  }, PURGE_EVERY_MS);
  purge.unref();
  app.addHook('onClose', async () => clearInterval(purge));
  const root = postgresStore(db);
  // The plugin constructs the store it is given (`new store(options)`); this class hands it ours.
  const store = class {
    constructor() {
      return root;
    }
  } as unknown as FastifyRateLimitStoreCtor;
  return { kind: 'postgres', store };
}
