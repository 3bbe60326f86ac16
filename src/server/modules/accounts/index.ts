// The accounts API module (routes under /api): sign-up, login, tokens, profile, addresses, removal.
import type { FastifyPluginAsync } from 'fastify';
import { dummyHash } from '../../auth/passwords.ts';
import { runAccountsHousekeeping } from './removal-job.ts';
import { registerAccountRoutes } from './routes.ts';

const HOUSEKEEPING_EVERY_MS = 60 * 60 * 1000;
const FIRST_HOUSEKEEPING_MS = 30 * 1000;

export const accountsModule: FastifyPluginAsync = async (app) => {
  registerAccountRoutes(app);

  // Removal and clean-up run in every process; each account is anonymised in its own locked
  // transaction, so two processes never do it twice.
  let timers: NodeJS.Timeout[] = [];
  let running: Promise<unknown> = Promise.resolve();
  const run = () => {
    running = running
      .then(() => runAccountsHousekeeping(app.db, app.config.ACCOUNT_REMOVAL_GRACE_DAYS))
      .then((ids) => {
        if (ids.length) app.log.info({ count: ids.length }, 'anonymised removed accounts');
      })
      .catch((err: unknown) => app.log.error({ err }, 'accounts housekeeping failed'));
  };
  app.addHook('onReady', async () => {
    // Warm the dummy hash so the first unknown-number login costs what every other one does.
    await dummyHash();
    timers = [
      setTimeout(run, FIRST_HOUSEKEEPING_MS).unref(),
      setInterval(run, HOUSEKEEPING_EVERY_MS).unref(),
    ];
  });
  app.addHook('onClose', async () => {
    for (const t of timers) clearTimeout(t);
    timers = [];
    await running;
  });
};
