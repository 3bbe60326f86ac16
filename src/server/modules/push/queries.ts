// SQL of the push module: subscriptions (one row per endpoint) and deliveries (one row per
// subscription, order and kind: the row whose insert wins is the one notification sent).
import type { Db, Queryable } from '../../db/index.ts';
import type {
  OrderEventRecord,
  OrderRecord,
  PushDeliveryRecord,
  PushSubscriptionRecord,
  RestaurantRecord,
} from '../../db/records.ts';
import type { PushMessage } from '../../../shared/push-notifications.ts';

/** A subscription's newest rows kept per user; older browsers of the same account are forgotten. */
export const MAX_SUBSCRIPTIONS_PER_USER = 10;

export interface SubscriptionInput {
  endpoint: string;
  p256dh: string;
  auth: string;
  userId: number;
  sessionId: string;
  restaurantId: number | null;
}

/**
 * Saves a browser's subscription for the signed-in user. An endpoint saved by another account before
 * (a shared device) starts afresh, so nothing owed to that account reaches this one.
 */
export async function saveSubscription(db: Db, s: SubscriptionInput): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.query('delete from push_subscriptions where endpoint = $1 and user_id <> $2', [
      s.endpoint,
      s.userId,
    ]);
    await tx.query(
      `insert into push_subscriptions (endpoint, p256dh, auth, user_id, session_id, restaurant_id)
       values ($1, $2, $3, $4, $5, $6)
       on conflict (endpoint) do update set p256dh = excluded.p256dh, auth = excluded.auth,
         session_id = excluded.session_id, restaurant_id = excluded.restaurant_id, updated_at = now()`,
      [s.endpoint, s.p256dh, s.auth, s.userId, s.sessionId, s.restaurantId],
    );
    await tx.query(
      `delete from push_subscriptions where user_id = $1 and id not in (
         select id from push_subscriptions where user_id = $1 order by updated_at desc, id desc limit $2)`,
      [s.userId, MAX_SUBSCRIPTIONS_PER_USER],
    );
  });
}

/** Removes the user's own subscription of that endpoint (someone else's is left alone). */
export async function deleteOwnSubscription(db: Queryable, userId: number, endpoint: string): Promise<void> {
  await db.query('delete from push_subscriptions where endpoint = $1 and user_id = $2', [endpoint, userId]);
}

/** The push service said the endpoint is gone (404/410): the subscription and what it was owed go. */
export async function deleteSubscription(db: Queryable, id: number): Promise<void> {
  await db.query('delete from push_subscriptions where id = $1', [id]);
}

/** restaurant: its name; status_at: when the order reached its current status (null for placed). */
type OrderForPushRow = Pick<
  OrderRecord,
  'id' | 'order_number' | 'user_id' | 'restaurant_id' | 'status' | 'accepted_at'
> & { restaurant: RestaurantRecord['name']; status_at: Date | null };

/** An order as push tells of it, its times as ISO text. */
export type OrderForPush = Omit<OrderForPushRow, 'status_at' | 'accepted_at'> & {
  status_at: string | null;
  accepted_at: string | null;
};

export async function orderForPush(db: Queryable, orderId: number): Promise<OrderForPush | undefined> {
  const [row] = await db.query<OrderForPushRow>(
    `select o.id, o.order_number, o.user_id, o.restaurant_id, r.name as restaurant, o.status, o.accepted_at,
            case o.status when 'accepted' then o.accepted_at when 'preparing' then o.preparing_at
              when 'ready' then o.ready_at when 'picked_up' then o.picked_up_at
              when 'delivered' then o.delivered_at when 'cancelled' then o.cancelled_at
              when 'rejected' then o.rejected_at end as status_at
       from orders o join restaurants r on r.id = o.restaurant_id where o.id = $1`,
    [orderId],
  );
  if (!row) return undefined;
  const iso = (t: Date | string | null) => (t === null ? null : new Date(t).toISOString());
  return { ...row, status_at: iso(row.status_at), accepted_at: iso(row.accepted_at) };
}

/** A delivery claimed by this process, with where to send it: it sends it now. */
export type ClaimedDelivery = Pick<
  PushDeliveryRecord,
  'id' | 'order_id' | 'kind' | 'payload' | 'attempts' | 'subscription_id'
> &
  Pick<PushSubscriptionRecord, 'endpoint' | 'p256dh' | 'auth'>;

const CLAIMED_COLUMNS = `d.id::float8 as id, d.order_id, d.kind, d.payload, d.attempts, d.subscription_id,
  s.endpoint, s.p256dh, s.auth`;

export interface NewDeliveries {
  orderId: number;
  kind: string;
  payload: PushMessage;
  /** Seconds this process holds the claim while it sends. */
  claimS: number;
  /** Only subscriptions saved up to then hear about it (null: now). */
  notAfter: string | null;
}

/**
 * Owes the notification to every live subscription of `audience` and claims for this process the rows
 * it inserted; rows another process inserted first are not returned (sent there). `audience` is the
 * WHERE of the subscriptions (its parameter is $1), the rest of the statement is shared.
 */
