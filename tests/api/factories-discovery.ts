// A small, exactly known discovery data set for the discovery API tests (independent of the demo
// seed, so distances, hours and rankings can be asserted precisely).
import type { Queryable } from '../../src/server/db/index.ts';
import { istMinuteOfDay } from '../../src/shared/opening-hours.ts';

export const KORAMANGALA = { lat: 12.9352, lng: 77.6245 };
export const INDIRANAGAR = { lat: 12.9784, lng: 77.6408 };
export const HSR = { lat: 12.9121, lng: 77.6446 };
export const BANDRA = { lat: 19.0596, lng: 72.8295 };

export interface DiscoveryFixture {
  cities: { bengaluru: number; mumbai: number };
  meghana: number;
  greenLeaf: number;
  nightOwl: number;
  bandra: number;
  inactive: number;
  items: Record<string, number>;
}

interface R {
  slug: string;
  name: string;
  city: number;
  area: string;
  at: { lat: number; lng: number };
  cuisines: string[];
  veg: boolean;
  rating: number;
  cost: number;
  time: number;
  radius: number;
  open: number;
  close: number;
  offer: string | null;
  active?: boolean;
}

async function restaurant(db: Queryable, r: R): Promise<number> {
  const [row] = await db.query<{ id: number }>(
    `insert into restaurants (slug, name, city_id, area, address, lat, lng, cuisines, pure_veg, rating,
       rating_count, cost_for_two, delivery_time_min, delivery_radius_m, open_minute, close_minute, image,
       offer_text, packaging_fee, is_active)
     values ($1,$2,$3,$4,$5,$6,$7,$8,$9,$10,$11,$12,$13,$14,$15,$16,$17,$18,$19,$20) returning id`,
    [
      r.slug,
      r.name,
      r.city,
      r.area,
      `1 Main Road, ${r.area}`,
      r.at.lat,
      r.at.lng,
      r.cuisines,
      r.veg,
      r.rating,
      120,
      r.cost,
      r.time,
      r.radius,
      r.open,
      r.close,
      `/images/restaurants/${r.slug}.webp`,
      r.offer,
      2000,
      r.active ?? true,
    ],
  );
  return row!.id;
}

async function menu(
  db: Queryable,
  restaurantId: number,
  categories: Array<
    [
      string,
      Array<
        [name: string, price: number, veg: boolean, extra?: { best?: boolean; out?: boolean; desc?: string }]
      >,
    ]
  >,
  items: Record<string, number>,
): Promise<void> {
  let cp = 0;
  for (const [cname, list] of categories) {
    const [cat] = await db.query<{ id: number }>(
      `insert into menu_categories (restaurant_id, name, position) values ($1,$2,$3) returning id`,
      [restaurantId, cname, cp++],
    );
    let ip = 0;
    for (const [name, price, veg, extra] of list) {
      const [it] = await db.query<{ id: number }>(
        `insert into menu_items (restaurant_id, category_id, name, description, price, is_veg, is_bestseller,
           in_stock, image, position) values ($1,$2,$3,$4,$5,$6,$7,$8,$9,$10) returning id`,
        [
          restaurantId,
          cat!.id,
          name,
          extra?.desc ?? `${name}, made fresh.`,
          price,
          veg,
          extra?.best ?? false,
          !(extra?.out ?? false),
          null,
          ip++,
        ],
      );
      items[`${restaurantId}:${name}`] = it!.id;
    }
  }
}

