// The staff tab's one connection to its restaurant's order socket (issue 14), shared by the order list,
// the connection indicator and the alerting. It is LIVE only while the server's heartbeat arrives: the
// server greets with {"type":"hello"} once any replay is done and pings every heartbeat_ms; two beats
// without a word mean a dead connection (a sleeping router does not close sockets), so the tab drops it
// and reconnects. Every reconnect asks for everything after the last sequence it saw (?after=<seq>), so
// an order placed while the tab was away arrives, in order, before live ones.
//
// Retries: reconnecting-websocket with the 1000 ms connection timeout of docs/product.md (`SOCKET`);
// after 3 quick retries the tab shows OFFLINE but keeps trying, every 10 s at most (a kitchen's tab
// must come back by itself, not wait for someone to press Reconnect).
// The browser going offline shows OFFLINE at once; coming online reconnects at once.
import { ReconnectingWebSocket } from '../../../lib/reconnecting-socket.ts';
import { SOCKET, WS_HEARTBEAT_DEFAULT_MS, WS_MISSED_BEATS } from '../../../shared/constants.ts';
import type { OrderSocketMessage } from '../../../shared/api/orders.ts';
import { WS_CLOSE } from '../../../shared/constants.ts';
import { wsPaths } from '../../../shared/api/paths.ts';

export type ConnectionState = 'live' | 'reconnecting' | 'offline';

export interface ConnectionSnapshot {
  state: ConnectionState;
  /** The server refused this sign-in for this restaurant: retrying cannot help. */
  refused: boolean;
  /** Whether it was ever live (the first connection reads "Connecting", later ones "Reconnecting"). */
  everLive: boolean;
}

/** The server's beat until its hello says otherwise (src/server/realtime/hub.ts). */
export const DEFAULT_HEARTBEAT_MS = WS_HEARTBEAT_DEFAULT_MS;
/** Beats without any message after which the connection counts as dead. */
export const MISSED_BEATS = WS_MISSED_BEATS;
/** Slowest retry once offline. */
export const MAX_RETRY_DELAY_MS = 10_000;

export interface StaffSocketDeps {
  /** The WebSocket class (tests pass a fake). */
  WebSocket?: unknown;
  /** Where online/offline and visibilitychange are heard. */
  win?: Pick<Window, 'addEventListener' | 'removeEventListener'>;
  doc?: Pick<Document, 'addEventListener' | 'removeEventListener' | 'visibilityState'>;
  isOnline?: () => boolean;
  log?: Pick<Console, 'info' | 'warn'>;
}

export function socketUrl(path: string): string {
  return `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}${path}`;
}

type Listener = (m: OrderSocketMessage) => void;

export class StaffSocket {
  private rws: ReconnectingWebSocket | null = null;
  private started = false;
  private snap: ConnectionSnapshot = { state: 'reconnecting', refused: false, everLive: false };
  private lastSeq: number | null = null;
  private beatMs = DEFAULT_HEARTBEAT_MS;
  private failures = 0;
  private watchdog: ReturnType<typeof setTimeout> | undefined;
  private readonly listeners = new Set<Listener>();
  private readonly stateListeners = new Set<() => void>();
  private readonly cleanups: Array<() => void> = [];

  constructor(
    /** The socket URL without the resume query, e.g. ws://host/ws/orders/1/. */
    private readonly url: string,
    private readonly deps: StaffSocketDeps = {},
  ) {}

  get snapshot(): ConnectionSnapshot {
    return this.snap;
  }

  /** The last sequence this tab has seen (what a reconnect resumes after), null before the first. */
  get resumeAfter(): number | null {
    return this.lastSeq;
  }

  start(): void {
    if (this.started) return;
    this.started = true;
    const win = this.deps.win ?? window;
    const doc = this.deps.doc ?? document;
    const offline = () => {
      this.log.info('live orders: the browser is offline');
      this.drop();
      this.set({ state: 'offline' });
    };
    const online = () => this.reconnectNow();
    // A phone waking up: its timers were asleep, so do not wait for the watchdog.
    const visible = () => {
      if (doc.visibilityState === 'visible' && this.snap.state !== 'live') this.reconnectNow();
    };
    win.addEventListener('offline', offline);
    win.addEventListener('online', online);
    doc.addEventListener('visibilitychange', visible);
    this.cleanups.push(
      () => win.removeEventListener('offline', offline),
      () => win.removeEventListener('online', online),
      () => doc.removeEventListener('visibilitychange', visible),
    );
    if (this.online()) this.connect();
    else offline();
  }

  stop(): void {
    this.started = false;
    for (const c of this.cleanups.splice(0)) c();
    this.drop();
  }

  /**
   * Drops the current connection (if any) and connects again now, resuming after the last sequence.
   * After the server refused the sign-in only a press of the button tries again (`byUser`).
   */
  reconnectNow(byUser = false): void {
    if (!this.started || (this.snap.refused && !byUser)) return;
    this.failures = 0;
    this.set({ state: 'reconnecting', refused: false });
    this.connect();
  }

  /** Every message from the server, hello and pings included, in order. */
  subscribe(fn: Listener): () => void {
    this.listeners.add(fn);
    return () => this.listeners.delete(fn);
  }

