// Ring until acknowledged (issue 14), for one tab of one restaurant's staff.
// - Which orders ring: AlertBook, fed by the tab's socket (live and replayed events) and by the
//   server's list of ringing orders, asked on every (re)connect.
// - Who rings: one tab per browser, the holder of a Web Lock (LeaderElection). It beeps every few
//   seconds while any order rings, raises the notification for a new order (again while it waits)
//   and for what others did later (staff-news.ts), and sets the app badge. The other tabs show that another tab rings.
// - Tabs share state through a BroadcastChannel: an acknowledgement pressed in one tab silences its
//   siblings at once; the leading tab tells the others whether its sound is blocked.
// - Acknowledge goes through the server, which relays it to every device of the restaurant as an
//   order.acknowledged event: every device stops. A failed acknowledgement keeps ringing and says why.
import type { OrderSocketMessage } from '../../../shared/api/orders.ts';
import type { Acknowledged, RingingList } from '../../../shared/api/order-alerts.ts';
import { AlertBook, type BookChange, type RingingOrder } from './alert-book.ts';
import { LeaderElection, type LockManagerLike } from './leader.ts';
import { staffNews, type SeenOrder } from './staff-news.ts';

/** A beep this often while an order rings. */
export const RING_EVERY_MS = 4000;
/** The notification of a waiting order is raised again this often. */
export const NOTIFY_AGAIN_EVERY_MS = 30_000;
/** Orders whose last state is remembered (a day's worth for a busy kitchen). */
const SEEN_LIMIT = 500;

export type SoundState = 'on' | 'off' | 'blocked';

export interface AlertSnapshot {
  ringing: RingingOrder[];
  /** leader: this tab rings for the browser; follower: another tab of this browser does. */
  role: 'leader' | 'follower';
  /** This tab's sound: off (turned off), blocked (the browser waits for a first tap), on. */
  sound: SoundState;
  /** The leading tab's sound, as it last said (followers); null when not known. */
  leaderSound: SoundState | null;
  acknowledging: boolean;
  /** Why the last acknowledgement did not go through. */
  error: string | null;
  /** Whether the screen is being kept awake (null: this browser cannot). */
  awake: boolean | null;
}

/** The part of BroadcastChannel used here. */
export interface ChannelLike {
  postMessage(m: unknown): void;
  addEventListener(type: 'message', fn: (e: MessageEvent) => void): void;
  removeEventListener(type: 'message', fn: (e: MessageEvent) => void): void;
  close(): void;
}

export interface MessageSource {
  subscribe(fn: (m: OrderSocketMessage) => void): () => void;
  /** Whether the server has greeted this connection already (its ringing list can be asked now). */
  readonly isLive: boolean;
}

export interface AlertDeps {
  locks: LockManagerLike | null;
  /** The tabs' shared channel, opened on start (null: this browser has none). */
  openChannel(): ChannelLike | null;
  fetchRinging(): Promise<RingingList>;
  postAck(orderId: number): Promise<Acknowledged>;
  notify(orderId: number, status: string, again: boolean): void;
  beep(): void;
  /** The sound setting and the browser's permission, combined. */
  sound(): SoundState;
  onSoundChange(fn: () => void): () => void;
  badge(count: number): void;
  /** Keeps the screen on while the page is open; calls back with whether it is held. */
  keepAwake(onChange: (awake: boolean | null) => void): () => void;
  now(): number;
}

type TabMessage =
  | { kind: 'ack'; ids: number[] }
  | { kind: 'unack'; orders: Array<{ id: number; order_number: string }> }
  | { kind: 'leader'; sound: SoundState }
  | { kind: 'ask' };

export class AlertController {
  private readonly book = new AlertBook();
  private readonly lockName: string;
  private election: LeaderElection;
  private channel: ChannelLike | null = null;
  private snap: AlertSnapshot;
  private readonly listeners = new Set<() => void>();
  private readonly cleanups: Array<() => void> = [];
  private ringTimer: ReturnType<typeof setInterval> | undefined;
  private lastNotified = 0;
  private asking: Promise<void> | null = null;
  private readonly seen = new Map<number, SeenOrder>();
  private dueTimer: ReturnType<typeof setTimeout> | undefined;

