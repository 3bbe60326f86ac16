// Web Push rules: who may save a subscription, which order events notify whom, and sending each
// notification once. Every server process hears every order event (the channel the websocket hub
// listens to); for each one it inserts one delivery row per subscription that should hear about it,
// `on conflict do nothing`, and sends only the rows its own insert created. So with any number of
// processes a notification is sent once. A failed send stays in its row and a sweep (every process,
// `for update skip locked`) retries it with growing delays; a 404/410 from the push service deletes the
// subscription. A lost NOTIFY or a restart is caught up from the order_events table.
import { isIP } from 'node:net';
import type { Db } from '../../db/index.ts';
import { HttpError } from '../../http/errors.ts';
import type { AccessClaims } from '../../auth/tokens.ts';
import { ORDER_EVENTS_CHANNEL, parseOrderEvent, type OrderEvent } from '../../realtime/order-events.ts';
import {
  PUSH_NOT_CONFIGURED,
  type PushSubscribed,
  type PushSubscriptionBody,
} from '../../../shared/api/push.ts';
import {
  customerStatusMessage,
  isCustomerPushStatus,
  staffOrderMessage,
  type CustomerPushStatus,
} from '../../../shared/push-notifications.ts';
import {
  claimCustomerDeliveries,
  claimDueDeliveries,
  claimStaffDeliveries,
  deleteOwnSubscription,
  deleteSubscription,
  giveUpAbandoned,
  markFailed,
  markRetry,
  markSent,
  orderForPush,
  purgePush,
  recentOrderEvents,
  saveSubscription,
  type ClaimedDelivery,
  type OrderForPush,
} from './queries.ts';
import { isP256Point, webPushSender, type PushSender, type VapidKeys } from './sender.ts';

/** Seconds a process holds a delivery while sending it; after that the sweep may take it over. */
export const PUSH_CLAIM_S = 60;
/** Sends per notification, the first one included. */
export const PUSH_MAX_ATTEMPTS = 5;
/** First retry after 10 s, then 30 s, 90 s, 270 s (three times longer each time, at most 15 min). */
export const PUSH_RETRY_BASE_MS = 10_000;
const PUSH_RETRY_MAX_MS = 15 * 60_000;
export const PUSH_SWEEP_MS = 5_000;
/** An order alert older than an hour is of no use: the push service may drop it after that. */
export const PUSH_TTL_S = 3600;
/** How far back a restarted process (or a reconnected listener) looks for events it may have missed. */
const CATCH_UP_MINUTES = 15;
const SEND_CONCURRENCY = 16;
const PURGE_EVERY_MS = 60 * 60_000;

export interface PushLog {
  info(obj: unknown, msg?: string): void;
  warn(obj: unknown, msg?: string): void;
}

export interface PushServiceOptions {
  db: Db;
  /** Null: push is not configured; nothing is saved or sent. */
  vapid: VapidKeys | null;
  /** Production accepts only public https push services as endpoints. */
  production: boolean;
  log: PushLog;
  send?: PushSender;
  sweepMs?: number;
}

/** Milliseconds before the next try, after `attempts` sends failed (Retry-After wins when longer). */
export function retryDelayMs(attempts: number, retryAfterS?: number): number {
  const backoff = Math.min(PUSH_RETRY_BASE_MS * 3 ** Math.max(0, attempts - 1), PUSH_RETRY_MAX_MS);
  return Math.max(backoff, Math.min((retryAfterS ?? 0) * 1000, 60 * 60_000));
}

/**
 * Why an endpoint may not be used here, or undefined. In production only a push service on the public
 * internet over https on its standard port: the server POSTs to whatever a subscription names, so an
 * internal address must never be accepted. Development and tests use a local http push service.
 */
export function endpointPolicyProblem(endpoint: string, production: boolean): string | undefined {
  if (!production) return undefined;
  const url = new URL(endpoint);
  if (url.protocol !== 'https:') return 'endpoint must be an https URL.';
  if (url.port !== '') return 'endpoint must use the standard https port.';
  const host = url.hostname.replace(/^\[|\]$/g, '').toLowerCase();
  if (isIP(host) || !host.includes('.') || host.endsWith('.localhost') || host.endsWith('.local'))
    return 'endpoint must be a push service on the public internet.';
  return undefined;
}

const notConfigured = () =>
  new HttpError(409, 'Push notifications are not set up on this server.', PUSH_NOT_CONFIGURED);

const fieldError = (field: string, message: string) =>
  new HttpError(400, `Invalid body: ${field}: ${message}`, 'validation_error', { [field]: [message] });