function claimDeliveries(
  db: Queryable,
  audience: string,
  audienceId: number,
  n: NewDeliveries,
): Promise<ClaimedDelivery[]> {
  return db.query<ClaimedDelivery>(
    `with d as (
       insert into push_deliveries (subscription_id, order_id, kind, payload, attempts, claimed_until)
       select s.id, $2, $3, $4::jsonb, 1, now() + make_interval(secs => $5)
         from push_subscriptions s
         join auth_sessions a on a.id = s.session_id and a.revoked_at is null
         join users u on u.id = s.user_id and u.is_active
        where ${audience} and s.created_at <= coalesce($6::timestamptz, now())
       on conflict (subscription_id, order_id, kind) do nothing
       returning *)
     select ${CLAIMED_COLUMNS} from d join push_subscriptions s on s.id = d.subscription_id`,
    [audienceId, n.orderId, n.kind, JSON.stringify(n.payload), n.claimS, n.notAfter],
  );
}

/** The restaurant's staff: subscriptions of its staff accounts (still staff of that restaurant). */
export function claimStaffDeliveries(
  db: Queryable,
  restaurantId: number,
  n: NewDeliveries,
): Promise<ClaimedDelivery[]> {
  return claimDeliveries(
    db,
    `s.restaurant_id = $1 and u.role = 'staff' and u.restaurant_id = s.restaurant_id`,
    restaurantId,
    n,
  );
}

/** The customer's own subscriptions (saved before the order reached this status). */
export function claimCustomerDeliveries(
  db: Queryable,
  userId: number,
  n: NewDeliveries,
): Promise<ClaimedDelivery[]> {
  return claimDeliveries(db, 's.user_id = $1 and s.restaurant_id is null', userId, n);
}

/** Claims failed sends whose retry time has come (and sends a crashed process left behind). */
export async function claimDueDeliveries(
  db: Queryable,
  limit: number,
  claimS: number,
  maxAttempts: number,
): Promise<ClaimedDelivery[]> {
  return db.query<ClaimedDelivery>(
    `with due as (
       select id from push_deliveries
        where state = 'pending' and next_at <= now() and attempts < $3
          and (claimed_until is null or claimed_until < now())
        order by next_at limit $1 for update skip locked),
     d as (
       update push_deliveries p set attempts = p.attempts + 1,
              claimed_until = now() + make_interval(secs => $2)
         from due where p.id = due.id
       returning p.*)
     select ${CLAIMED_COLUMNS} from d join push_subscriptions s on s.id = d.subscription_id`,
    [limit, claimS, maxAttempts],
  );
}

export async function markSent(db: Queryable, id: number, status: number): Promise<void> {
  await db.query(
    `update push_deliveries set state = 'sent', sent_at = now(), claimed_until = null, last_status = $2,
            last_error = null
      where id = $1`,
    [id, status],
  );
}

export async function markRetry(
  db: Queryable,
  id: number,
  delayMs: number,
  status: number | null,
  error: string,
): Promise<void> {
  await db.query(
    `update push_deliveries set next_at = now() + make_interval(secs => $2), claimed_until = null,
            last_status = $3, last_error = $4
      where id = $1 and state = 'pending'`,
    [id, delayMs / 1000, status, error.slice(0, 500)],
  );
}

export async function markFailed(
  db: Queryable,
  id: number,
  status: number | null,
  error: string,
): Promise<void> {
  await db.query(
    `update push_deliveries set state = 'failed', claimed_until = null, last_status = $2, last_error = $3
      where id = $1`,
    [id, status, error.slice(0, 500)],
  );
}

/** Rows whose last allowed attempt was claimed by a process that never reported back. */
export async function giveUpAbandoned(db: Queryable, maxAttempts: number): Promise<void> {
  await db.query(
    `update push_deliveries set state = 'failed', last_error = coalesce(last_error, 'abandoned')
      where state = 'pending' and attempts >= $1 and claimed_until < now()`,
    [maxAttempts],
  );
}

type RecentEventRow = Pick<OrderEventRecord, 'restaurant_id' | 'order_id' | 'type' | 'created_at'>;

/** An order event, its time as ISO text. */
export type RecentEvent = Omit<RecentEventRow, 'created_at'> & { created_at: string };

/** Order events of the last minutes, oldest first (catch-up after a lost NOTIFY or a restart). */
export async function recentOrderEvents(
  db: Queryable,
  minutes: number,
  limit = 2000,
): Promise<RecentEvent[]> {
  const rows = await db.query<RecentEventRow>(
    `select restaurant_id, order_id, type, created_at from order_events
      where created_at >= now() - make_interval(mins => $1)
      order by created_at, restaurant_id, seq limit $2`,
    [minutes, limit],
  );
  return rows.map((r) => ({ ...r, created_at: new Date(r.created_at).toISOString() }));
}

/** Old deliveries, and subscriptions whose sign-in ended, are of no further use. */
export async function purgePush(db: Queryable, keepDays = 7): Promise<void> {
  await db.query(`delete from push_deliveries where created_at < now() - make_interval(days => $1)`, [
    keepDays,
  ]);
  await db.query(
    `delete from push_subscriptions s using auth_sessions a
      where a.id = s.session_id and a.revoked_at is not null`,
  );
}
