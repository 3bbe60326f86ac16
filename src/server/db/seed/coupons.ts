// Demo coupons and banners. Together the coupons cover every rule of docs/product.md#coupons:
// percent and flat, min order, max discount, all stores or a list, weekday lists, time
// windows (one past midnight), total and per-user limits, changeable terms, end dates (one expired).
// Dates are fixed instants (IST end of day), never relative to the clock.
import type { BannerRecord, CouponRecord, JsonRow } from '../records.ts';

const ALL_DAYS = {
  monday: true,
  tuesday: true,
  wednesday: true,
  thursday: true,
  friday: true,
  saturday: true,
  sunday: true,
};
const days = (...on: (keyof typeof ALL_DAYS)[]) =>
  Object.fromEntries(Object.keys(ALL_DAYS).map((d) => [d, on.includes(d as keyof typeof ALL_DAYS)]));

/** 23:59:59 IST on the given date, as an ISO instant. */
const endOfDayIst = (date: string) => `${date}T18:29:59.000Z`;
const FAR = endOfDayIst('2035-12-31');

/** A coupon as the seed writes it (seed.ts numbers them). */
export type CouponRow = Omit<JsonRow<CouponRecord>, 'id'> & { store_type: 'all' | 'list' };

type CouponInput = Omit<
  CouponRow,
  'allowed_weeks' | 'allowed_time' | 'is_week_days' | 'is_time_of_day' | 'store_ids' | 'used_count' | 'active'
> &
  Partial<Pick<CouponRow, 'allowed_weeks' | 'allowed_time' | 'store_ids' | 'used_count' | 'active'>>;

function coupon(c: CouponInput): CouponRow {
  const weeks = c.allowed_weeks;
  const time = c.allowed_time;
  return {
    ...c,
    store_ids: c.store_ids ?? [],
    is_week_days: weeks !== undefined,
    allowed_weeks: weeks ?? ALL_DAYS,
    is_time_of_day: time !== undefined,
    allowed_time: time ?? {},
    used_count: c.used_count ?? 0,
    active: c.active ?? true,
  };
}

/** Restaurant ids the store-list coupons name, chosen from the generated data. */
export interface CouponStores {
  biryani: number[];
  healthy: number[];
}