type EventRef = Pick<OrderEvent, 'type' | 'orderId' | 'restaurantId'>;

/**
 * The latest status a customer hears about that the order has reached: its own status, or "accepted"
 * while it is being prepared (an event handled a moment late still announces the acceptance).
 */
export function customerNews(o: OrderForPush): { status: CustomerPushStatus; at: string | null } | null {
  if (isCustomerPushStatus(o.status)) return { status: o.status, at: o.status_at };
  if ((o.status === 'preparing' || o.status === 'ready') && o.accepted_at)
    return { status: 'accepted', at: o.accepted_at };
  return null;
}

/**
 * A class, unlike the other modules' services: it holds state that lives across requests (the order
 * events' listener, the queue of events, the sends in flight, the retry sweep's timer), one per app,
 * decorated on it as `app.push`.
 */
export class PushService {
  readonly publicKey: string | null;
  /** Order events heard live and notifications this process sent (metrics, tests). */
  readonly stats = { events: 0, sent: 0 };
  private readonly send: PushSender | null;
  private queue: Promise<void> = Promise.resolve();
  private readonly inFlight = new Set<Promise<void>>();
  private sending = 0;
  private readonly waiting: Array<() => void> = [];
  private unlisten: (() => Promise<void>) | undefined;
  private sweepTimer: NodeJS.Timeout | undefined;
  private lastPurge = 0;

  constructor(private readonly opts: PushServiceOptions) {
    this.publicKey = opts.vapid?.publicKey ?? null;
    this.send = opts.vapid ? (opts.send ?? webPushSender(opts.vapid)) : null;
  }

  get configured(): boolean {
    return this.send !== null;
  }

  /** Listens to order events and starts the retry sweep; without VAPID keys it does nothing. */
  async start(): Promise<void> {
    if (!this.configured) return;
    this.unlisten = await this.opts.db.listen(
      ORDER_EVENTS_CHANNEL,
      (payload) => {
        const event = parseOrderEvent(payload);
        if (!event) return;
        this.stats.events += 1;
        this.enqueue(() => this.onEvent(event, null));
      },
      () => this.enqueue(() => this.catchUp()),
    );
    // Events committed while this process was down (or just starting) and not yet owed to anyone.
    this.enqueue(() => this.catchUp());
    this.sweepTimer = setInterval(() => this.enqueue(() => this.sweep()), this.opts.sweepMs ?? PUSH_SWEEP_MS);
    this.sweepTimer.unref();
  }

  async stop(): Promise<void> {
    clearInterval(this.sweepTimer);
    await this.unlisten?.().catch(() => undefined);
    this.unlisten = undefined;
    await this.idle();
  }

  /** Resolves once every queued event and every send started so far has finished (tests, shutdown). */
  async idle(): Promise<void> {
    for (;;) {
      const queue = this.queue;
      await queue;
      await Promise.all([...this.inFlight]);
      if (queue === this.queue && this.inFlight.size === 0) return;
    }
  }

  async subscribe(auth: AccessClaims, body: PushSubscriptionBody): Promise<PushSubscribed> {
    if (!this.configured) throw notConfigured();
    if (!auth.sessionId) throw new HttpError(401, 'Please log in to continue.', 'not_authenticated');
    const problem = endpointPolicyProblem(body.endpoint, this.opts.production);
    if (problem) throw fieldError('endpoint', problem);
    if (!isP256Point(body.keys.p256dh))
      throw fieldError('keys.p256dh', 'keys.p256dh is not a P-256 public key.');
    const restaurantId = auth.role === 'staff' ? auth.restaurantId : null;
    await saveSubscription(this.opts.db, {
      endpoint: body.endpoint,
      p256dh: body.keys.p256dh,
      auth: body.keys.auth,
      userId: auth.userId,
      sessionId: auth.sessionId,
      restaurantId,
    });
    return { subscribed: true, audience: restaurantId === null ? 'customer' : 'staff' };
  }

  async unsubscribe(auth: AccessClaims, endpoint: string): Promise<PushSubscribed> {
    if (!this.configured) throw notConfigured();
    await deleteOwnSubscription(this.opts.db, auth.userId, endpoint);
    return { subscribed: false };
  }

