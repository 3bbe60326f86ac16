// Discovery data as the API answers it: Meghana Biryani House's list card and the WELCOME50 coupon;
// a test overrides what it is about.
import type { Coupon } from '../shared/api/checkout.ts';
import type { RestaurantCard } from '../shared/api/discovery.ts';

export function restaurantCard(over: Partial<RestaurantCard> = {}): RestaurantCard {
  return {
    id: 1,
    slug: 'meghana-biryani-house',
    name: 'Meghana Biryani House',
    image: '/img/a.svg',
    rating: 4.5,
    rating_count: 100,
    delivery_time_min: 30,
    cost_for_two: 50000,
    cuisines: ['Biryani'],
    offer_text: null,
    pure_veg: false,
    serves_veg: true,
    area: 'Koramangala',
    city: 'Bengaluru',
    lat: 12.93,
    lng: 77.62,
    delivery_radius_m: 7000,
    distance_m: 100,
    is_open: true,
    next_open_at: null,
    next_open_label: null,
    hours_label: 'Open 24 hours',
    ...over,
  };
}

export function welcomeCoupon(over: Partial<Coupon> = {}): Coupon {
  return {
    id: 1,
    coupon_code: 'WELCOME50',
    subtitle: 'Get 50% OFF up to ₹100',
    description: 'Use code WELCOME50 on orders above ₹199.',
    coupon_terms: 'Valid once per order.',
    store_type: 'all',
    isWeekDays: false,
    allowed_weeks: {},
    isTimeofDay: false,
    allowed_time: { startTime: '', endTime: '' },
    can_terms_change: false,
    end_date: '2035-12-31T18:29:59.000Z',
    discount_type: 'percent',
    discount_value: 50,
    max_discount: 10000,
    min_order: 19900,
    ...over,
  };
}
