// The demo seed: deterministic, realistic and complete (cities, restaurants inside their cities,
// menus, coupons covering every rule, demo accounts, restaurant 1's agreed facts, images that exist),
// and the week of finished orders behind the kitchen console's history, seen through the staff's API.
import { createHash } from 'node:crypto';
import { existsSync, statSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyPassword } from '../../src/server/auth/passwords.ts';
import type { Db } from '../../src/server/db/index.ts';
import type { CouponRecord, OrderRecord, PaymentRecord, UserRecord } from '../../src/server/db/records.ts';
import {
  DEMO_CUSTOMER,
  DEMO_STAFF,
  generateDemoData,
  seedDemo,
  seedIfEmpty,
  type SeedSummary,
} from '../../src/server/db/seed.ts';
import { buildPastOrders } from '../../src/server/db/seed/past-orders.ts';
import { LOCALITIES } from '../../src/server/geo/localities.ts';
import { newOrderNumber } from '../../src/server/modules/orders/placement.ts';
import { sweepPayments } from '../../src/server/modules/orders/payments.ts';
import type { RestaurantOrderPage } from '../../src/shared/api/orders.ts';
import { computeBill } from '../../src/shared/bill.ts';
import { deliveryReach } from '../../src/shared/geo.ts';
import { istDay, istDayPlus, istWallClock } from '../../src/shared/india-time.ts';
import { openTestDatabase, setupApp } from './helper.ts';

type Opened = Awaited<ReturnType<typeof openTestDatabase>>;

/** The seed's "now": the days of its week of orders (a test run may pass midnight in India). */
const seededAt = new Date();
let summary: SeedSummary;
// The first database also serves the app (its staff API and background sweeps run on the seeded week).
const ctx = await setupApp({
  seed: async (d) => {
    summary = await seedDemo(d, { now: seededAt });
  },
});
const db: Db = ctx.db;
const opened: Opened[] = [];
let other: Db;

beforeAll(async () => {
  opened.push(await openTestDatabase());
  other = opened[0]!.db;
  expect(await seedIfEmpty(other)).toBe(true);
}, 120_000);

afterAll(async () => {
  for (const o of opened) {
    await o.db.close();
    await o.drop();
  }
});

/** A canonical dump of the browsing data, independent of driver and time zone. */
async function fingerprint(d: Db): Promise<string> {
  const dump = {
    cities: await d.query('select id, slug, name, state, lat, lng, popular from cities order by id'),
    restaurants: await d.query(
      `select id, slug, name, city_id, area, address, lat, lng, cuisines, pure_veg, rating::text as rating,
              rating_count, cost_for_two, delivery_time_min, delivery_radius_m, open_minute, close_minute,
              image, offer_text, packaging_fee, is_active
         from restaurants order by id`,
    ),
    categories: await d.query('select id, restaurant_id, name, position from menu_categories order by id'),
    items: await d.query(
      `select id, restaurant_id, category_id, name, description, price, is_veg, is_bestseller, in_stock,
              image, position
         from menu_items order by id`,
    ),
    coupons: await d.query(
      `select id, coupon_code, subtitle, description, coupon_terms, discount_type, discount_value,
              max_discount, min_order, store_type, store_ids, is_week_days, allowed_weeks::text as weeks,
              is_time_of_day, allowed_time::text as time, can_terms_change,
              extract(epoch from end_date)::bigint::text as end_date, usage_limit, per_user_limit, used_count, active
         from coupons order by id`,
    ),
    banners: await d.query(
      'select id, title, subtitle, image, link, position, active from banners order by id',
    ),
  };
  return createHash('sha256').update(JSON.stringify(dump)).digest('hex');
}

const count = async (d: Db, sql: string, params: unknown[] = []) =>
  (await d.query<{ n: number }>(sql, params))[0]!.n;

function km(lat1: number, lng1: number, lat2: number, lng2: number): number {
  const rad = Math.PI / 180;
  const a =
    Math.sin(((lat2 - lat1) * rad) / 2) ** 2 +
    Math.cos(lat1 * rad) * Math.cos(lat2 * rad) * Math.sin(((lng2 - lng1) * rad) / 2) ** 2;
  return 2 * 6371 * Math.asin(Math.sqrt(a));
}