  /** Called whenever `snapshot` changes (useSyncExternalStore). */
  onChange(fn: () => void): () => void {
    this.stateListeners.add(fn);
    return () => this.stateListeners.delete(fn);
  }

  /**
   * A fresh reconnecting-websocket each time: one that was closed while waiting to retry keeps its
   * connect lock and would never connect again.
   */
  private connect(): void {
    this.drop();
    const rws = new ReconnectingWebSocket(() => this.connectUrl(), [], {
      connectionTimeout: SOCKET.connectionTimeoutMs,
      maxRetries: Infinity,
      minReconnectionDelay: 1000,
      maxReconnectionDelay: MAX_RETRY_DELAY_MS,
      reconnectionDelayGrowFactor: 2,
      ...(this.deps.WebSocket ? { WebSocket: this.deps.WebSocket } : {}),
    });
    this.rws = rws;
    const current = () => this.rws === rws;
    rws.addEventListener('open', () => {
      if (!current()) return;
      this.log.info('live orders: socket connected');
      this.arm(); // the hello is due now; if nothing comes within two beats, start over
    });
    rws.addEventListener('error', () => {
      if (current()) this.log.warn('live orders: socket error');
    });
    rws.addEventListener('close', (e) => {
      if (!current()) return;
      this.log.info('live orders: socket closed', e.code);
      this.disarm();
      if (e.code === WS_CLOSE.unauthenticated || e.code === WS_CLOSE.forbidden) {
        this.drop();
        this.set({ state: 'offline', refused: true });
        return;
      }
      this.failures += 1;
      this.set({ state: this.failures > SOCKET.maxRetries ? 'offline' : 'reconnecting' });
    });
    rws.addEventListener('message', (e: MessageEvent) => {
      if (current()) this.onMessage(e.data);
    });
  }

  private drop(): void {
    this.disarm();
    const rws = this.rws;
    this.rws = null;
    rws?.close(1000, 'reconnecting');
  }

  private get log(): Pick<Console, 'info' | 'warn'> {
    return this.deps.log ?? console;
  }

  private connectUrl(): string {
    return this.lastSeq === null ? this.url : `${this.url}?after=${this.lastSeq}`;
  }

  private online(): boolean {
    return this.deps.isOnline ? this.deps.isOnline() : navigator.onLine !== false;
  }

  private onMessage(data: unknown): void {
    if (typeof data !== 'string') return;
    let m: OrderSocketMessage;
    try {
      m = JSON.parse(data) as OrderSocketMessage;
    } catch {
      this.log.warn('live orders: unreadable message');
      return;
    }
    this.arm(); // any word from the server proves the connection alive
    if (m.type === 'hello') {
      // Everything up to here reached this tab: the next reconnect resumes after it.
      this.lastSeq = m.seq;
      if (m.heartbeat_ms > 0) this.beatMs = m.heartbeat_ms;
      this.failures = 0;
      this.arm();
      this.set({ state: 'live', everLive: true });
    } else if ('seq' in m && typeof m.seq === 'number') {
      this.lastSeq = Math.max(this.lastSeq ?? 0, m.seq);
    }
    for (const fn of this.listeners) {
      try {
        fn(m);
      } catch (err) {
        this.log.warn('live orders: a message handler failed', err);
      }
    }
  }

  private arm(): void {
    this.disarm();
    this.watchdog = setTimeout(() => {
      this.log.warn('live orders: no heartbeat, reconnecting');
      this.reconnectNow();
    }, this.beatMs * MISSED_BEATS);
  }

  private disarm(): void {
    clearTimeout(this.watchdog);
    this.watchdog = undefined;
  }

  private set(next: Partial<ConnectionSnapshot>): void {
    const merged = { ...this.snap, ...next };
    if (
      merged.state === this.snap.state &&
      merged.refused === this.snap.refused &&
      merged.everLive === this.snap.everLive
    )
      return;
    this.snap = merged;
    for (const fn of this.stateListeners) fn();
  }
}

const shared = new Map<string, { socket: StaffSocket; users: number }>();

const makeSocket = (restaurantId: string) =>
  new StaffSocket(socketUrl(wsPaths.restaurant(encodeURIComponent(restaurantId))));

/**
 * The tab's socket for a restaurant (made on first ask, not yet connected): the list, the indicator
 * and the alerting share one connection, and its last sequence outlives a stop.
 */
export function staffSocketFor(restaurantId: string, make = makeSocket): StaffSocket {
  let entry = shared.get(restaurantId);
  if (!entry) shared.set(restaurantId, (entry = { socket: make(restaurantId), users: 0 }));
  return entry.socket;
}

/** Connected while at least one user holds it. */
export function acquireStaffSocket(restaurantId: string): { socket: StaffSocket; release: () => void } {
  const socket = staffSocketFor(restaurantId);
  const entry = shared.get(restaurantId)!;
  entry.users += 1;
  if (entry.users === 1) socket.start();
  let released = false;
  return {
    socket,
    release: () => {
      if (released) return;
      released = true;
      entry.users -= 1;
      if (entry.users === 0) socket.stop();
    },
  };
}