  constructor(
    restaurantId: string,
    private readonly source: MessageSource,
    private readonly deps: AlertDeps,
  ) {
    this.snap = {
      ringing: [],
      role: 'follower',
      sound: deps.sound(),
      leaderSound: null,
      acknowledging: false,
      error: null,
      awake: null,
    };
    this.lockName = `live-orders-alert-${restaurantId}`;
    this.election = this.newElection();
  }

  private newElection(): LeaderElection {
    return new LeaderElection(this.lockName, (l) => this.onLeader(l), this.deps.locks);
  }

  get snapshot(): AlertSnapshot {
    return this.snap;
  }

  onChange(fn: () => void): () => void {
    this.listeners.add(fn);
    return () => this.listeners.delete(fn);
  }

  /** Starts (again, after stop) listening, electing and ringing. */
  start(): void {
    this.cleanups.push(this.source.subscribe((m) => this.onSocket(m)));
    const channel = this.deps.openChannel();
    this.channel = channel;
    const onTab = (e: MessageEvent) => this.onTab(e.data as TabMessage);
    channel?.addEventListener('message', onTab);
    this.cleanups.push(() => {
      channel?.removeEventListener('message', onTab);
      channel?.close();
      if (this.channel === channel) this.channel = null;
    });
    this.cleanups.push(
      this.deps.onSoundChange(() => {
        const before = this.snap.sound;
        this.set({ sound: this.deps.sound() });
        if (!this.election.isLeader) return;
        this.tell({ kind: 'leader', sound: this.snap.sound });
        // Sound just allowed (the staff tapped) while an order waits: ring now, not at the next beat.
        if (before !== 'on' && this.snap.sound === 'on' && this.book.list.length) this.deps.beep();
      }),
    );
    this.cleanups.push(this.deps.keepAwake((awake) => this.set({ awake })));
    this.election = this.newElection();
    this.election.start();
    this.tell({ kind: 'ask' });
    if (this.source.isLive) void this.askServer();
  }

  stop(): void {
    this.election.stop();
    this.stopRinging();
    clearTimeout(this.dueTimer);
    this.dueTimer = undefined;
    for (const c of this.cleanups.splice(0)) c();
  }

  /** Silences every ringing order on every device (through the server). */
  async acknowledge(): Promise<void> {
    const orders = this.book.list;
    if (orders.length === 0) return;
    const ids = orders.map((o) => o.id);
    this.change(this.book.silence(ids, this.deps.now()));
    this.tell({ kind: 'ack', ids });
    this.set({ acknowledging: true, error: null });
    const results = await Promise.allSettled(ids.map((id) => this.deps.postAck(id)));
    const failed: Array<{ id: number; order_number: string }> = [];
    let error: string | null = null;
    results.forEach((r, i) => {
      if (r.status === 'fulfilled') return;
      const err = r.reason as { status?: number; message?: string };
      // 404: not this restaurant's order any more (or gone): nothing left to ring for.
      if (err.status === 404) return;
      failed.push(orders[i]!);
      error ??= `Could not acknowledge order ${orders[i]!.order_number}: ${err.message ?? 'try again'}`;
    });
    if (failed.length) {
      this.change(this.book.unsilence(failed, this.deps.now()));
      this.tell({ kind: 'unack', orders: failed });
    }
    this.set({ acknowledging: false, error });
  }

  /** Ring in this tab instead of the leading one (e.g. its sound is blocked). */
  takeOver(): void {
    this.election.takeOver();
  }

  private onSocket(m: OrderSocketMessage): void {
    if (m.type === 'hello') {
      void this.askServer();
      return;
    }
    if (m.type !== 'order.created' && m.type !== 'order.updated' && m.type !== 'order.acknowledged') return;
    this.change(this.book.apply(m, this.deps.now()));
    this.watchDue();
    // A new order's notification is raised in change(); of later updates only what someone else did.
    const news = staffNews(this.seen.get(m.order.id), m.order, this.deps.now());
    this.remember(m.order);
    if (this.election.isLeader && m.type !== 'order.acknowledged' && news)
      this.deps.notify(m.order.id, news, false);
  }

