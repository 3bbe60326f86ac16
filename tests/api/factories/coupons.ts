// Coupons: 50% off up to ₹100 on orders from ₹199, at every restaurant, any day and hour, for a year,
// unless told otherwise.
import type { Queryable } from '../../../src/server/db/index.ts';

export interface CouponOptions {
  code: string;
  subtitle?: string;
  description?: string;
  terms?: string;
  discountType?: 'percent' | 'flat';
  /** A percentage, or paise when flat. */
  discountValue?: number;
  /** Paise; null for no cap. */
  maxDiscount?: number | null;
  /** Paise. */
  minOrder?: number;
  /** Valid only at these restaurants (store_type 'selected'); at every one ('all') when left out. */
  restaurantIds?: number[];
  /** Valid only on the days marked true (monday ... sunday). */
  weekdays?: Record<string, boolean>;
  /** Valid only between these times of day ("HH:MM", Indian time; may cross midnight). */
  hours?: { startTime: string; endTime: string };
  endsAt?: Date;
  usageLimit?: number | null;
  perUserLimit?: number | null;
  active?: boolean;
}

export interface CouponFixture {
  id: number;
  code: string;
}

export async function makeCoupon(db: Queryable, c: CouponOptions): Promise<CouponFixture> {
  const [row] = await db.query<{ id: number }>(
    `insert into coupons (coupon_code, subtitle, description, coupon_terms, discount_type, discount_value,
       max_discount, min_order, store_type, store_ids, is_week_days, allowed_weeks, is_time_of_day, allowed_time,
       end_date, usage_limit, per_user_limit, active)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12::jsonb, $13, $14::jsonb, $15, $16, $17, $18)
     returning id`,
    [
      c.code,
      c.subtitle ?? `Subtitle of ${c.code}`,
      c.description ?? `Description of ${c.code}`,
      c.terms ?? `Terms of ${c.code}`,
      c.discountType ?? 'percent',
      c.discountValue ?? 50,
      c.maxDiscount === undefined ? 10000 : c.maxDiscount,
      c.minOrder ?? 19900,
      c.restaurantIds ? 'selected' : 'all',
      c.restaurantIds ?? [],
      c.weekdays !== undefined,
      JSON.stringify(c.weekdays ?? {}),
      c.hours !== undefined,
      JSON.stringify(c.hours ?? {}),
      (c.endsAt ?? new Date(Date.now() + 365 * 86_400_000)).toISOString(),
      c.usageLimit ?? null,
      c.perUserLimit ?? null,
      c.active ?? true,
    ],
  );
  return { id: row!.id, code: c.code };
}
