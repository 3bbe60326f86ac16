// The websocket hub of one server process: listens to order events from the database (so events from
// every process arrive here), loads each order's summary once and fans it out to the staff sockets of
// its restaurant and the tracking sockets of that order. Nothing is missed across a gap: the hub keeps
// the last sequence it delivered per restaurant, fills any hole from the order_events table, catches
// up after the database's LISTEN connection comes back, and replays to a staff socket that resumes
// from a sequence it saw. Also keeps sockets alive with ping/pong and, on the same beat, closes the
// sockets whose sign-in session has ended (logout, sign out everywhere, account removal).
//
// Heartbeat (issue 14): every beat (10 s) each socket gets a protocol ping and an application
// {"type":"ping"} message. A socket that did not answer the previous protocol ping is terminated, so
// the server drops a dead connection within two beats; browsers cannot see protocol pings, so the
// staff tab watches the application pings and reconnects after two beats without one. A staff socket
// is greeted with {"type":"hello","seq","heartbeat_ms"} once any replay is done: the sequence to
// resume from next time, and the beat to watch.
import type { WebSocket } from 'ws';
import { WS_CLOSE } from '../../shared/api/orders.ts';
import type { Db } from '../db/index.ts';
import {
  COURIER_EVENTS_CHANNEL,
  ORDER_EVENTS_CHANNEL,
  eventsAfter,
  latestSeqs,
  parseCourierEvent,
  parseOrderEvent,
  type SequencedOrderEvent,
} from './order-events.ts';

export const HEARTBEAT_MS = 10_000;
/** Events read per query while replaying to a tab that was away. */
const REPLAY_BATCH = 500;
/** Encoded once: it goes to every socket on every beat. */
const PING = Buffer.from(JSON.stringify({ type: 'ping' }));

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
  /**
   * Staff presence: this process now holds `connections` staff sockets of the restaurant. Called on
   * every connect (`arrived`), disconnect, and for each restaurant with staff sockets on every beat.
   */
  onStaffPresence?(restaurantId: number, connections: number, arrived: boolean): void;
  heartbeatMs?: number;
}

type Topic = Map<number, Set<WebSocket>>;

export class OrderHub {
  private readonly staff: Topic = new Map();
  private readonly trackers: Topic = new Map();
  private readonly alive = new WeakSet<WebSocket>();
  private readonly sessions = new Map<WebSocket, string>();
  /** Last sequence delivered, per restaurant with at least one socket here (staff or tracker). */
  private readonly delivered = new Map<number, number>();
  /** Sockets per restaurant of interest, so its sequence is forgotten with its last socket. */
  private readonly interest = new Map<number, number>();
  private unlisten: Array<() => Promise<void>> = [];
  private heartbeat: NodeJS.Timeout | undefined;
  /** Everything runs one after another, so a socket never sees an older summary after a newer one. */
  private queue: Promise<void> = Promise.resolve();

  constructor(private readonly opts: HubOptions) {}

