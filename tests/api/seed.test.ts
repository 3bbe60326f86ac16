// The demo seed: deterministic, realistic and complete (cities, restaurants inside their cities,
// menus, coupons covering every rule, demo accounts, restaurant 1's agreed facts, images that exist).
import { createHash } from 'node:crypto';
import { existsSync, statSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyPassword } from '../../src/server/auth/passwords.ts';
import type { Db } from '../../src/server/db/index.ts';
import {
  DEMO_CUSTOMER,
  DEMO_STAFF,
  seedDemo,
  seedIfEmpty,
  type SeedSummary,
} from '../../src/server/db/seed.ts';
import { LOCALITIES } from '../../src/server/geo/localities.ts';
import { openTestDatabase } from './helper.ts';

type Opened = Awaited<ReturnType<typeof openTestDatabase>>;

const opened: Opened[] = [];
let db: Db;
let other: Db;
let summary: SeedSummary;

beforeAll(async () => {
  opened.push(await openTestDatabase(), await openTestDatabase());
  db = opened[0]!.db;
  other = opened[1]!.db;
  summary = await seedDemo(db);
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
    expect(summary).toMatchObject({ scale: 1, restaurants: 160, banners: 6, users: 2 });
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

  it('references only images that exist and are small SVGs', async () => {
    const rows = await db.query<{ image: string }>(
      `select image from restaurants union select image from menu_items where image is not null
       union select image from banners`,
    );
    expect(rows.length).toBeGreaterThan(20);
    for (const img of [...rows.map((r) => r.image), '/img/default-restaurant.svg']) {
      expect(img).toMatch(/^\/img\/[a-z0-9/-]+\.svg$/);
      const file = path.join('public', img);
      expect(existsSync(file), file).toBe(true);
      expect(statSync(file).size).toBeLessThan(3072);
    }
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
    const coupons = await db.query<{
      coupon_code: string;
      discount_type: string;
      discount_value: number;
      max_discount: number | null;
      min_order: number;
      store_type: string;
      store_ids: number[];
      is_week_days: boolean;
      allowed_weeks: Record<string, boolean>;
      is_time_of_day: boolean;
      allowed_time: { startTime?: string; endTime?: string };
      usage_limit: number | null;
      per_user_limit: number | null;
      can_terms_change: boolean;
      expired: boolean;
      active: boolean;
    }>('select *, end_date < now() as expired from coupons order by id');
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
    const users = await db.query<{
      phone_number: string;
      name: string;
      email: string;
      role: string;
      restaurant_id: number | null;
      password_hash: string;
    }>('select phone_number, name, email, role, restaurant_id, password_hash from users order by id');
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
    expect(u!.id).toBe(3);
    const [c] = await db.query<{ id: number }>(
      `insert into coupons (coupon_code, subtitle, description, coupon_terms, discount_type, discount_value, end_date)
       values ('NEWONE', 's', 'd', 't', 'flat', 100, now()) returning id`,
    );
    expect(c!.id).toBe(summary.coupons + 1);
  });
});