export function buildCoupons(stores: CouponStores): CouponRow[] {
  return [
    coupon({
      coupon_code: 'WELCOME50',
      subtitle: 'Get 50% OFF up to ₹100',
      description: 'Use code WELCOME50 and get 50% off on orders above ₹199. Maximum discount: ₹100.',
      coupon_terms:
        'Valid on orders with item total of ₹199 or more.\nMaximum discount ₹100.\nValid on all restaurants.',
      discount_type: 'percent',
      discount_value: 50,
      max_discount: 10000,
      min_order: 19900,
      store_type: 'all',
      can_terms_change: false,
      end_date: FAR,
      usage_limit: null,
      per_user_limit: null,
    }),
    coupon({
      coupon_code: 'FLAT125',
      subtitle: 'Flat ₹125 OFF above ₹499',
      description: 'Use code FLAT125 and get ₹125 off on orders above ₹499.',
      coupon_terms: 'Valid on orders with item total of ₹499 or more.\nUp to 3 uses per customer.',
      discount_type: 'flat',
      discount_value: 12500,
      max_discount: null,
      min_order: 49900,
      store_type: 'all',
      allowed_weeks: ALL_DAYS,
      can_terms_change: false,
      end_date: FAR,
      usage_limit: null,
      per_user_limit: 3,
    }),
    coupon({
      coupon_code: 'WEEKEND30',
      subtitle: 'Get 30% OFF up to ₹150 on weekends',
      description: 'Use code WEEKEND30 on Saturdays and Sundays and get 30% off on orders above ₹299.',
      coupon_terms: 'Valid on Saturdays and Sundays only.\nMaximum discount ₹150.\nMinimum order ₹299.',
      discount_type: 'percent',
      discount_value: 30,
      max_discount: 15000,
      min_order: 29900,
      store_type: 'all',
      allowed_weeks: days('saturday', 'sunday'),
      can_terms_change: true,
      end_date: FAR,
      usage_limit: null,
      per_user_limit: 2,
    }),
    coupon({
      coupon_code: 'LUNCH20',
      subtitle: 'Get 20% OFF up to ₹80 at lunch',
      description: 'Use code LUNCH20 on weekdays between 11:00 AM and 3:00 PM and get 20% off.',
      coupon_terms:
        'Valid Monday to Friday, 11:00 AM to 3:00 PM.\nMaximum discount ₹80.\nMinimum order ₹249.',
      discount_type: 'percent',
      discount_value: 20,
      max_discount: 8000,
      min_order: 24900,
      store_type: 'all',
      allowed_weeks: days('monday', 'tuesday', 'wednesday', 'thursday', 'friday'),
      allowed_time: { startTime: '11:00', endTime: '15:00' },
      can_terms_change: false,
      end_date: FAR,
      usage_limit: null,
      per_user_limit: null,
    }),
    coupon({
      coupon_code: 'LATENIGHT',
      subtitle: 'Flat ₹75 OFF after 10 PM',
      description: 'Use code LATENIGHT between 10:00 PM and 2:00 AM and get ₹75 off on orders above ₹299.',
      coupon_terms: 'Valid every day, 10:00 PM to 2:00 AM.\nMinimum order ₹299.',
      discount_type: 'flat',
      discount_value: 7500,
      max_discount: null,
      min_order: 29900,
      store_type: 'all',
      allowed_time: { startTime: '22:00', endTime: '02:00' },
      can_terms_change: false,
      end_date: FAR,
      usage_limit: null,
      per_user_limit: null,
    }),
    coupon({
      coupon_code: 'BREAKFAST40',
      subtitle: 'Flat ₹40 OFF on breakfast',
      description: 'Use code BREAKFAST40 between 7:00 AM and 11:00 AM and get ₹40 off on orders above ₹149.',
      coupon_terms: 'Valid every day, 7:00 AM to 11:00 AM.\nMinimum order ₹149.',
      discount_type: 'flat',
      discount_value: 4000,
      max_discount: null,
      min_order: 14900,
      store_type: 'all',
      allowed_time: { startTime: '07:00', endTime: '11:00' },
      can_terms_change: false,
      end_date: FAR,
      usage_limit: null,
      per_user_limit: null,
    }),
    coupon({
      coupon_code: 'BIRYANI100',
      subtitle: 'Flat ₹100 OFF on biryani',
      description: 'Use code BIRYANI100 at select biryani restaurants and get ₹100 off on orders above ₹399.',
      coupon_terms: 'Valid at select restaurants only.\nMinimum order ₹399.',
      discount_type: 'flat',
      discount_value: 10000,
      max_discount: null,
      min_order: 39900,
      store_type: 'list',
      store_ids: stores.biryani,
      can_terms_change: false,
      end_date: FAR,
      usage_limit: null,
      per_user_limit: null,
    }),
    coupon({
      coupon_code: 'HEALTHY15',
      subtitle: 'Get 15% OFF up to ₹60 on healthy meals',
      description: 'Use code HEALTHY15 at select healthy kitchens, Monday to Saturday, and get 15% off.',
      coupon_terms: 'Valid at select restaurants, Monday to Saturday.\nMaximum discount ₹60.',
      discount_type: 'percent',
      discount_value: 15,
      max_discount: 6000,
      min_order: 0,
      store_type: 'list',
      store_ids: stores.healthy,
      allowed_weeks: days('monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'),
      can_terms_change: true,
      end_date: endOfDayIst('2034-06-30'),
      usage_limit: null,
      per_user_limit: null,
    }),
    coupon({
      coupon_code: 'MIDWEEK25',
      subtitle: 'Get 25% OFF up to ₹100 midweek',
      description:
        'Use code MIDWEEK25 on Tuesdays, Wednesdays and Thursdays and get 25% off on orders above ₹249.',
      coupon_terms: 'Valid on Tuesday, Wednesday and Thursday.\nMaximum discount ₹100.\nMinimum order ₹249.',
      discount_type: 'percent',
      discount_value: 25,
      max_discount: 10000,
      min_order: 24900,
      store_type: 'all',
      allowed_weeks: days('tuesday', 'wednesday', 'thursday'),
      can_terms_change: false,
      end_date: FAR,
      usage_limit: null,
      per_user_limit: null,
    }),
    coupon({
      coupon_code: 'TRYNEW60',
      subtitle: 'Get 60% OFF up to ₹120 once',
      description: 'Use code TRYNEW60 and get 60% off on orders above ₹159. Once per customer.',
      coupon_terms: 'Valid once per customer.\nMaximum discount ₹120.\nMinimum order ₹159.',
      discount_type: 'percent',
      discount_value: 60,
      max_discount: 12000,
      min_order: 15900,
      store_type: 'all',
      can_terms_change: false,
      end_date: FAR,
      usage_limit: null,
      per_user_limit: 1,
    }),
    coupon({
      coupon_code: 'LIMITED50',
      subtitle: 'Get 50% OFF up to ₹150, first 50 orders',
      description:
        'Use code LIMITED50 and get 50% off on orders above ₹149. Only the first 50 orders qualify.',
      coupon_terms: 'Valid for the first 50 orders in total.\nMaximum discount ₹150.\nMinimum order ₹149.',
      discount_type: 'percent',
      discount_value: 50,
      max_discount: 15000,
      min_order: 14900,
      store_type: 'all',
      can_terms_change: false,
      end_date: FAR,
      usage_limit: 50,
      per_user_limit: null,
    }),
    coupon({
      coupon_code: 'EXPIRED20',
      subtitle: 'Get 20% OFF up to ₹100',
      description: 'Use code EXPIRED20 and get 20% off. This offer has ended.',
      coupon_terms: 'Offer ended on 31 January 2025.',
      discount_type: 'percent',
      discount_value: 20,
      max_discount: 10000,
      min_order: 0,
      store_type: 'all',
      can_terms_change: false,
      end_date: endOfDayIst('2025-01-31'),
      usage_limit: null,
      per_user_limit: null,
    }),
    coupon({
      coupon_code: 'PAUSED10',
      subtitle: 'Get 10% OFF',
      description: 'A paused offer (inactive).',
      coupon_terms: 'Currently unavailable.',
      discount_type: 'percent',
      discount_value: 10,
      max_discount: 5000,
      min_order: 0,
      store_type: 'all',
      can_terms_change: true,
      end_date: FAR,
      usage_limit: null,
      per_user_limit: null,
      active: false,
    }),
  ];
}

