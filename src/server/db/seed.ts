// Demo data: a deterministic seed (same rows on every run) of cities, restaurants with menus, banners,
// coupons and the demo accounts, plus a week of finished orders dated from the day it runs (the 7
// Indian days before it: seed/past-orders.ts), so the kitchen console's history has a yesterday.
// `scale` multiplies the number of restaurants (and so menu items) for benchmarks. Rows carry explicit
// ids; sequences are moved past them afterwards so later inserts work. Rows go in as JSON batches
// (jsonb_to_recordset), which is the same SQL on PGlite and PostgreSQL and far faster than one insert
// per row.
//
// Opening hours: see seed/generate.ts (close_minute may exceed 1440 for kitchens open past midnight).
import { analyzeTables } from './statistics.ts';
import { buildItemOptions } from './seed/options.ts';
import { hashPassword } from '../auth/passwords.ts';
import type { Db, Queryable } from './db.ts';
import { buildBanners, buildCoupons, type CouponRow } from './seed/coupons.ts';
import { BASE_RESTAURANTS, generateDemoData, type DemoData } from './seed/generate.ts';
import { buildPastOrders } from './seed/past-orders.ts';

export { BASE_RESTAURANTS, generateDemoData } from './seed/generate.ts';

export const DEMO_CUSTOMER = {
  phone_number: '9876543210',
  password: 'demo-pass-123',
  name: 'Asha Rao',
  email: 'asha@example.com',
} as const;

export const DEMO_STAFF = {
  phone_number: '9000000001',
  password: 'staff-pass-123',
  name: 'Ravi Kumar',
  email: 'ravi@example.com',
  restaurant_id: 1,
} as const;

export interface SeedSummary {
  scale: number;
  cities: number;
  restaurants: number;
  categories: number;
  items: number;
  banners: number;
  coupons: number;
  users: number;
  /** Finished orders of the 7 days before the seed ran (the staff's restaurant and a few others). */
  pastOrders: number;
}

/** Tables the seed fills, in an order that truncate ... cascade accepts. */
export const SEEDED_TABLES = [
  'cities',
  'restaurants',
  'menu_categories',
  'menu_items',
  'option_groups',
  'item_options',
  'banners',
  'coupons',
  'users',
] as const;

const BATCH = 5000;

/** Inserts rows through one jsonb_to_recordset statement per batch. `columns` are "name type" pairs. */
async function insertJson(
  tx: Queryable,
  table: string,
  columns: string,
  rows: readonly object[],
): Promise<void> {
  const names = columns
    .split(',')
    .map((c) => c.trim().split(/\s+/)[0])
    .join(', ');
  for (let i = 0; i < rows.length; i += BATCH) {
    await tx.query(
      `insert into ${table} (${names}) select ${names} from jsonb_to_recordset($1::jsonb) as x(${columns})`,
      [JSON.stringify(rows.slice(i, i + BATCH))],
    );
  }
}

function couponStores(data: DemoData): { biryani: number[]; healthy: number[] } {
  // Chosen from the first block of restaurants, so the lists are the same at every scale.
  const of = (key: string, n: number) =>
    data.restaurants
      .filter((r) => r.id <= BASE_RESTAURANTS && data.profileOf.get(r.id) === key)
      .slice(0, n)
      .map((r) => r.id);
  const biryani = of('biryani', 6);
  return { biryani: biryani.includes(1) ? biryani : [1, ...biryani], healthy: of('healthy', 4) };
}

/**
 * Fills an empty database with the demo data set. Throws when demo data is already there
 * (use `npm run seed -- --reset` to start over). `now` dates the week of past orders (default: now).
 */
