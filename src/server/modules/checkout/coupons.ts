// Coupons as stored (001-core) mapped to the API's Coupon and to the shared validity rules; their SQL
// is in ./coupon-queries.ts.
import type { Coupon } from '../../../shared/api/checkout.ts';
import type { CouponRule } from '../../../shared/coupon-rules.ts';
import { parseTimeOfDay } from '../../../shared/coupon-rules.ts';
import type { Queryable } from '../../db/index.ts';
import { storeCouponRows, type CouponRow } from './coupon-queries.ts';

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

/** Coupons offered for a restaurant, as the API shows them. */
export async function couponsForStore(db: Queryable, storeId: number): Promise<Coupon[]> {
  return (await storeCouponRows(db, storeId)).map(toApiCoupon);
}
