// SQL of coupons (parameterised; the same text runs on PGlite and PostgreSQL): finding one by code,
// a customer's uses, a restaurant's offers, and reserving and releasing a use for an order.
import type { Queryable } from '../../db/index.ts';
import type { CouponRecord } from '../../db/records.ts';

export type CouponRow = CouponRecord;

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
export async function storeCouponRows(db: Queryable, storeId: number): Promise<CouponRow[]> {
  return db.query<CouponRow>(
    `select * from coupons
      where active and end_date > now() and (store_type = 'all' or $1 = any(store_ids))
      order by id`,
    [storeId],
  );
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
  const [usedUp] = await db.query<Pick<CouponRecord, 'coupon_code'>>(
    `select cp.coupon_code from carts c join coupons cp on upper(cp.coupon_code) = upper(c.coupon_code)
      where c.user_id = $1 and cp.usage_limit is not null and cp.used_count >= cp.usage_limit
        and not exists (select 1 from carts a where a.session_key = $2 and a.user_id is null)`,
    [userId, sessionKey ?? ''],
  );
  return usedUp?.coupon_code;
}