  /**
   * Owes the event's notifications and sends the ones this process claimed. Staff hear about a new
   * order and about a customer's cancellation; the customer about the statuses of
   * CUSTOMER_PUSH_STATUSES reached after they subscribed. `at`: when the event happened (catch-up),
   * so a subscription saved later does not hear about older news; null for a live event.
   */
  async onEvent(event: EventRef, at: string | null): Promise<void> {
    const { db } = this.opts;
    const order = await orderForPush(db, event.orderId);
    if (!order || order.restaurant_id !== event.restaurantId) return;
    const claimed: ClaimedDelivery[] = [];
    const staff = async (kind: 'placed' | 'cancelled') =>
      claimed.push(
        ...(await claimStaffDeliveries(db, order.restaurant_id, {
          orderId: order.id,
          kind: `staff:${kind}`,
          payload: staffOrderMessage(order.id, kind),
          claimS: PUSH_CLAIM_S,
          notAfter: at,
        })),
      );
    if (event.type === 'order.created') await staff('placed');
    if (order.status === 'cancelled') await staff('cancelled');
    const news = customerNews(order);
    if (news) {
      claimed.push(
        ...(await claimCustomerDeliveries(db, order.user_id, {
          orderId: order.id,
          kind: `customer:${news.status}`,
          payload: customerStatusMessage(
            { id: order.id, order_number: order.order_number, restaurant: order.restaurant },
            news.status,
          ),
          claimS: PUSH_CLAIM_S,
          notAfter: news.at ?? at,
        })),
      );
    }
    for (const d of claimed) this.dispatch(d);
  }

  /** Retries due deliveries, gives up on abandoned ones, and now and then purges old rows. */
  async sweep(): Promise<void> {
    if (!this.configured) return;
    const { db } = this.opts;
    await giveUpAbandoned(db, PUSH_MAX_ATTEMPTS);
    const due = await claimDueDeliveries(db, 50, PUSH_CLAIM_S, PUSH_MAX_ATTEMPTS);
    for (const d of due) this.dispatch(d);
    if (Date.now() - this.lastPurge > PURGE_EVERY_MS) {
      this.lastPurge = Date.now();
      await purgePush(db);
    }
  }

  /** Every order event of the last minutes, as if heard now (rows already owed are skipped). */
  async catchUp(): Promise<void> {
    for (const e of await recentOrderEvents(this.opts.db, CATCH_UP_MINUTES)) {
      await this.onEvent({ type: e.type, orderId: e.order_id, restaurantId: e.restaurant_id }, e.created_at);
    }
  }

  private enqueue(task: () => Promise<void>): void {
    this.queue = this.queue.then(task).catch((err: unknown) => {
      this.opts.log.warn({ err }, 'push: order event handling failed');
    });
  }

  /** Sends in the background (at most SEND_CONCURRENCY at once), so a slow push service delays no event. */
  private dispatch(d: ClaimedDelivery): void {
    const run = (async () => {
      if (this.sending >= SEND_CONCURRENCY) await new Promise<void>((r) => this.waiting.push(r));
      this.sending += 1;
      try {
        await this.deliver(d);
      } catch (err) {
        // The claim runs out and the sweep tries again.
        this.opts.log.warn({ err, delivery: d.id }, 'push: could not record a send');
      } finally {
        this.sending -= 1;
        this.waiting.shift()?.();
      }
    })();
    this.inFlight.add(run);
    void run.finally(() => this.inFlight.delete(run));
  }

  private async deliver(d: ClaimedDelivery): Promise<void> {
    const { db, log } = this.opts;
    const staff = d.kind.startsWith('staff:');
    const result = await this.send!(
      { endpoint: d.endpoint, keys: { p256dh: d.p256dh, auth: d.auth } },
      JSON.stringify(d.payload),
      // A customer's newer status replaces an older one still waiting at the push service.
      {
        ttl: PUSH_TTL_S,
        urgency: staff ? 'high' : 'normal',
        ...(staff ? {} : { topic: `order-${d.order_id}` }),
      },
    );
    if (result.ok) {
      this.stats.sent += 1;
      return markSent(db, d.id, result.status);
    }
    if (result.gone) {
      log.info(
        { subscription: d.subscription_id, status: result.status },
        'push: subscription gone, deleted',
      );
      return deleteSubscription(db, d.subscription_id);
    }
    if (result.retry && d.attempts < PUSH_MAX_ATTEMPTS) {
      log.warn(
        { delivery: d.id, attempts: d.attempts, error: result.error },
        'push: send failed, will retry',
      );
      return markRetry(db, d.id, retryDelayMs(d.attempts, result.retryAfterS), result.status, result.error);
    }
    log.warn({ delivery: d.id, attempts: d.attempts, error: result.error }, 'push: send failed, giving up');
    return markFailed(db, d.id, result.status, result.error);
  }
}