describe('demo seed', () => {
  it('produces the same data on two fresh databases and reports what it inserted', async () => {
    expect(await fingerprint(db)).toBe(await fingerprint(other));
    expect(summary).toMatchObject({ scale: 1, restaurants: 160, banners: 6, users: 6 });
    expect(summary.items).toBe(await count(db, 'select count(*)::int as n from menu_items'));
    expect(summary.categories).toBe(await count(db, 'select count(*)::int as n from menu_categories'));
  });

  it('seeds only an empty database', async () => {
    expect(await seedIfEmpty(db)).toBe(false);
    await expect(seedDemo(db)).rejects.toThrow(/already has demo data/);
    expect(await count(db, 'select count(*)::int as n from restaurants')).toBe(160);
  });

  it('has the demo cities, with restaurants inside them near known localities', async () => {
    const cities = await db.query<{ id: number; slug: string; name: string; lat: number; lng: number }>(
      'select id, slug, name, lat, lng from cities order by id',
    );
    expect(cities.map((c) => c.name)).toEqual(expect.arrayContaining(['Bengaluru', 'Mumbai', 'Delhi']));
    const restaurants = await db.query<{ city_id: number; area: string; lat: number; lng: number }>(
      'select city_id, area, lat, lng from restaurants',
    );
    expect(restaurants.length).toBeGreaterThanOrEqual(150);
    for (const c of cities) {
      const mine = restaurants.filter((r) => r.city_id === c.id);
      expect(mine.length, c.slug).toBeGreaterThanOrEqual(15);
      for (const r of mine) {
        expect(km(c.lat, c.lng, r.lat, r.lng), `${r.area} in ${c.slug}`).toBeLessThan(30);
        const locality = LOCALITIES.find((l) => l.city === c.slug && l.name === r.area);
        expect(locality, `${r.area} is a locality of ${c.slug}`).toBeDefined();
        expect(km(locality!.lat, locality!.lng, r.lat, r.lng)).toBeLessThan(2.5);
      }
    }
  });

  it('gives every restaurant realistic attributes', async () => {
    const rows = await db.query<Record<string, number | string | boolean | string[] | null>>(
      `select slug, cuisines, rating::float8 as rating, rating_count, cost_for_two, delivery_time_min,
              delivery_radius_m, open_minute, close_minute, offer_text, pure_veg from restaurants`,
    );
    const slugs = new Set(rows.map((r) => r.slug));
    expect(slugs.size).toBe(rows.length);
    for (const r of rows) {
      expect(r.slug).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
      expect((r.cuisines as string[]).length).toBeGreaterThan(0);
      expect(r.rating).toBeGreaterThanOrEqual(3.2);
      expect(r.rating).toBeLessThanOrEqual(4.8);
      expect(r.rating_count).toBeGreaterThan(0);
      expect(r.cost_for_two).toBeGreaterThanOrEqual(15000);
      expect(r.cost_for_two).toBeLessThanOrEqual(150000);
      expect(r.delivery_time_min).toBeGreaterThanOrEqual(20);
      expect(r.delivery_time_min).toBeLessThanOrEqual(55);
      expect(r.delivery_radius_m).toBeGreaterThanOrEqual(3000);
      expect(r.delivery_radius_m).toBeLessThanOrEqual(8000);
      // Hours: 0 <= open < close <= open + 1440 (close past 1440 = after midnight).
      const open = r.open_minute as number;
      const close = r.close_minute as number;
      expect(open).toBeGreaterThanOrEqual(0);
      expect(open).toBeLessThan(1440);
      expect(close).toBeGreaterThan(open);
      expect(close).toBeLessThanOrEqual(open + 1440);
    }
    const cuisines = new Set(rows.flatMap((r) => r.cuisines as string[]));
    for (const c of ['North Indian', 'South Indian', 'Biryani', 'Chinese', 'Pizza', 'Burgers', 'Desserts']) {
      expect(cuisines, c).toContain(c);
    }
    const offers = rows.filter((r) => r.offer_text).length / rows.length;
    expect(offers).toBeGreaterThan(0.25);
    expect(offers).toBeLessThan(0.55);
    expect(rows.some((r) => r.pure_veg)).toBe(true);
    expect(rows.some((r) => (r.close_minute as number) > 1440)).toBe(true); // late night
    expect(rows.some((r) => r.open_minute === 0 && r.close_minute === 1440)).toBe(true); // 24 hours
    expect(rows.some((r) => (r.open_minute as number) <= 420)).toBe(true); // breakfast
  });

  it('gives every restaurant a menu of 20-60 items in 4-8 non-empty categories', async () => {
    const menus = await db.query<{ id: number; items: number; cats: number; empty: number }>(
      `select r.id,
              (select count(*)::int from menu_items i where i.restaurant_id = r.id) as items,
              (select count(*)::int from menu_categories c where c.restaurant_id = r.id) as cats,
              (select count(*)::int from menu_categories c where c.restaurant_id = r.id
                  and not exists (select 1 from menu_items i where i.category_id = c.id)) as empty
         from restaurants r`,
    );
    for (const m of menus) {
      expect(m.items, `restaurant ${m.id}`).toBeGreaterThanOrEqual(20);
      expect(m.items, `restaurant ${m.id}`).toBeLessThanOrEqual(60);
      expect(m.cats, `restaurant ${m.id}`).toBeGreaterThanOrEqual(4);
      expect(m.cats, `restaurant ${m.id}`).toBeLessThanOrEqual(8);
      expect(m.empty).toBe(0);
    }
    // Items belong to a category of their own restaurant; names are unique within a menu.
    expect(
      await count(
        db,
        `select count(*)::int as n from menu_items i join menu_categories c on c.id = i.category_id
          where c.restaurant_id <> i.restaurant_id`,
      ),
    ).toBe(0);
    expect(
      await count(
        db,
        `select count(*)::int as n from (select restaurant_id, name from menu_items
          group by restaurant_id, name having count(*) > 1) d`,
      ),
    ).toBe(0);
  });

  it('keeps menus consistent: pure veg means veg only, prices in range, some bestsellers and sold-out items', async () => {
    expect(
      await count(
        db,
        `select count(*)::int as n from menu_items i join restaurants r on r.id = i.restaurant_id
          where r.pure_veg and not i.is_veg`,
      ),
    ).toBe(0);
    const [stats] = await db.query<{
      total: number;
      min_price: number;
      max_price: number;
      best: number;
      oos: number;
      images: number;
      veg: number;
      no_description: number;
    }>(
      `select count(*)::int as total, min(price)::int as min_price, max(price)::int as max_price,
              count(*) filter (where is_bestseller)::int as best, count(*) filter (where not in_stock)::int as oos,
              count(*) filter (where image is not null)::int as images, count(*) filter (where is_veg)::int as veg,
              count(*) filter (where description = '')::int as no_description
         from menu_items`,
    );
    const s = stats!;
    expect(s.min_price).toBeGreaterThanOrEqual(4900);
    expect(s.max_price).toBeLessThanOrEqual(69900);
    expect(s.best / s.total).toBeGreaterThan(0.05);
    expect(s.best / s.total).toBeLessThan(0.2);
    expect(s.oos / s.total).toBeGreaterThan(0.02);
    expect(s.oos / s.total).toBeLessThan(0.1);
    expect(s.images / s.total).toBeGreaterThan(0.3);
    expect(s.images / s.total).toBeLessThan(0.7);
    expect(s.veg).toBeGreaterThan(0);
    expect(s.veg).toBeLessThan(s.total);
    expect(s.no_description).toBe(0);
  });

  it('keeps veg promises: a restaurant named veg is pure veg, and no pure-veg menu has egg, fish or meat', async () => {
    const VEG_NAME = String.raw`\m(veg|veggie|vegetarian|vegan)\M`;
    expect(
      await count(db, 'select count(*)::int as n from restaurants where name ~* $1', [VEG_NAME]),
    ).toBeGreaterThan(0);
    expect(
      await db.query('select id, name from restaurants where name ~* $1 and not pure_veg', [VEG_NAME]),
    ).toEqual([]);
    const offending = await db.query<{ restaurant: string; item: string }>(
      `select r.name as restaurant, i.name as item
         from menu_items i join restaurants r on r.id = i.restaurant_id
        where (r.pure_veg or r.name ~* $1)
          and (not i.is_veg
               or (i.name || ' ' || i.description) ~* $2)
        order by r.id, i.id`,
      [VEG_NAME, String.raw`\m(egg|eggs|omelette|chicken|mutton|lamb|fish|prawns?|meat|keema|kheema|tuna)\M`],
    );
    expect(offending).toEqual([]);
  });

  it('references only pictures that exist and are small WebP files', async () => {
    const rows = await db.query<{ image: string }>(
      `select image from restaurants union select image from menu_items where image is not null
       union select image from banners`,
    );
    expect(rows.length).toBeGreaterThan(20);
    for (const img of rows.map((r) => r.image)) {
      expect(img).toMatch(/^\/img\/[a-z0-9/-]+\.webp$/);
      const file = path.join('public', img);
      expect(existsSync(file), file).toBe(true);
      expect(statSync(file).size).toBeLessThan(12_288);
    }
    expect(statSync('public/img/default-restaurant.svg').size).toBeLessThan(3072);
  });

  it('has banners that link to offers or a restaurant', async () => {
    const banners = await db.query<{ title: string; link: string }>(
      'select title, link from banners order by position',
    );
    expect(banners.length).toBeGreaterThanOrEqual(5);
    for (const b of banners) {
      expect(b.title).not.toBe('');
      if (b.link !== '/offers') {
        const slug = b.link.replace(/^\/restaurants\//, '');
        expect(await count(db, 'select count(*)::int as n from restaurants where slug = $1', [slug])).toBe(1);
      }
    }
  });

  it('has coupons covering every rule', async () => {
    const coupons = await db.query<CouponRecord & { expired: boolean }>(
      'select *, end_date < now() as expired from coupons order by id',
    );
    const byCode = new Map(coupons.map((c) => [c.coupon_code, c]));
    expect(byCode.get('WELCOME50')).toMatchObject({
      discount_type: 'percent',
      discount_value: 50,
      max_discount: 10000,
      min_order: 19900,
      store_type: 'all',
      is_week_days: false,
      is_time_of_day: false,
      expired: false,
      active: true,
    });
    expect(byCode.get('LIMITED50')).toMatchObject({ usage_limit: 50, expired: false });
    expect(byCode.get('EXPIRED20')).toMatchObject({ expired: true });
    expect(coupons.filter((c) => c.expired).map((c) => c.coupon_code)).toEqual(['EXPIRED20']);
    expect(coupons.some((c) => c.discount_type === 'flat')).toBe(true);
    expect(coupons.some((c) => c.per_user_limit === 1)).toBe(true);
    expect(coupons.some((c) => c.can_terms_change)).toBe(true);
    const days = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'];
    for (const c of coupons)
      expect(Object.keys(c.allowed_weeks).sort(), c.coupon_code).toEqual([...days].sort());
    // Weekday lists: some every day, some weekends only.
    const weekly = coupons.filter((c) => c.is_week_days);
    expect(weekly.some((c) => days.every((d) => c.allowed_weeks[d]))).toBe(true);
    expect(weekly.some((c) => days.filter((d) => c.allowed_weeks[d]).join() === 'saturday,sunday')).toBe(
      true,
    );
    // Time windows, including one that crosses midnight.
    const timed = coupons.filter((c) => c.is_time_of_day);
    for (const c of timed) {
      expect(c.allowed_time.startTime).toMatch(/^([01]\d|2[0-3]):[0-5]\d$/);
      expect(c.allowed_time.endTime).toMatch(/^([01]\d|2[0-3]):[0-5]\d$/);
    }
    expect(
      timed.some((c) => c.allowed_time.startTime === '11:00' && c.allowed_time.endTime === '15:00'),
    ).toBe(true);
    expect(timed.some((c) => c.allowed_time.startTime! > c.allowed_time.endTime!)).toBe(true);
    // Store lists name real restaurants, restaurant 1 among the biryani list.
    const listed = coupons.filter((c) => c.store_type === 'list');
    expect(listed.length).toBeGreaterThanOrEqual(1);
    expect(byCode.get('BIRYANI100')?.store_ids).toContain(1);
    for (const c of listed) {
      expect(c.store_ids.length).toBeGreaterThan(0);
      expect(
        await count(db, 'select count(*)::int as n from restaurants where id = any($1::int[])', [
          c.store_ids,
        ]),
      ).toBe(c.store_ids.length);
    }
  });

  it('creates the demo customer and staff with working passwords', async () => {
    const users = await db.query<
      Pick<UserRecord, 'phone_number' | 'name' | 'email' | 'role' | 'restaurant_id' | 'password_hash'>
    >('select phone_number, name, email, role, restaurant_id, password_hash from users order by id');
    const customer = users.find((u) => u.phone_number === '9876543210')!;
    expect(customer).toMatchObject({
      name: 'Asha Rao',
      email: 'asha@example.com',
      role: 'customer',
      restaurant_id: null,
    });
    expect(await verifyPassword(customer.password_hash, DEMO_CUSTOMER.password)).toBe(true);
    expect(await verifyPassword(customer.password_hash, 'wrong-pass-123')).toBe(false);
    const staff = users.find((u) => u.phone_number === '9000000001')!;
    expect(staff).toMatchObject({ name: 'Ravi Kumar', role: 'staff', restaurant_id: 1 });
    expect(await verifyPassword(staff.password_hash, DEMO_STAFF.password)).toBe(true);
  });

  it('keeps the agreed facts of restaurant 1', async () => {
    const [r] = await db.query<Record<string, unknown>>(
      `select r.slug, r.name, r.area, r.lat, r.lng, r.open_minute, r.close_minute, r.delivery_radius_m,
              r.is_active, c.slug as city from restaurants r join cities c on c.id = r.city_id where r.id = 1`,
    );
    expect(r).toEqual({
      slug: 'meghana-biryani-house',
      name: 'Meghana Biryani House',
      area: 'Koramangala',
      lat: 12.9352,
      lng: 77.6245,
      open_minute: 0,
      close_minute: 1440,
      delivery_radius_m: 7000,
      is_active: true,
      city: 'bengaluru',
    });
    const items = await db.query<{ name: string; is_veg: boolean; in_stock: boolean }>(
      'select name, is_veg, in_stock from menu_items where restaurant_id = 1',
    );
    expect(items.find((i) => i.name === 'Paneer Tikka')).toEqual({
      name: 'Paneer Tikka',
      is_veg: true,
      in_stock: true,
    });
    expect(items.find((i) => i.name === 'Chicken Biryani')).toEqual({
      name: 'Chicken Biryani',
      is_veg: false,
      in_stock: true,
    });
  });

  it('leaves every table with the planner statistics of what it holds (the embedded database has no autovacuum)', async () => {
    const tables = await db.query<{ relname: string; reltuples: number }>(
      `select c.relname, c.reltuples from pg_class c join pg_namespace n on n.oid = c.relnamespace
        where n.nspname = 'public' and c.relkind = 'r'`,
    );
    expect(tables.length).toBeGreaterThan(30);
    expect(tables.filter((t) => t.reltuples < 0).map((t) => t.relname)).toEqual([]);
    const items = tables.find((t) => t.relname === 'menu_items')!;
    expect(items.reltuples).toBe(summary.items);
    // With them, a dish's choices are read through its index, not by scanning every group.
    const plan = await db.query<{ 'QUERY PLAN': string }>(
      `explain select * from option_groups where menu_item_id = any($1::int[])`,
      [[1, 2, 3]],
    );
    expect(plan.map((r) => r['QUERY PLAN']).join('\n')).toMatch(/Index/);
  });

  it('leaves the id sequences past the seeded rows', async () => {
    const [r] = await db.query<{ id: number }>(
      `insert into restaurants (slug, name, city_id, area, address, lat, lng, cuisines, rating, rating_count,
         cost_for_two, delivery_time_min, delivery_radius_m, open_minute, close_minute, image)
       values ('new-place', 'New Place', 1, 'Koramangala', '1, Main Road', 12.93, 77.62, '{Cafe}', 4.0, 1,
         30000, 30, 5000, 660, 1380, '/img/default-restaurant.svg') returning id`,
    );
    expect(r!.id).toBe(161);
    const [u] = await db.query<{ id: number }>(
      `insert into users (phone_number, name, password_hash) values ('9123456789', 'New', 'x') returning id`,
    );
    expect(u!.id).toBe(7);
    const [o] = await db.query<{ id: number }>(
      `insert into orders (order_number, user_id, restaurant_id, delivery_address, item_total, packaging,
         delivery_fee, taxes, to_pay) values ('NEW-1', 1, 1, '{}', 1, 0, 0, 0, 1) returning id`,
    );
    expect(o!.id).toBe(summary.pastOrders + 1);
    await db.query('delete from orders where id = $1', [o!.id]);
    const [p] = await db.query<{ id: number }>(
      `select nextval(pg_get_serial_sequence('payments', 'id'))::int as id`,
    );
    expect(p!.id).toBe(summary.pastOrders + 1);
    const [c] = await db.query<{ id: number }>(
      `insert into coupons (coupon_code, subtitle, description, coupon_terms, discount_type, discount_value, end_date)
       values ('NEWONE', 's', 'd', 't', 'flat', 100, now()) returning id`,
    );
    expect(c!.id).toBe(summary.coupons + 1);
  });
});

describe('the week of finished orders behind the kitchen console', () => {
  const yesterday = istDayPlus(seededAt, -1);
  const week = [7, 6, 5, 4, 3, 2, 1].map((n) => istDayPlus(seededAt, -n));
  const ist = (d: Date | string) => istDay(new Date(d));

  /** An order row; the seed measures every order's distance. */
  type Seeded = OrderRecord & { distance_m: number };
  const seeded = () => db.query<Seeded>('select * from orders order by id');

  async function staffToken(): Promise<string> {
    const res = await ctx.client.post('/api/v1/login/staff', {
      phone_number: DEMO_STAFF.phone_number,
      password: DEMO_STAFF.password,
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<{ access: string }>().access;
  }

  it("has 4-8 orders on each of the 7 Indian days before the seed at the staff's restaurant, a few at other kitchens of its city", async () => {
    const rows = await db.query<{ restaurant_id: number; day: string; n: number }>(
      `select restaurant_id, to_char(created_at at time zone 'Asia/Kolkata', 'YYYY-MM-DD') as day,
              count(*)::int as n
         from orders group by 1, 2 order by 1, 2`,
    );
    const staff = rows.filter((r) => r.restaurant_id === DEMO_STAFF.restaurant_id);
    expect(staff.map((r) => r.day)).toEqual(week);
    for (const r of staff) expect([4, 5, 6, 7, 8]).toContain(r.n);
    const others = [...new Set(rows.map((r) => r.restaurant_id))].filter(
      (id) => id !== DEMO_STAFF.restaurant_id,
    );
    expect(others.length).toBeGreaterThanOrEqual(3);
    for (const r of rows) expect(week).toContain(r.day);
    expect(
      await count(
        db,
        `select count(distinct r.city_id)::int as n from orders o join restaurants r on r.id = o.restaurant_id`,
      ),
    ).toBe(1);
    expect(summary.pastOrders).toBe(await count(db, 'select count(*)::int as n from orders'));
  });

  it("shows the staff yesterday through the console's API: deliveries, a customer's cancellation and a rejection, both refunded", async () => {
    const token = await staffToken();
    const res = await ctx.client.get(
      `/api/v1/orders/restaurant/?startDate=${yesterday}&endDate=${yesterday}&delivery_status=&limit=50`,
      { token },
    );
    expect(res.statusCode, res.body).toBe(200);
    const page = res.json<RestaurantOrderPage>();
    expect(page.count).toBeGreaterThanOrEqual(3);
    expect(page.results).toHaveLength(page.count);
    const by = (status: string) => page.results.filter((o) => o.status === status);
    expect(by('cancelled')).toHaveLength(1);
    expect(by('rejected')).toHaveLength(1);
    expect(by('delivered')).toHaveLength(page.count - 2);
    expect(by('cancelled')[0]).toMatchObject({ payment_status: 'refunded', refund_pending: false });
    expect(by('cancelled')[0]!.cancelled_at).not.toBeNull();
    expect(by('rejected')[0]).toMatchObject({ payment_status: 'refunded', refund_pending: false });
    expect(by('rejected')[0]!.reject_reason).toMatch(/\w/);
    for (const o of by('delivered')) expect(o.payment_status).toBe('paid');
    for (const o of page.results) {
      expect(ist(o.placed_at)).toBe(yesterday);
      expect(o.restaurant.id).toBe(DEMO_STAFF.restaurant_id);
      expect(o.customer_name).not.toBe(DEMO_CUSTOMER.name);
      expect(o.customer_phone).toMatch(/^\d{10}$/);
      expect(o.customer_phone).not.toBe(DEMO_CUSTOMER.phone_number);
      expect(o.delivery_address.flat).not.toBe('');
      expect(o.delivery_address.landmark).not.toBe('');
      expect(o.delivery_address.lat).not.toBeNull();
      expect(o.items.length).toBeGreaterThan(0);
    }
    // Revenue: what the paid orders not refunded brought in.
    expect(page.totals).toEqual({
      orders: page.count,
      revenue: by('delivered').reduce((s, o) => s + o.bill.to_pay, 0),
    });

    // The console's phone search (as the e2e journey types it) finds a diner's orders of that day.
    const search = await ctx.client.get(
      `/api/v1/orders/restaurant/?startDate=${yesterday}&endDate=${yesterday}&delivery_status=&q=${encodeURIComponent('+91 98450 12301')}`,
      { token },
    );
    const found = search.json<RestaurantOrderPage>();
    expect(found.count).toBeGreaterThanOrEqual(1);
    for (const o of found.results) expect(o.customer_name).toBe('Priya Nair');
  });

  it('bills add up as the checkout computes them, from the menu, each order paid by one payment of the ledger', async () => {
    const orders = await seeded();
    const restaurants = new Map(
      (
        await db.query<{
          id: number;
          lat: number;
          lng: number;
          delivery_radius_m: number;
          packaging_fee: number;
        }>(
          'select id, lat, lng, delivery_radius_m, packaging_fee from restaurants where id in (select restaurant_id from orders)',
        )
      ).map((r) => [r.id, { ...r, lat: Number(r.lat), lng: Number(r.lng) }]),
    );
    const lines = await db.query<{ order_id: number; price: number; quantity: number; same: boolean }>(
      `select oi.order_id, oi.price, oi.quantity,
              (mi.restaurant_id = o.restaurant_id and mi.price = oi.price and mi.is_veg = oi.is_veg
                and mi.name = oi.name and mi.in_stock) as same
         from order_items oi join orders o on o.id = oi.order_id join menu_items mi on mi.id = oi.menu_item_id`,
    );
    expect(lines.filter((l) => !l.same)).toEqual([]);
    const payments = await db.query<PaymentRecord>('select * from payments order by id');
    expect(payments).toHaveLength(orders.length);
    for (const o of orders) {
      const r = restaurants.get(o.restaurant_id)!;
      const a = o.delivery_address;
      expect(Object.keys(a).sort()).toEqual(
        [
          'address',
          'address_id',
          'address_type',
          'flat',
          'landmark',
          'lat',
          'latitude',
          'lng',
          'longitude',
        ].sort(),
      );
      const reach = deliveryReach(r, { lat: a['latitude'] as number, lng: a['longitude'] as number });
      expect(reach).toEqual({ distance_m: o.distance_m, delivers: true });
      const bill = computeBill({
        lines: lines.filter((l) => l.order_id === o.id),
        packagingFee: r.packaging_fee,
        distanceM: o.distance_m,
        couponDiscount: 0,
      });
      expect(bill.item_total).toBeGreaterThan(0);
      expect({
        item_total: o.item_total,
        packaging: o.packaging,
        delivery_fee: o.delivery_fee,
        taxes: o.taxes,
        coupon_discount: o.coupon_discount,
        to_pay: o.to_pay,
      }).toEqual(bill);
      expect(o.coupon_code).toBeNull();
      const paidBy = payments.filter((p) => p.order_id === o.id);
      expect(paidBy).toHaveLength(1);
      const p = paidBy[0]!;
      expect(o.payment_id).toBe(p.id);
      expect(p).toMatchObject({
        provider: 'sandbox',
        amount: o.to_pay,
        currency: 'INR',
        status: o.payment_status,
      });
      expect(p.provider_payment_id).toMatch(/^pay_[A-Za-z0-9]{14}$/);
      if (o.status === 'delivered') {
        expect(o.payment_status).toBe('paid');
        expect(p).toMatchObject({ refund_reason: null, refund_id: null, refunded_at: null });
      } else {
        expect(o.payment_status).toBe('refunded');
        expect(p.refund_reason).toBe(o.status);
        expect(p.refund_id).toMatch(/^rfnd_[A-Za-z0-9]{14}$/);
        expect(new Date(p.refunded_at!).getTime()).toBe(new Date(o.updated_at).getTime());
      }
      expect(new Date(p.created_at).getTime()).toBe(new Date(o.paid_at!).getTime());
    }
  });

  it('every timestamp fits the status, at lunch or dinner in India, with order numbers as the checkout makes them', async () => {
    const t = (d: Date | null) => (d === null ? null : new Date(d).getTime());
    const orders = await seeded();
    expect(new Set(orders.map((o) => o.order_number)).size).toBe(orders.length);
    for (const o of orders) {
      const created = t(o.created_at)!;
      const wall = istWallClock(new Date(created));
      const minute = wall.getUTCHours() * 60 + wall.getUTCMinutes();
      expect(
        (minute >= 12 * 60 && minute <= 15 * 60) || (minute >= 19 * 60 && minute <= 22 * 60),
        o.order_number,
      ).toBe(true);
      // The checkout's own number for that moment has the same date part and characters.
      const checkout = newOrderNumber(new Date(created));
      expect(o.order_number.slice(0, 7)).toBe(checkout.slice(0, 7));
      expect(o.order_number).toMatch(/^\d{6}-[2-9A-HJKMNP-Z]{6}$/);
      expect(checkout).toMatch(/^\d{6}-[2-9A-HJKMNP-Z]{6}$/);

      expect(o.eta).toBeNull();
      expect(o.refund_pending).toBe(false);
      expect(o.provider_order_id).toBeNull();
      const paid = t(o.paid_at)!;
      expect(paid).toBeGreaterThan(created);
      const steps = [o.accepted_at, o.preparing_at, o.ready_at, o.picked_up_at, o.delivered_at].map(t);
      if (o.status === 'delivered') {
        const chain = [paid, ...steps] as number[];
        for (let i = 1; i < chain.length; i++)
          expect(chain[i]!, o.order_number).toBeGreaterThan(chain[i - 1]!);
        expect(t(o.updated_at)).toBe(t(o.delivered_at));
        expect(o.prep_time_min).toBeGreaterThan(0);
        expect([o.cancelled_at, o.rejected_at, o.reject_reason]).toEqual([null, null, null]);
      } else {
        expect(steps).toEqual([null, null, null, null, null]);
        expect(o.prep_time_min).toBeNull();
        const closed = t(o.status === 'cancelled' ? o.cancelled_at : o.rejected_at)!;
        expect(closed).toBeGreaterThan(paid);
        expect(t(o.updated_at)).toBeGreaterThan(closed);
        expect(o.status === 'cancelled' ? o.rejected_at : o.cancelled_at).toBeNull();
        if (o.status === 'rejected') expect(o.reject_reason).toMatch(/\w/);
        else expect(o.reject_reason).toBeNull();
      }
      expect(t(o.updated_at)).toBeLessThan(seededAt.getTime());
    }
    // The diners signed up before their first order.
    const late = await db.query(
      `select u.id from users u where u.created_at > (select min(created_at) from orders o where o.user_id = u.id)`,
    );
    expect(late).toEqual([]);
  });

  it("puts nothing live: no order waits, rings or has an event, push, alert or rating; the app's sweeps leave the week alone", async () => {
    expect(
      await count(
        db,
        `select count(*)::int as n from orders where status not in ('delivered', 'cancelled', 'rejected')`,
      ),
    ).toBe(0);
    const token = await staffToken();
    const board = await ctx.client.get('/api/v1/orders/restaurant/?delivery_status=active', { token });
    expect(board.json<RestaurantOrderPage>().count).toBe(0);
    const ringing = await ctx.client.get('/api/v1/orders/restaurant/alerts/', { token });
    expect(ringing.json<{ count: number }>().count).toBe(0);
    expect(await sweepPayments(db, ctx.app.payments, ctx.config.PAYMENT_SWEEP_INTERVAL_MS)).toEqual({
      refunds: 0,
      reconciled: 0,
    });
    for (const table of [
      'order_events',
      'order_event_seqs',
      'push_deliveries',
      'order_ratings',
      'courier_locations',
    ])
      expect(await count(db, `select count(*)::int as n from ${table}`), table).toBe(0);
    expect(
      await count(db, `select count(*)::int as n from payments where status not in ('paid', 'refunded')`),
    ).toBe(0);
  });

  it("leaves the demo customer (the e2e journeys' account) without orders or payments; the diners cannot sign in", async () => {
    const customer = ctx.client.fork();
    const res = await customer.post('/api/v1/login/customers', {
      phone_number: DEMO_CUSTOMER.phone_number,
      password: DEMO_CUSTOMER.password,
      session_key: null,
    });
    expect(res.statusCode, res.body).toBe(200);
    const token = res.json<{ access: string }>().access;
    expect(
      (await customer.get('/api/v1/orders/all/customer/', { token })).json<{ count: number }>().count,
    ).toBe(0);
    expect((await customer.get('/api/v1/orders/payments/', { token })).json<{ count: number }>().count).toBe(
      0,
    );
    expect(
      await count(
        db,
        `select count(*)::int as n from orders o join users u on u.id = o.user_id
          where u.phone_number = any($1::text[]) or u.role <> 'customer'`,
        [[DEMO_CUSTOMER.phone_number, DEMO_STAFF.phone_number]],
      ),
    ).toBe(0);

    const diner = await ctx.client.fork().post('/api/v1/login/customers', {
      phone_number: '9845012301',
      password: 'any-pass-123',
      session_key: null,
    });
    expect(diner.statusCode).toBeGreaterThanOrEqual(400);
    const [d] = await db.query<{ password_hash: string }>(
      `select password_hash from users where phone_number = '9845012301'`,
    );
    expect(await verifyPassword(d!.password_hash, 'any-pass-123')).toBe(false);
  });

  it('is deterministic apart from now: the same now gives the same rows, a week later the same rows a week later', () => {
    const data = generateDemoData(1);
    const opts = { staffRestaurantId: DEMO_STAFF.restaurant_id, firstUserId: 3 };
    const now = new Date('2026-11-24T06:30:00Z');
    const a = buildPastOrders(data, now, opts);
    expect(buildPastOrders(data, now, opts)).toEqual(a);
    const later = buildPastOrders(data, new Date(now.getTime() + 7 * 86_400_000), opts);
    const shift = (v: unknown): unknown =>
      typeof v === 'string' && /^\d{4}-\d\d-\d\dT/.test(v)
        ? new Date(Date.parse(v) + 7 * 86_400_000).toISOString()
        : v;
    const moved = (rows: object[]) =>
      rows.map((r) => Object.fromEntries(Object.entries(r).map(([k, v]) => [k, shift(v)])));
    expect(later.orders.map((o) => o.order_number.slice(7))).toEqual(
      a.orders.map((o) => o.order_number.slice(7)),
    );
    const withoutNumber = (rows: readonly object[]) => rows.map((r) => ({ ...r, order_number: undefined }));
    expect(withoutNumber(later.orders)).toEqual(withoutNumber(moved(a.orders)));
    expect(later.payments).toEqual(moved(a.payments));
    expect(later.items).toEqual(a.items);
    expect(later.diners).toEqual(moved(a.diners));
  });
});
