// The checkout's world: two restaurants with menus (one dish sold out), a point each side of the
// first one's delivery radius, and a coupon for every rule the checkout applies.
import { weekdayNames } from '../../../src/shared/api/checkout.ts';
import { istClock } from '../../../src/shared/coupon-rules.ts';
import type { Queryable } from '../../../src/server/db/index.ts';
import { makeCoupon } from './coupons.ts';
import {
  makeCity,
  makeDish,
  makeRestaurant,
  type ChoiceGroup,
  type DishFixture,
  type LatLng,
  type MenuOptions,
} from './restaurants.ts';

export interface CheckoutFixture {
  r1: number;
  r2: number;
  /** Restaurant 1 items: biryani 25000, paneer 18000, out-of-stock dessert. */
  biryani: number;
  paneer: number;
  soldOut: number;
  /** Restaurant 2 item. */
  dosa: number;
  /** A point inside restaurant 1's radius, and one outside. */
  near: { latitude: number; longitude: number };
  far: { latitude: number; longitude: number };
}

export async function makeCheckoutFixture(db: Queryable): Promise<CheckoutFixture> {
  const city = await makeCity(db, { slug: 'bengaluru-t' });
  const restaurant = (slug: string, name: string, at: LatLng, menu: MenuOptions) =>
    makeRestaurant(db, {
      cityId: city.id,
      slug,
      name,
      address: '1 Test Road',
      at,
      ratingCount: 100,
      deliveryTimeMin: 30,
      image: '/img/r.jpg',
      packagingFee: 2000,
      menu,
    });
  const r1 = await restaurant(
    'meghana-biryani-house-t',
    'Meghana Biryani House',
    { lat: 12.9352, lng: 77.6245 },
    [
      {
        category: 'Mains',
        dishes: [
          { name: 'Chicken Biryani', price: 25000, veg: false },
          { name: 'Paneer Tikka', price: 18000, veg: true },
          { name: 'Gulab Jamun', price: 9000, veg: false, inStock: false },
        ],
      },
    ],
  );
  const r2 = await restaurant('dosa-corner-t', 'Dosa Corner', { lat: 12.9716, lng: 77.5946 }, [
    { category: 'Mains', dishes: [{ name: 'Masala Dosa', price: 12000, veg: false }] },
  ]);
  const fixture: CheckoutFixture = {
    r1: r1.id,
    r2: r2.id,
    biryani: r1.dishes['Chicken Biryani']!,
    paneer: r1.dishes['Paneer Tikka']!,
    soldOut: r1.dishes['Gulab Jamun']!,
    dosa: r2.dishes['Masala Dosa']!,
    near: { latitude: 12.94, longitude: 77.63 },
    far: { latitude: 13.2, longitude: 77.9 },
  };
  await makeCheckoutCoupons(db, fixture);
  return fixture;
}

const hhmm = (m: number) => {
  const x = ((m % 1440) + 1440) % 1440;
  return `${String(Math.floor(x / 60)).padStart(2, '0')}:${String(x % 60).padStart(2, '0')}`;
};

async function makeCheckoutCoupons(db: Queryable, f: CheckoutFixture): Promise<void> {
  const clock = istClock(new Date());
  const notToday = Object.fromEntries(weekdayNames.map((d) => [d, d !== clock.weekday]));
  await makeCoupon(db, { code: 'WELCOME50' });
  await makeCoupon(db, { code: 'LIMITED50', usageLimit: 50, minOrder: 0 });
  await makeCoupon(db, {
    code: 'FLAT100',
    discountType: 'flat',
    discountValue: 10000,
    maxDiscount: null,
    minOrder: 40000,
  });
  await makeCoupon(db, { code: 'ONCE', perUserLimit: 1, minOrder: 0 });
  await makeCoupon(db, { code: 'GONE', usageLimit: 1, minOrder: 0 });
  await db.query(`update coupons set used_count = 1 where coupon_code = 'GONE'`);
  await makeCoupon(db, { code: 'OLD', endsAt: new Date(Date.now() - 86_400_000) });
  await makeCoupon(db, { code: 'DOSAONLY', restaurantIds: [f.r2] });
  await makeCoupon(db, { code: 'NOTTODAY', weekdays: notToday });
  await makeCoupon(db, {
    code: 'LATER',
    hours: { startTime: hhmm(clock.minutes + 120), endTime: hhmm(clock.minutes + 180) },
  });
  // A window around now that crosses midnight when now is late: always valid now.
  await makeCoupon(db, {
    code: 'NOWISH',
    hours: { startTime: hhmm(clock.minutes - 60), endTime: hhmm(clock.minutes + 60) },
    minOrder: 0,
  });
}

/**
 * A dish with choices for restaurant 1 (not in the fixture: its menu stays as above): Farmhouse
 * Pizza, ₹299, veg, last on the menu; Size (Regular +₹0, Large +₹300) to choose, then any add-ons.
 */
export function makePizza(
  db: Queryable,
  opts: { restaurantId: number; addons?: ChoiceGroup[] },
): Promise<DishFixture> {
  return makeDish(db, {
    restaurantId: opts.restaurantId,
    name: 'Farmhouse Pizza',
    price: 29900,
    veg: true,
    position: 5,
    choices: [
      {
        name: 'Size',
        kind: 'variant',
        min: 1,
        max: 1,
        options: [
          { name: 'Regular', price: 0 },
          { name: 'Large', price: 30000 },
        ],
      },
      ...(opts.addons ?? []),
    ],
  });
}