/** Inserts the fixture. Night Owl Rolls is closed now (opens in two hours, for one hour). */
export async function seedDiscoveryFixture(db: Queryable, now = new Date()): Promise<DiscoveryFixture> {
  const city = async (slug: string, name: string, state: string, lat: number, lng: number) =>
    (
      await db.query<{ id: number }>(
        `insert into cities (slug, name, state, lat, lng, popular) values ($1,$2,$3,$4,$5,true) returning id`,
        [slug, name, state, lat, lng],
      )
    )[0]!.id;
  const bengaluru = await city('bengaluru', 'Bengaluru', 'Karnataka', 12.9716, 77.5946);
  const mumbai = await city('mumbai', 'Mumbai', 'Maharashtra', 19.076, 72.8777);
  const opensIn2h = (istMinuteOfDay(now) + 120) % 1440;

  const meghana = await restaurant(db, {
    slug: 'meghana-biryani-house',
    name: 'Meghana Biryani House',
    city: bengaluru,
    area: 'Koramangala',
    at: KORAMANGALA,
    cuisines: ['Biryani', 'North Indian'],
    veg: false,
    rating: 4.4,
    cost: 50000,
    time: 35,
    radius: 7000,
    open: 0,
    close: 1440,
    offer: '50% OFF up to ₹100',
  });
  const greenLeaf = await restaurant(db, {
    slug: 'green-leaf',
    name: 'Green Leaf Kitchen',
    city: bengaluru,
    area: 'Indiranagar',
    at: INDIRANAGAR,
    cuisines: ['South Indian', 'North Indian'],
    veg: true,
    rating: 4.1,
    cost: 30000,
    time: 25,
    radius: 6000,
    open: 0,
    close: 1440,
    offer: null,
  });
  const nightOwl = await restaurant(db, {
    slug: 'night-owl-rolls',
    name: 'Night Owl Rolls',
    city: bengaluru,
    area: 'HSR Layout',
    at: HSR,
    cuisines: ['Rolls', 'Fast Food'],
    veg: false,
    rating: 3.8,
    cost: 25000,
    time: 20,
    radius: 4000,
    open: opensIn2h,
    close: opensIn2h + 60,
    offer: 'Free drink over ₹299',
  });
  const bandra = await restaurant(db, {
    slug: 'bandra-bites',
    name: 'Bandra Bites',
    city: mumbai,
    area: 'Bandra West',
    at: BANDRA,
    cuisines: ['Biryani', 'Coastal'],
    veg: false,
    rating: 4.6,
    cost: 70000,
    time: 40,
    radius: 5000,
    open: 0,
    close: 1440,
    offer: null,
  });
  const inactive = await restaurant(db, {
    slug: 'closed-for-good',
    name: 'Closed For Good Biryani',
    city: bengaluru,
    area: 'Koramangala',
    at: { lat: 12.936, lng: 77.625 },
    cuisines: ['Biryani'],
    veg: false,
    rating: 4.9,
    cost: 10000,
    time: 10,
    radius: 9000,
    open: 0,
    close: 1440,
    offer: null,
    active: false,
  });

  const items: Record<string, number> = {};
  await menu(
    db,
    meghana,
    [
      [
        'Biryani',
        [
          ['Chicken Biryani', 32000, false, { best: true }],
          ['Mutton Biryani', 38000, false],
          ['Veg Biryani', 24000, true],
        ],
      ],
      [
        'Starters',
        [
          ['Paneer Tikka', 26000, true, { best: true, desc: 'Cottage cheese cubes from the tandoor.' }],
          ['Chicken 65', 28000, false, { out: true }],
        ],
      ],
      ['Empty Category', []],
    ],
    items,
  );
  await menu(
    db,
    greenLeaf,
    [
      [
        'Mains',
        [
          ['Paneer Butter Masala', 27000, true],
          ['Masala Dosa', 12000, true, { desc: 'Crisp dosa with potato masala.' }],
        ],
      ],
    ],
    items,
  );
  await menu(
    db,
    nightOwl,
    [
      [
        'Rolls',
        [
          ['Paneer Roll', 14000, true],
          ['Egg Roll', 11000, false],
        ],
      ],
    ],
    items,
  );
  await menu(db, bandra, [['Mains', [['Prawn Biryani', 45000, false]]]], items);
  await menu(db, inactive, [['Mains', [['Hidden Biryani', 9000, false]]]], items);

  await db.query(
    `insert into banners (title, subtitle, image, link, position, active) values
      ('Biryani week', 'Up to 50% off', '/images/banners/biryani.webp', '/restaurants', 1, true),
      ('Pure veg', 'Fresh and green', '/images/banners/veg.webp', '/search?query=veg', 2, true),
      ('Old banner', 'Gone', '/images/banners/old.webp', '/', 3, false)`,
  );
  const future = new Date(now.getTime() + 30 * 86_400_000).toISOString();
  const past = new Date(now.getTime() - 86_400_000).toISOString();
  await db.query(
    `insert into coupons (coupon_code, subtitle, description, coupon_terms, discount_type, discount_value,
       max_discount, min_order, store_type, store_ids, is_week_days, allowed_weeks, end_date, active)
     values
      ('WELCOME50', '50% off up to ₹100', 'On orders above ₹199', 'New users only', 'percent', 50, 10000, 19900,
        'all', '{}', false, '{}', $1, true),
      ('GREEN20', '₹20 off', 'Only at Green Leaf', 'Once per day', 'flat', 2000, null, 0,
        'selected', $3, true, '{"monday": true, "tuesday": false}', $1, true),
      ('OLD10', '10% off', 'Expired', 'None', 'percent', 10, null, 0, 'all', '{}', false, '{}', $2, true),
      ('OFF5', '5% off', 'Inactive', 'None', 'percent', 5, null, 0, 'all', '{}', false, '{}', $1, false)`,
    [future, past, [greenLeaf]],
  );
  return { cities: { bengaluru, mumbai }, meghana, greenLeaf, nightOwl, bandra, inactive, items };
}
