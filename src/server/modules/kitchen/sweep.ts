// The kitchen sweep, run by every server process every KITCHEN_SWEEP_INTERVAL_MS: ends timed pauses and
// timed out-of-stock marks that ran out (so stored state, search and carts agree with what discovery
// computes per request), and pauses a restaurant no staff device has watched for
// UNATTENDED_PAUSE_AFTER_S during its opening hours, or ends that pause. Each change is one conditional
// UPDATE, so when several processes sweep at once exactly one of them makes (and logs) it.
import type { Db, Queryable } from '../../db/index.ts';
import { isOpenAtMinute, istMinuteOfDay } from '../../../shared/opening-hours.ts';
import { UNATTENDED_REASON, openedAt } from '../../../shared/kitchen.ts';
import { HEARTBEAT_MS } from '../../realtime/hub.ts';
import {
  clearUnattended,
  expirePauses,
  expireStock,
  insertLog,
  purgePresence,
  setUnattended,
  watchedRestaurants,
  type WatchedRestaurant,
} from './queries.ts';

/**
 * A presence row refreshed within this long counts as a live process: nine of the hub's 10 s beats, so
 * a busy process that misses a few refreshes still counts, and a crashed one stops counting in 90 s.
 */
export const LIVE_WINDOW_MS = 9 * HEARTBEAT_MS;

export interface UnattendedRule {
  /** 0 turns the unattended pause off. */
  afterMs: number;
  now: Date;
}

export type Watch = Pick<WatchedRestaurant, 'open_minute' | 'close_minute' | 'last_seen_at' | 'live'>;

/**
 * Whether a restaurant should be paused as unattended at `now`: a staff device has connected for it
 * before (the watch is armed), none is connected now, it is open, and the last device left at least
 * `afterMs` ago, counted from this opening at the earliest (staff get `afterMs` to connect after opening).
 */
export function unattendedDue(w: Watch, rule: UnattendedRule): boolean {
  if (rule.afterMs <= 0 || w.live || w.last_seen_at === null) return false;
  if (!isOpenAtMinute(w.open_minute, w.close_minute, istMinuteOfDay(rule.now))) return false;
  const opened = openedAt(w.open_minute, w.close_minute, rule.now)?.getTime() ?? -Infinity;
  const since = Math.max(new Date(w.last_seen_at).getTime(), opened);
  return rule.now.getTime() - since >= rule.afterMs;
}

/** Why an unattended pause ends (the history's note). */
function endReason(w: Watch, rule: UnattendedRule): string {
  if (rule.afterMs <= 0) return 'unattended pause turned off';
  if (w.live) return 'staff device connected';
  if (!isOpenAtMinute(w.open_minute, w.close_minute, istMinuteOfDay(rule.now))) return 'closed for the day';
  return w.last_seen_at === null ? 'no staff device watch' : 'staff device connected';
}

/** Ends the unattended pause of restaurants a staff device just connected for (logs each one ended). */
export async function resumeAttended(db: Db, restaurantIds: number[]): Promise<number[]> {
  if (restaurantIds.length === 0) return [];
  return db.transaction(async (tx) => {
    const ended = await clearUnattended(tx, restaurantIds);
    for (const id of ended) await logAuto(tx, id, 'auto_resume', 'staff device connected');
    return ended;
  });
}

const logAuto = (tx: Queryable, restaurantId: number, action: string, note: string, at?: Date) =>
  insertLog(tx, { restaurantId, actorUserId: null, action, note, ...(at ? { at } : {}) });

export interface SweepOptions {
  now: Date;
  /** UNATTENDED_PAUSE_AFTER_S in ms; 0: never pause for that. */
  unattendedAfterMs: number;
  liveWindowMs?: number;
}

export interface SweepResult {
  pausesEnded: number[];
  restocked: number[];
  pausedUnattended: number[];
  resumedUnattended: number[];
}

export async function sweepKitchen(db: Db, o: SweepOptions): Promise<SweepResult> {
  const { now } = o;
  const pausesEnded = await db.transaction(async (tx) => {
    const rows = await expirePauses(tx, now);
    for (const r of rows)
      await insertLog(tx, {
        restaurantId: r.id,
        actorUserId: null,
        action: 'resume',
        from: `paused_until:${new Date(r.paused_until).toISOString()}`,
        to: 'accepting',
        note: 'pause time up',
        at: new Date(r.paused_until),
      });
    return rows.map((r) => r.id);
  });
  const restocked = await db.transaction(async (tx) => {
    const rows = await expireStock(tx, now);
    for (const r of rows)
      await insertLog(tx, {
        restaurantId: r.restaurant_id,
        actorUserId: null,
        action: 'stock',
        subject: r.name,
        subjectId: r.id,
        from: `out_until:${new Date(r.out_of_stock_until).toISOString()}`,
        to: 'in_stock',
        note: 'out-of-stock time up',
        at: new Date(r.out_of_stock_until),
      });
    return rows.map((r) => r.id);
  });

  const rule = { afterMs: o.unattendedAfterMs, now };
  const watched = await watchedRestaurants(db, new Date(now.getTime() - (o.liveWindowMs ?? LIVE_WINDOW_MS)));
  const pausedUnattended: number[] = [];
  const resumedUnattended: number[] = [];
  for (const w of watched) {
    const due = unattendedDue(w, rule);
    if (due && w.unattended_since === null) {
      await db.transaction(async (tx) => {
        if (await setUnattended(tx, w.id, now)) {
          await logAuto(tx, w.id, 'auto_pause', UNATTENDED_REASON);
          pausedUnattended.push(w.id);
        }
      });
    } else if (!due && w.unattended_since !== null) {
      await db.transaction(async (tx) => {
        if ((await clearUnattended(tx, [w.id])).length) {
          await logAuto(tx, w.id, 'auto_resume', endReason(w, rule));
          resumedUnattended.push(w.id);
        }
      });
    }
  }
  await purgePresence(db, now);
  return { pausesEnded, restocked, pausedUnattended, resumedUnattended };
}

export interface SweepLog {
  warn(obj: unknown, msg?: string): void;
}

/** Sweeps every `intervalMs` until the returned stop is called (it waits for a sweep under way). */
export function startKitchenSweep(
  db: Db,
  opts: { intervalMs: number; unattendedAfterMs: number },
  log: SweepLog,
): () => Promise<void> {
  let running: Promise<void> | undefined;
  const timer = setInterval(() => {
    if (running) return;
    running = sweepKitchen(db, { now: new Date(), unattendedAfterMs: opts.unattendedAfterMs })
      .then(
        () => undefined,
        (err: unknown) => log.warn({ err }, 'kitchen sweep failed'),
      )
      .finally(() => {
        running = undefined;
      });
  }, opts.intervalMs);
  timer.unref();
  return async () => {
    clearInterval(timer);
    await running;
  };
}
