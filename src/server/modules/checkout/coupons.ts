// Coupons as stored (001-core) mapped to the API's Coupon and to the shared validity rules.
import type { Coupon } from '../../../shared/api/checkout.ts';
import type { CouponRule } from '../../../shared/coupon-rules.ts';
import { parseTimeOfDay } from '../../../shared/coupon-rules.ts';
import type { Queryable } from '../../db/index.ts';
import type { CouponRecord } from '../../db/records.ts';

export type CouponRow = CouponRecord;

const hhmm = (v: string | number | undefined): string => {
  const m = parseTimeOfDay(v ?? null);
  if (m === null) return '';
  return `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;
};

const iso = (d: Date | string): string => new Date(d).toISOString();

export function toRule(row: CouponRow): CouponRule {
  return {
    coupon_code: row.coupon_code,
    store_type: row.store_type,
    store_ids: row.store_ids ?? [],
    isWeekDays: row.is_week_days,
    allowed_weeks: row.allowed_weeks ?? {},
    isTimeofDay: row.is_time_of_day,
    allowed_time: { startTime: row.allowed_time?.startTime ?? '', endTime: row.allowed_time?.endTime ?? '' },
    end_date: iso(row.end_date),
    min_order: row.min_order,
    discount_type: row.discount_type,
    discount_value: row.discount_value,
    max_discount: row.max_discount,
    usage_limit: row.usage_limit,
    used_count: row.used_count,
    per_user_limit: row.per_user_limit,
    active: row.active,
  };
}

/** The columns a coupon's API view needs (discovery loads only these). */
export type CouponDisplayRow = Pick<
  CouponRow,
  | 'id'
  | 'coupon_code'
  | 'subtitle'
  | 'description'
  | 'coupon_terms'
  | 'store_type'
  | 'is_week_days'
  | 'allowed_weeks'
  | 'is_time_of_day'
  | 'allowed_time'
  | 'can_terms_change'
  | 'end_date'
  | 'discount_type'
  | 'discount_value'
  | 'max_discount'
  | 'min_order'
>;

export function toApiCoupon(row: CouponDisplayRow): Coupon {
  const weeks: Record<string, boolean> = {};
  for (const [k, v] of Object.entries(row.allowed_weeks ?? {})) weeks[k.toLowerCase()] = Boolean(v);
  return {
    id: row.id,
    coupon_code: row.coupon_code,
    subtitle: row.subtitle,
    description: row.description,
    coupon_terms: row.coupon_terms,
    store_type: row.store_type,
    isWeekDays: row.is_week_days,
    allowed_weeks: weeks,
    isTimeofDay: row.is_time_of_day,
    allowed_time: { startTime: hhmm(row.allowed_time?.startTime), endTime: hhmm(row.allowed_time?.endTime) },
    can_terms_change: row.can_terms_change,
    end_date: iso(row.end_date),
    discount_type: row.discount_type,
    discount_value: row.discount_value,
    max_discount: row.max_discount,
    min_order: row.min_order,
  };
}

export async function findCoupon(db: Queryable, code: string): Promise<CouponRow | undefined> {
  const [row] = await db.query<CouponRow>('select * from coupons where upper(coupon_code) = upper($1)', [
    code.trim(),
  ]);
  return row;
}

/** Live orders of a user holding a coupon (cancelled and superseded orders release theirs). */
export async function userCouponUses(db: Queryable, userId: number | null, code: string): Promise<number> {
  if (userId === null) return 0;
  const [row] = await db.query<{ n: number }>(
    'select count(*)::int as n from orders where user_id = $1 and coupon_code = $2 and coupon_reserved',
    [userId, code],
  );
  return row?.n ?? 0;
}

/** Coupons offered for a restaurant: active, not expired, for every store or this one. */
export async function couponsForStore(db: Queryable, storeId: number): Promise<Coupon[]> {
  const rows = await db.query<CouponRow>(
    `select * from coupons
      where active and end_date > now() and (store_type = 'all' or $1 = any(store_ids))
      order by id`,
    [storeId],
  );
  return rows.map(toApiCoupon);
}

/** Gives back a coupon use an order reserved (cancelled or superseded before payment). */
export async function releaseCoupon(db: Queryable, code: string): Promise<void> {
  await db.query(
    'update coupons set used_count = greatest(used_count - 1, 0) where upper(coupon_code) = upper($1)',
    [code],
  );
}

/**
 * Reserves one use of a coupon for an order: only succeeds while uses remain, however many requests
 * race for them.
 */
export async function reserveCoupon(db: Queryable, couponId: number): Promise<boolean> {
  const reserved = await db.query(
    `update coupons set used_count = used_count + 1
      where id = $1 and (usage_limit is null or used_count < usage_limit) returning id`,
    [couponId],
  );
  return reserved.length > 0;
}

/**
 * The code of the coupon on the user's cart when it is already used up, unless an anonymous cart of
 * this browser (session key) is still to be merged into it.
 */
export async function usedUpCartCoupon(
  db: Queryable,
  userId: number,
  sessionKey: string | null,
): Promise<string | undefined> {
  const [usedUp] = await db.query<{ coupon_code: string }>(
    `select cp.coupon_code from carts c join coupons cp on upper(cp.coupon_code) = upper(c.coupon_code)
      where c.user_id = $1 and cp.usage_limit is not null and cp.used_count >= cp.usage_limit
        and not exists (select 1 from carts a where a.session_key = $2 and a.user_id is null)`,
    [userId, sessionKey ?? ''],
  );
  return usedUp?.coupon_code;
}
