// The websocket hub of one server process: listens to order events from the database (so events from
// every process arrive here), loads each order's summary once and fans it out to the staff sockets of
// its restaurant and the tracking sockets of that order. Also keeps sockets alive with ping/pong and,
// on the same beat, closes the sockets whose sign-in session has ended (logout, sign out everywhere,
// account removal), so a signed-out screen stops receiving orders within one heartbeat.
import type { WebSocket } from 'ws';
import { WS_CLOSE } from '../../shared/api/orders.ts';
import type { Db } from '../db/index.ts';
import {
  COURIER_EVENTS_CHANNEL,
  ORDER_EVENTS_CHANNEL,
  parseCourierEvent,
  parseOrderEvent,
  type OrderEvent,
} from './order-events.ts';

export const HEARTBEAT_MS = 30_000;

export interface HubLog {
  warn(obj: unknown, msg?: string): void;
}

export interface HubOptions {
  db: Db;
  /** The order summary sent in messages, or undefined when the order is gone. */
  loadSummary(orderId: number): Promise<unknown>;
  log: HubLog;
  /** Whether restaurant staff may see this order yet (an unpaid checkout is not an order). */
  staffMaySee?(summary: unknown): boolean;
  /** Which of these sign-in sessions are still live (checked once per heartbeat). */
  liveSessions?(sessionIds: string[]): Promise<Set<string>>;
  heartbeatMs?: number;
}

type Topic = Map<number, Set<WebSocket>>;

export class OrderHub {
  private readonly staff: Topic = new Map();
  private readonly trackers: Topic = new Map();
  private readonly alive = new WeakSet<WebSocket>();
  private readonly sessions = new Map<WebSocket, string>();
  private unlisten: Array<() => Promise<void>> = [];
  private heartbeat: NodeJS.Timeout | undefined;
  /** Events are handled one after another so a socket never sees an older summary after a newer one. */
  private queue: Promise<void> = Promise.resolve();

  constructor(private readonly opts: HubOptions) {}

  async start(): Promise<void> {
    this.unlisten.push(
      await this.opts.db.listen(ORDER_EVENTS_CHANNEL, (p) => {
        const event = parseOrderEvent(p);
        if (event) this.queue = this.queue.then(() => this.deliver(event));
      }),
      await this.opts.db.listen(COURIER_EVENTS_CHANNEL, (p) => {
        const e = parseCourierEvent(p);
        if (!e) return;
        const msg = JSON.stringify({
          type: 'courier.location',
          order_id: e.orderId,
          courier: { lat: e.lat, lng: e.lng, updated_at: e.updated_at },
        });
        this.broadcast(this.trackers.get(e.orderId), msg);
      }),
    );
    this.heartbeat = setInterval(() => this.beat(), this.opts.heartbeatMs ?? HEARTBEAT_MS);
    this.heartbeat.unref();
  }

  async stop(): Promise<void> {
    clearInterval(this.heartbeat);
    for (const u of this.unlisten) await u().catch(() => undefined);
    this.unlisten = [];
    for (const topic of [this.staff, this.trackers])
      for (const set of topic.values()) for (const ws of set) ws.close(1001, 'Server shutting down');
    this.staff.clear();
    this.trackers.clear();
    await this.queue;
  }

  addStaff(restaurantId: number, ws: WebSocket, sessionId?: string): void {
    this.add(this.staff, restaurantId, ws, sessionId);
  }

  addTracker(orderId: number, ws: WebSocket, sessionId?: string): void {
    this.add(this.trackers, orderId, ws, sessionId);
  }

  /** Closes the sockets whose session has ended. Runs on every heartbeat. */
  async closeEndedSessions(): Promise<void> {
    if (!this.opts.liveSessions || this.sessions.size === 0) return;
    const live = await this.opts.liveSessions([...new Set(this.sessions.values())]);
    for (const [ws, sessionId] of this.sessions)
      if (!live.has(sessionId)) ws.close(WS_CLOSE.unauthenticated, 'Signed out');
  }

  /** Open sockets (for tests and metrics). */
  counts(): { staff: number; trackers: number } {
    const n = (t: Topic) => [...t.values()].reduce((s, set) => s + set.size, 0);
    return { staff: n(this.staff), trackers: n(this.trackers) };
  }

  private add(topic: Topic, key: number, ws: WebSocket, sessionId: string | undefined): void {
    let set = topic.get(key);
    if (!set) topic.set(key, (set = new Set()));
    set.add(ws);
    this.alive.add(ws);
    if (sessionId) this.sessions.set(ws, sessionId);
    ws.on('pong', () => this.alive.add(ws));
    ws.on('close', () => {
      this.sessions.delete(ws);
      set.delete(ws);
      if (set.size === 0 && topic.get(key) === set) topic.delete(key);
    });
  }

  private async deliver(event: OrderEvent): Promise<void> {
    const staff = this.staff.get(event.restaurantId);
    const trackers = this.trackers.get(event.orderId);
    if (!staff?.size && !trackers?.size) return;
    try {
      const order = await this.opts.loadSummary(event.orderId);
      if (!order) return;
      const msg = JSON.stringify({ type: event.type, order });
      if (this.opts.staffMaySee?.(order) ?? true) this.broadcast(staff, msg);
      this.broadcast(trackers, msg);
    } catch (err) {
      this.opts.log.warn({ err, orderId: event.orderId }, 'order event not delivered');
    }
  }

  private broadcast(set: Set<WebSocket> | undefined, msg: string): void {
    if (!set?.size) return;
    // Encode once for every socket: a restaurant tab may be open on many screens.
    const data = Buffer.from(msg);
    for (const ws of set) if (ws.readyState === ws.OPEN) ws.send(data, { binary: false });
  }

  private beat(): void {
    this.closeEndedSessions().catch((err: unknown) =>
      this.opts.log.warn({ err }, "could not check the sockets' sessions"),
    );
    for (const topic of [this.staff, this.trackers])
      for (const set of topic.values())
        for (const ws of set) {
          if (!this.alive.has(ws)) {
            ws.terminate();
            continue;
          }
          this.alive.delete(ws);
          ws.ping();
        }
  }
}
