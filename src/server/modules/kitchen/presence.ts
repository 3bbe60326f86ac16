// Staff device presence of one server process, in the database (restaurant_presence) so that every
// process and the next start see it: the order hub reports its staff socket count per restaurant on
// connect, disconnect and every heartbeat; the counts are written in batches (one statement per
// batch however many sockets connect at once), and a restaurant whose device just connected leaves
// its unattended pause at once (docs/kitchen-controls.md).
import { randomUUID } from 'node:crypto';
import type { Db } from '../../db/index.ts';
import { releaseProcess, upsertPresence } from './queries.ts';
import { resumeAttended } from './sweep.ts';

export interface PresenceLog {
  warn(obj: unknown, msg?: string): void;
}

/** A class: the batch of counts not yet written and the write chain live across sockets, one per process. */
export class StaffPresence {
  readonly processId = randomUUID();
  private pending = new Map<number, { connections: number; arrived: boolean }>();
  private scheduled = false;
  private stopped = false;
  /** Batches run one after another, so a later count never lands before an earlier one. */
  private chain: Promise<void> = Promise.resolve();

  constructor(
    private readonly db: Db,
    private readonly log: PresenceLog,
  ) {}

  /** This process now holds `connections` staff sockets of the restaurant; `arrived`: one just opened. */
  mark(restaurantId: number, connections: number, arrived: boolean): void {
    if (this.stopped) return;
    const before = this.pending.get(restaurantId);
    this.pending.set(restaurantId, { connections, arrived: arrived || (before?.arrived ?? false) });
    if (this.scheduled) return;
    this.scheduled = true;
    setImmediate(() => {
      this.scheduled = false;
      this.chain = this.chain.then(() => this.flush());
    });
  }

  /** Resolves once everything marked so far is written (tests). */
  async idle(): Promise<void> {
    while (this.scheduled) await new Promise((r) => setImmediate(r));
    await this.chain;
  }

  /** No sockets left here: this process's rows say so (last seen now), and later marks are ignored. */
  async stop(): Promise<void> {
    await this.idle();
    this.stopped = true;
    await releaseProcess(this.db, this.processId).catch((err: unknown) =>
      this.log.warn({ err }, 'could not release staff presence'),
    );
  }

  private async flush(): Promise<void> {
    if (this.pending.size === 0) return;
    const batch = this.pending;
    this.pending = new Map();
    try {
      await upsertPresence(
        this.db,
        this.processId,
        new Map([...batch].map(([id, v]) => [id, v.connections])),
      );
      const arrived = [...batch].filter(([, v]) => v.arrived && v.connections > 0).map(([id]) => id);
      await resumeAttended(this.db, arrived);
    } catch (err) {
      // The next heartbeat writes the counts again; the sweep ends an unattended pause meanwhile.
      this.log.warn({ err }, 'could not record staff presence');
    }
  }
}