  async start(): Promise<void> {
    this.unlisten.push(
      await this.opts.db.listen(
        ORDER_EVENTS_CHANNEL,
        (p) => {
          const event = parseOrderEvent(p);
          if (event) this.enqueue(() => this.onEvent(event));
        },
        () => this.enqueue(() => this.catchUp()),
      ),
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
    this.heartbeat = setInterval(() => this.beat(), this.heartbeatMs);
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

  /**
   * A staff socket of a restaurant. With `resumeAfter` (the last sequence that tab saw), it first gets
   * every event it missed since, then live ones.
   */
  addStaff(restaurantId: number, ws: WebSocket, sessionId?: string, resumeAfter?: number): void {
    this.add(this.staff, restaurantId, restaurantId, ws, sessionId);
    this.enqueue(async () => {
      if (resumeAfter !== undefined) await this.replayTo(ws, restaurantId, resumeAfter);
      this.greet(ws, restaurantId);
    });
  }

  addTracker(orderId: number, restaurantId: number, ws: WebSocket, sessionId?: string): void {
    this.add(this.trackers, orderId, restaurantId, ws, sessionId);
  }

  /** Resolves once everything queued so far has been handled (tests). */
  idle(): Promise<void> {
    return this.queue;
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

  private enqueue(task: () => Promise<void>): void {
    this.queue = this.queue.then(task).catch((err: unknown) => {
      this.opts.log.warn({ err }, 'order event handling failed');
    });
  }

  private add(topic: Topic, key: number, restaurantId: number, ws: WebSocket, sessionId?: string): void {
    let set = topic.get(key);
    if (!set) topic.set(key, (set = new Set()));
    set.add(ws);
    this.alive.add(ws);
    if (topic === this.staff) this.opts.onStaffPresence?.(key, set.size, true);
    if (sessionId) this.sessions.set(ws, sessionId);
    const sockets = (this.interest.get(restaurantId) ?? 0) + 1;
    this.interest.set(restaurantId, sockets);
    // From now on this restaurant's events matter here: start from its current sequence.
    if (sockets === 1) this.enqueue(() => this.startFromLatest(restaurantId));
    ws.on('pong', () => this.alive.add(ws));
    ws.on('close', () => {
      this.sessions.delete(ws);
      set.delete(ws);
      if (set.size === 0 && topic.get(key) === set) topic.delete(key);
      if (topic === this.staff) this.opts.onStaffPresence?.(key, set.size, false);
      const left = (this.interest.get(restaurantId) ?? 1) - 1;
      if (left > 0) this.interest.set(restaurantId, left);
      else {
        this.interest.delete(restaurantId);
        this.delivered.delete(restaurantId);
      }
    });
  }

  /** Everything up to this sequence has reached the socket (live or replayed): resume after it. */
  private greet(ws: WebSocket, restaurantId: number): void {
    if (ws.readyState !== ws.OPEN) return;
    const seq = this.delivered.get(restaurantId) ?? 0;
    ws.send(JSON.stringify({ type: 'hello', seq, heartbeat_ms: this.heartbeatMs }));
  }

  private get heartbeatMs(): number {
    return this.opts.heartbeatMs ?? HEARTBEAT_MS;
  }

  private async startFromLatest(restaurantId: number): Promise<void> {
    if (!this.interest.has(restaurantId) || this.delivered.has(restaurantId)) return;
    const seqs = await latestSeqs(this.opts.db, [restaurantId]);
    this.delivered.set(restaurantId, seqs.get(restaurantId) ?? 0);
  }

  private async onEvent(event: SequencedOrderEvent): Promise<void> {
    const last = this.delivered.get(event.restaurantId);
    if (last === undefined || event.seq <= last) return; // nobody here, or already delivered
    if (event.seq === last + 1) return this.deliver(event);
    // A hole: a NOTIFY was lost. Deliver what is missing, in order, from the table.
    for (const e of await eventsAfter(this.opts.db, new Map([[event.restaurantId, last]])))
      await this.deliver(e);
  }

  /** After the LISTEN connection came back: everything committed meanwhile, for every restaurant here. */
  private async catchUp(): Promise<void> {
    for (const e of await eventsAfter(this.opts.db, this.delivered)) await this.deliver(e);
  }

  private async replayTo(ws: WebSocket, restaurantId: number, after: number): Promise<void> {
    const upTo = this.delivered.get(restaurantId) ?? 0;
    // In batches, all the way: the greeting that follows says everything up to `upTo` was sent.
    for (let from = after; from < upTo;) {
      const batch = await eventsAfter(this.opts.db, new Map([[restaurantId, from]]), REPLAY_BATCH);
      if (batch.length === 0) return;
      for (const e of batch) {
        if (e.seq > upTo || ws.readyState !== ws.OPEN) return; // later ones reach it live
        const order = await this.opts.loadSummary(e.orderId);
        if (order && (this.opts.staffMaySee?.(order) ?? true))
          ws.send(JSON.stringify({ type: e.type, order, seq: e.seq }));
        from = e.seq;
      }
    }
  }

  /** Sends one event to this process's sockets; a failure leaves it undelivered, to be refilled. */
  private async deliver(event: SequencedOrderEvent): Promise<void> {
    const last = this.delivered.get(event.restaurantId);
    if (last === undefined || event.seq <= last) return;
    const staff = this.staff.get(event.restaurantId);
    // An acknowledgement silences staff screens; it is no news to the customer.
    const trackers = event.type === 'order.acknowledged' ? undefined : this.trackers.get(event.orderId);
    const order = staff?.size || trackers?.size ? await this.opts.loadSummary(event.orderId) : undefined;
    this.delivered.set(event.restaurantId, event.seq);
    if (!order) return;
    const msg = JSON.stringify({ type: event.type, order, seq: event.seq });
    if (this.opts.staffMaySee?.(order) ?? true) this.broadcast(staff, msg);
    this.broadcast(trackers, msg);
  }

  private broadcast(set: Set<WebSocket> | undefined, msg: string): void {
    if (!set?.size) return;
    // Encode once for every socket: a restaurant tab may be open on many screens.
    const data = Buffer.from(msg);
    for (const ws of set) if (ws.readyState === ws.OPEN) ws.send(data, { binary: false });
  }

  private beat(): void {
    for (const [restaurantId, set] of this.staff) this.opts.onStaffPresence?.(restaurantId, set.size, false);
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
          if (ws.readyState === ws.OPEN) ws.send(PING, { binary: false });
        }
  }
}