  /** The last state heard of each recent order, to tell its news from staff's own steps. */
  private remember(o: SeenOrder & { id: number }): void {
    this.seen.delete(o.id);
    this.seen.set(o.id, {
      status: o.status,
      payment_status: o.payment_status,
      refund_pending: o.refund_pending,
    });
    if (this.seen.size > SEEN_LIMIT) this.seen.delete(this.seen.keys().next().value!);
  }

  private onTab(m: TabMessage): void {
    if (m.kind === 'ack') this.change(this.book.silence(m.ids, this.deps.now()));
    else if (m.kind === 'unack') this.change(this.book.unsilence(m.orders, this.deps.now()));
    else if (m.kind === 'leader') this.set({ leaderSound: m.sound });
    else if (this.election.isLeader) this.tell({ kind: 'leader', sound: this.snap.sound });
  }

  /** The server's list of ringing orders; one question at a time. */
  private askServer(): Promise<void> {
    this.asking ??= (async () => {
      const askedAt = this.deps.now();
      try {
        const list = await this.deps.fetchRinging();
        this.change(this.book.replace(list.results, askedAt, this.deps.now()));
        this.book.expect(list.upcoming ?? []);
        this.watchDue();
      } catch (err) {
        // The events still ring; the next reconnect asks again.
        console.warn('live orders: could not load the ringing orders', err);
      } finally {
        this.asking = null;
      }
    })();
    return this.asking;
  }

  /** Wakes when the next scheduled order's cooking should start, and rings for it then. */
  private watchDue(): void {
    clearTimeout(this.dueTimer);
    this.dueTimer = undefined;
    const next = this.book.nextDue;
    if (next === null) return;
    // Timers cap near 24.8 days; a shorter wait is woken early and simply waits again.
    const wait = Math.min(Math.max(0, next - this.deps.now()), 3_600_000);
    this.dueTimer = setTimeout(() => {
      this.change(this.book.due(this.deps.now()));
      this.watchDue();
    }, wait);
  }

  private change(c: BookChange): void {
    if (c.started.length === 0 && c.stopped.length === 0) return;
    this.set({ ringing: this.book.list });
    if (!this.election.isLeader) return;
    for (const r of c.started) this.deps.notify(r.id, 'placed', false);
    if (c.started.length) this.ringNow();
    this.deps.badge(this.book.list.length);
    this.syncRinging();
  }

  private onLeader(leading: boolean): void {
    this.set({ role: leading ? 'leader' : 'follower', leaderSound: leading ? null : this.snap.leaderSound });
    if (!leading) {
      this.stopRinging();
      return;
    }
    this.tell({ kind: 'leader', sound: this.snap.sound });
    this.deps.badge(this.book.list.length);
    // Taking over while orders wait: ring at once, from this tab.
    if (this.book.list.length) {
      for (const r of this.book.list) this.deps.notify(r.id, 'placed', true);
      this.ringNow();
    }
    this.syncRinging();
  }

  private ringNow(): void {
    this.lastNotified = this.deps.now();
    if (this.snap.sound === 'on') this.deps.beep();
  }

  /** The ringing loop runs while this tab leads and an order waits. */
  private syncRinging(): void {
    const should = this.election.isLeader && this.book.list.length > 0;
    if (should && !this.ringTimer) {
      this.ringTimer = setInterval(() => {
        if (this.snap.sound === 'on') this.deps.beep();
        if (this.deps.now() - this.lastNotified >= NOTIFY_AGAIN_EVERY_MS) {
          this.lastNotified = this.deps.now();
          for (const r of this.book.list) this.deps.notify(r.id, 'placed', true);
        }
      }, RING_EVERY_MS);
    } else if (!should) this.stopRinging();
  }

  private stopRinging(): void {
    clearInterval(this.ringTimer);
    this.ringTimer = undefined;
  }

  private tell(m: TabMessage): void {
    try {
      this.channel?.postMessage(m);
    } catch {
      // A closed channel (the page is going away): nothing to tell.
    }
  }

  private set(next: Partial<AlertSnapshot>): void {
    this.snap = { ...this.snap, ...next };
    for (const fn of this.listeners) fn();
  }
}