export type BannerRow = Pick<BannerRecord, 'title' | 'subtitle' | 'image' | 'link'>;

export function buildBanners(links: { featured: string; healthy: string }): BannerRow[] {
  return [
    {
      title: '50% OFF on your order',
      subtitle: 'Use WELCOME50 · up to ₹100',
      image: '/img/banners/welcome.webp',
      link: '/offers',
    },
    {
      title: 'Biryani festival',
      subtitle: 'Dum-cooked favourites at Meghana Biryani House',
      image: '/img/banners/biryani.webp',
      link: links.featured,
    },
    {
      title: 'Weekend feast',
      subtitle: '30% OFF with WEEKEND30',
      image: '/img/banners/weekend.webp',
      link: '/offers',
    },
    {
      title: 'Lunch deals',
      subtitle: '20% OFF from 11 AM to 3 PM',
      image: '/img/banners/lunch.webp',
      link: '/offers',
    },
    {
      title: 'Late-night cravings',
      subtitle: '₹75 OFF after 10 PM',
      image: '/img/banners/late-night.webp',
      link: '/offers',
    },
    {
      title: 'Eat fresh, eat light',
      subtitle: 'Salads and bowls near you',
      image: '/img/banners/healthy.webp',
      link: links.healthy,
    },
  ];
}

/** Banner illustrations (scripts/generate-images.mjs draws them). */
export const BANNER_IMAGES = ['welcome', 'biryani', 'weekend', 'lunch', 'late-night', 'healthy'].map(
  (k) => `/img/banners/${k}.webp`,
);
