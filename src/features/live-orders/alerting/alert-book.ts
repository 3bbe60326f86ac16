// Which orders are ringing in this tab (issue 14): an order rings from the moment it reaches the
// restaurant (paid, placed) until it is accepted (any later status) or acknowledged, here, in another
// tab or on another device. Once silenced an order never rings again in this tab. The server's list
// of ringing orders (asked on every (re)connect) is the truth, except for what this tab has seen
// change since it asked. An order scheduled for later waits, silent, until its cooking should start
// (`prepare_at`; the server lists such orders as `upcoming`), then rings like a new order, once.
// Pure: the caller passes the clock.
import type { OrderSocketMessage } from '../../../shared/api/orders.ts';
import { reachedRestaurant } from '../../../shared/order-status.ts';

export interface RingingOrder {
  id: number;
  order_number: string;
  /** When this tab started ringing for it (ms). */
  since: number;
}

export interface BookChange {
  started: RingingOrder[];
  stopped: number[];
}

/** Silenced orders are remembered this long (an order cannot ring again after a day anyway). */
const REMEMBER_SILENCED_MS = 24 * 3600_000;

export class AlertBook {
  private readonly ringing = new Map<number, RingingOrder>();
  private readonly silenced = new Map<number, number>();
  /** Scheduled orders that will ring at their time (ms). */
  private readonly waiting = new Map<number, { id: number; order_number: string; at: number }>();

  /** Ringing orders, oldest first. */
  get list(): RingingOrder[] {
    return [...this.ringing.values()].sort((a, b) => a.since - b.since || a.id - b.id);
  }

  isRinging(id: number): boolean {
    return this.ringing.has(id);
  }

  /** One socket message (live or replayed). */
  apply(m: OrderSocketMessage, now: number): BookChange {
    if (m.type === 'order.acknowledged') return this.silence([m.order.id], now);
    if (m.type !== 'order.created' && m.type !== 'order.updated') return none();
    const o = m.order;
    if (o.status !== 'placed') return this.silence([o.id], now);
    if (!reachedRestaurant(o) || this.silenced.has(o.id) || this.ringing.has(o.id)) return none();
    const ringAt = o.prepare_at ? Date.parse(o.prepare_at) : NaN;
    if (ringAt > now) {
      this.waiting.set(o.id, { id: o.id, order_number: o.order_number, at: ringAt });
      return none();
    }
    const r = { id: o.id, order_number: o.order_number, since: now };
    this.ringing.set(o.id, r);
    return { started: [r], stopped: [] };
  }

  /** Acknowledged or moved on (here, by a sibling tab, or by an event): stop and never ring again. */
  silence(ids: number[], now: number): BookChange {
    this.forgetOld(now);
    const stopped: number[] = [];
    for (const id of ids) {
      this.silenced.set(id, now);
      this.waiting.delete(id);
      if (this.ringing.delete(id)) stopped.push(id);
    }
    return { started: [], stopped };
  }

  /** Scheduled orders still waiting for their time, as the server listed them (`upcoming`). */
  expect(upcoming: ReadonlyArray<{ id: number; order_number: string; ring_at: string }>): void {
    for (const u of upcoming) {
      if (this.silenced.has(u.id) || this.ringing.has(u.id)) continue;
      this.waiting.set(u.id, { id: u.id, order_number: u.order_number, at: Date.parse(u.ring_at) });
    }
  }

  /** When the next waiting order should start ringing (ms), or null when none waits. */
  get nextDue(): number | null {
    let next: number | null = null;
    for (const w of this.waiting.values()) if (next === null || w.at < next) next = w.at;
    return next;
  }

  /** Waiting orders whose time has come start ringing (each once: then they are ringing or silenced). */
  due(now: number): BookChange {
    const started: RingingOrder[] = [];
    for (const [id, w] of this.waiting) {
      if (w.at > now) continue;
      this.waiting.delete(id);
      if (this.silenced.has(id) || this.ringing.has(id)) continue;
      const r = { id, order_number: w.order_number, since: now };
      this.ringing.set(id, r);
      started.push(r);
    }
    return { started, stopped: [] };
  }

  /** An acknowledgement that did not go through: these ring again. */
  unsilence(orders: Array<{ id: number; order_number: string }>, now: number): BookChange {
    const started: RingingOrder[] = [];
    for (const o of orders) {
      this.silenced.delete(o.id);
      if (this.ringing.has(o.id)) continue;
      const r = { id: o.id, order_number: o.order_number, since: now };
      this.ringing.set(o.id, r);
      started.push(r);
    }
    return { started, stopped: [] };
  }

  /**
   * The server's ringing list, asked at `askedAt`. Orders this tab silenced stay silent (an ack may
   * still be on its way); orders that started ringing here after the question stay ringing.
   */
  replace(server: Array<{ id: number; order_number: string }>, askedAt: number, now: number): BookChange {
    const listed = new Set(server.map((o) => o.id));
    const stopped: number[] = [];
    for (const [id, r] of this.ringing) {
      if (!listed.has(id) && r.since < askedAt) {
        this.ringing.delete(id);
        stopped.push(id);
      }
    }
    const started: RingingOrder[] = [];
    for (const o of server) {
      if (this.silenced.has(o.id) || this.ringing.has(o.id)) continue;
      const r = { id: o.id, order_number: o.order_number, since: now };
      this.ringing.set(o.id, r);
      started.push(r);
    }
    return { started, stopped };
  }

  private forgetOld(now: number): void {
    for (const [id, at] of this.silenced) if (now - at > REMEMBER_SILENCED_MS) this.silenced.delete(id);
  }
}

const none = (): BookChange => ({ started: [], stopped: [] });