export async function seedDemo(db: Db, opts: { scale?: number; now?: Date } = {}): Promise<SeedSummary> {
  const scale = opts.scale ?? 1;
  const data = generateDemoData(scale);
  const bengaluru = data.restaurants[0]!;
  const healthy = data.restaurants.find(
    (r) => data.profileOf.get(r.id) === 'healthy' && r.city_id === bengaluru.city_id,
  );
  const banners = buildBanners({
    featured: `/restaurants/${bengaluru.slug}`,
    healthy: healthy ? `/restaurants/${healthy.slug}` : '/offers',
  }).map((b, i) => ({ id: i + 1, position: i, ...b }));
  const coupons = buildCoupons(couponStores(data)).map((c: CouponRow, i) => ({ id: i + 1, ...c }));
  // Slow hashing happens before the transaction (PGlite has a single connection).
  const users = [
    {
      id: 1,
      phone_number: DEMO_CUSTOMER.phone_number,
      name: DEMO_CUSTOMER.name,
      email: DEMO_CUSTOMER.email,
      password_hash: await hashPassword(DEMO_CUSTOMER.password),
      role: 'customer',
      restaurant_id: null,
    },
    {
      id: 2,
      phone_number: DEMO_STAFF.phone_number,
      name: DEMO_STAFF.name,
      email: DEMO_STAFF.email,
      password_hash: await hashPassword(DEMO_STAFF.password),
      role: 'staff',
      restaurant_id: DEMO_STAFF.restaurant_id,
    },
  ];

  const past = buildPastOrders(data, opts.now ?? new Date(), {
    staffRestaurantId: DEMO_STAFF.restaurant_id,
    firstUserId: users.length + 1,
  });

  await db.transaction(async (tx) => {
    const [existing] = await tx.query<{ n: number }>('select count(*)::int as n from cities');
    if ((existing?.n ?? 0) > 0)
      throw new Error('The database already has demo data (use --reset to start over).');
    await insertJson(
      tx,
      'cities',
      'id int, slug text, name text, state text, lat float8, lng float8, popular boolean',
      data.cities,
    );
    await insertJson(
      tx,
      'restaurants',
      `id int, slug text, name text, city_id int, area text, address text, lat float8, lng float8,
       cuisines text[], pure_veg boolean, rating numeric, rating_count int, cost_for_two int,
       delivery_time_min int, delivery_radius_m int, open_minute int, close_minute int, image text,
       offer_text text, packaging_fee int`,
      data.restaurants,
    );
    await insertJson(
      tx,
      'menu_categories',
      'id int, restaurant_id int, name text, position int',
      data.categories,
    );
    await insertJson(
      tx,
      'menu_items',
      `id int, restaurant_id int, category_id int, name text, description text, price int, is_veg boolean,
       is_egg boolean, is_bestseller boolean, in_stock boolean, image text, position int`,
      data.items,
    );
    const customisation = buildItemOptions(data.items);
    await insertJson(
      tx,
      'option_groups',
      'id int, menu_item_id int, name text, kind text, min_choices int, max_choices int, position int',
      customisation.groups,
    );
    await insertJson(
      tx,
      'item_options',
      'id int, group_id int, name text, price int, in_stock boolean, position int',
      customisation.options,
    );
    await insertJson(
      tx,
      'banners',
      'id int, title text, subtitle text, image text, link text, position int',
      banners,
    );
    await insertJson(
      tx,
      'coupons',
      `id int, coupon_code text, subtitle text, description text, coupon_terms text, discount_type text,
       discount_value int, max_discount int, min_order int, store_type text, store_ids int[],
       is_week_days boolean, allowed_weeks jsonb, is_time_of_day boolean, allowed_time jsonb,
       can_terms_change boolean, end_date timestamptz, usage_limit int, per_user_limit int,
       used_count int, active boolean`,
      coupons,
    );
    await insertJson(
      tx,
      'users',
      'id int, phone_number text, name text, email text, password_hash text, role text, restaurant_id int',
      users,
    );
    await insertJson(
      tx,
      'users',
      'id int, phone_number text, name text, email text, password_hash text, role text, created_at timestamptz',
      past.diners,
    );
    await insertJson(
      tx,
      'orders',
      `id int, order_number text, user_id int, restaurant_id int, delivery_address jsonb, item_total int,
       packaging int, delivery_fee int, taxes int, coupon_discount int, to_pay int, status text,
       payment_status text, distance_m int, cooking_instructions text, delivery_instructions text,
       prep_time_min int, reject_reason text, eta timestamptz, created_at timestamptz,
       updated_at timestamptz, paid_at timestamptz, accepted_at timestamptz, preparing_at timestamptz,
       ready_at timestamptz, picked_up_at timestamptz, delivered_at timestamptz,
       cancelled_at timestamptz, rejected_at timestamptz`,
      past.orders,
    );
    await insertJson(
      tx,
      'order_items',
      'order_id int, menu_item_id int, name text, price int, quantity int, is_veg boolean',
      past.items,
    );
    await insertJson(
      tx,
      'payments',
      `id int, order_id int, provider text, provider_payment_id text, amount int, method text, status text,
       refund_reason text, refund_id text, refunded_at timestamptz, created_at timestamptz,
       updated_at timestamptz`,
      past.payments,
    );
    // Each order points at the one payment that paid it (the two reference each other, so afterwards).
    await tx.query('update orders o set payment_id = p.id from payments p where p.order_id = o.id');
    for (const table of [...SEEDED_TABLES, 'orders', 'payments']) {
      await tx.query(
        `select setval(pg_get_serial_sequence('${table}', 'id'), coalesce((select max(id) from ${table}), 0) + 1, false)`,
      );
    }
  });
  // A bulk load: the planner's statistics from before it (or none) would misplan every read.
  await analyzeTables(db);

  return {
    scale,
    cities: data.cities.length,
    restaurants: data.restaurants.length,
    categories: data.categories.length,
    items: data.items.length,
    banners: banners.length,
    coupons: coupons.length,
    users: users.length + past.diners.length,
    pastOrders: past.orders.length,
  };
}

/** Seeds scale 1 when the database has no cities yet; returns whether it seeded. */
export async function seedIfEmpty(db: Db): Promise<boolean> {
  const [row] = await db.query<{ n: number }>('select count(*)::int as n from cities');
  if ((row?.n ?? 0) > 0) return false;
  try {
    await seedDemo(db);
    return true;
  } catch (err) {
    // Another process (same PostgreSQL) seeded first: its data wins, ours rolled back.
    const [again] = await db.query<{ n: number }>('select count(*)::int as n from cities');
    if ((again?.n ?? 0) > 0) return false;
    throw err;
  }
}

/** Empties the seeded tables (and whatever references them, e.g. orders and carts) and resets ids. */
export async function resetDemo(db: Db): Promise<void> {
  await db.exec(`truncate ${SEEDED_TABLES.join(', ')} restart identity cascade`);
}
