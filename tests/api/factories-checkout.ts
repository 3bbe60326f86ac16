// Test data for the checkout tests: two restaurants with menus, coupons for every rule, customers.
import { istClock } from '../../src/shared/coupon-rules.ts';
import { weekdayNames } from '../../src/shared/api/checkout.ts';
import type { Db, Queryable } from '../../src/server/db/index.ts';

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

const future = () => new Date(Date.now() + 365 * 86_400_000).toISOString();

export async function seedCheckout(db: Db): Promise<CheckoutFixture> {
  const [city] = await db.query<{ id: number }>(
    `insert into cities (slug, name, state, lat, lng) values ('bengaluru-t', 'Bengaluru', 'Karnataka', 12.97, 77.59)
     on conflict (slug) do update set name = excluded.name returning id`,
  );
  const rest = async (slug: string, name: string, lat: number, lng: number, open = 0, close = 1440) => {
    const [r] = await db.query<{ id: number }>(
      `insert into restaurants (slug, name, city_id, area, address, lat, lng, cuisines, rating, rating_count,
         cost_for_two, delivery_time_min, delivery_radius_m, open_minute, close_minute, image, packaging_fee)
       values ($1, $2, $3, 'Koramangala', '1 Test Road', $4, $5, '{Biryani}', 4.3, 100, 50000, 30, 7000, $6, $7,
               '/img/r.jpg', 2000) returning id`,
      [slug, name, city!.id, lat, lng, open, close],
    );
    const [c] = await db.query<{ id: number }>(
      `insert into menu_categories (restaurant_id, name, position) values ($1, 'Mains', 1) returning id`,
      [r!.id],
    );
    return { id: r!.id, category: c!.id };
  };
  const item = async (r: { id: number; category: number }, name: string, price: number, inStock = true) => {
    const [i] = await db.query<{ id: number }>(
      `insert into menu_items (restaurant_id, category_id, name, price, is_veg, in_stock, position)
       values ($1, $2, $3, $4, $5, $6, 1) returning id`,
      [r.id, r.category, name, price, name.includes('Paneer'), inStock],
    );
    return i!.id;
  };
  const r1 = await rest('meghana-biryani-house-t', 'Meghana Biryani House', 12.9352, 77.6245);
  const r2 = await rest('dosa-corner-t', 'Dosa Corner', 12.9716, 77.5946);
  const fixture: CheckoutFixture = {
    r1: r1.id,
    r2: r2.id,
    biryani: await item(r1, 'Chicken Biryani', 25000),
    paneer: await item(r1, 'Paneer Tikka', 18000),
    soldOut: await item(r1, 'Gulab Jamun', 9000, false),
    dosa: await item(r2, 'Masala Dosa', 12000),
    near: { latitude: 12.94, longitude: 77.63 },
    far: { latitude: 13.2, longitude: 77.9 },
  };
  await seedCoupons(db, fixture);
  return fixture;
}

export async function insertCoupon(
  db: Queryable,
  c: Partial<{
    coupon_code: string;
    discount_type: 'percent' | 'flat';
    discount_value: number;
    max_discount: number | null;
    min_order: number;
    store_type: string;
    store_ids: number[];
    is_week_days: boolean;
    allowed_weeks: Record<string, boolean>;
    is_time_of_day: boolean;
    allowed_time: Record<string, string>;
    end_date: string;
    usage_limit: number | null;
    per_user_limit: number | null;
  }>,
): Promise<void> {
  await db.query(
    `insert into coupons (coupon_code, subtitle, description, coupon_terms, discount_type, discount_value,
       max_discount, min_order, store_type, store_ids, is_week_days, allowed_weeks, is_time_of_day, allowed_time,
       end_date, usage_limit, per_user_limit)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12::jsonb, $13, $14::jsonb, $15, $16, $17)`,
    [
      c.coupon_code,
      `Subtitle of ${c.coupon_code}`,
      `Description of ${c.coupon_code}`,
      `Terms of ${c.coupon_code}`,
      c.discount_type ?? 'percent',
      c.discount_value ?? 50,
      c.max_discount === undefined ? 10000 : c.max_discount,
      c.min_order ?? 19900,
      c.store_type ?? 'all',
      c.store_ids ?? [],
      c.is_week_days ?? false,
      JSON.stringify(c.allowed_weeks ?? {}),
      c.is_time_of_day ?? false,
      JSON.stringify(c.allowed_time ?? {}),
      c.end_date ?? future(),
      c.usage_limit ?? null,
      c.per_user_limit ?? null,
    ],
  );
}

const hhmm = (m: number) => {
  const x = ((m % 1440) + 1440) % 1440;
  return `${String(Math.floor(x / 60)).padStart(2, '0')}:${String(x % 60).padStart(2, '0')}`;
};

async function seedCoupons(db: Db, f: CheckoutFixture): Promise<void> {
  const clock = istClock(new Date());
  const notToday = Object.fromEntries(weekdayNames.map((d) => [d, d !== clock.weekday]));
  await insertCoupon(db, { coupon_code: 'WELCOME50' });
  await insertCoupon(db, { coupon_code: 'LIMITED50', usage_limit: 50, min_order: 0 });
  await insertCoupon(db, {
    coupon_code: 'FLAT100',
    discount_type: 'flat',
    discount_value: 10000,
    max_discount: null,
    min_order: 40000,
  });
  await insertCoupon(db, { coupon_code: 'ONCE', per_user_limit: 1, min_order: 0 });
  await insertCoupon(db, { coupon_code: 'GONE', usage_limit: 1, min_order: 0 });
  await db.query(`update coupons set used_count = 1 where coupon_code = 'GONE'`);
  await insertCoupon(db, { coupon_code: 'OLD', end_date: new Date(Date.now() - 86_400_000).toISOString() });
  await insertCoupon(db, { coupon_code: 'DOSAONLY', store_type: 'select', store_ids: [f.r2] });
  await insertCoupon(db, { coupon_code: 'NOTTODAY', is_week_days: true, allowed_weeks: notToday });
  await insertCoupon(db, {
    coupon_code: 'LATER',
    is_time_of_day: true,
    allowed_time: { startTime: hhmm(clock.minutes + 120), endTime: hhmm(clock.minutes + 180) },
  });
  // A window around now that crosses midnight when now is late: always valid now.
  await insertCoupon(db, {
    coupon_code: 'NOWISH',
    is_time_of_day: true,
    allowed_time: { startTime: hhmm(clock.minutes - 60), endTime: hhmm(clock.minutes + 60) },
    min_order: 0,
  });
}

let phoneSeq = 0;
/** A customer row; returns its id. */
export async function createCustomer(db: Queryable, name = 'Test Customer'): Promise<number> {
  phoneSeq += 1;
  const phone = `9${String(process.pid % 1000).padStart(3, '0')}${String(phoneSeq).padStart(6, '0')}`;
  const [u] = await db.query<{ id: number }>(
    `insert into users (phone_number, name, email, password_hash) values ($1, $2, $3, 'x') returning id`,
    [phone, name, `c${phoneSeq}@example.com`],
  );
  return u!.id;
}
