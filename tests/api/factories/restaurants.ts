// Places and kitchens: cities, restaurants with their menus, and dishes (with variant and add-on
// choices). One restaurant by default: Meghana Test House in Koramangala, open all day, two dishes.
import type { Queryable } from '../../../src/server/db/index.ts';
import { uniq } from './unique.ts';

export interface LatLng {
  lat: number;
  lng: number;
}

export interface CityFixture {
  id: number;
  slug: string;
}

/** A city (Bengaluru unless told). */
export async function makeCity(
  db: Queryable,
  opts: { slug?: string; name?: string; state?: string; at?: LatLng; popular?: boolean } = {},
): Promise<CityFixture> {
  const slug = opts.slug ?? `city-${uniq()}`;
  const at = opts.at ?? { lat: 12.97, lng: 77.59 };
  const [row] = await db.query<{ id: number }>(
    `insert into cities (slug, name, state, lat, lng, popular) values ($1, $2, $3, $4, $5, $6) returning id`,
    [slug, opts.name ?? 'Bengaluru', opts.state ?? 'Karnataka', at.lat, at.lng, opts.popular ?? false],
  );
  return { id: row!.id, slug };
}

export interface DishOptions {
  name: string;
  /** Paise. */
  price: number;
  veg: boolean;
  description?: string;
  bestseller?: boolean;
  inStock?: boolean;
}

/** A dish's variant group (choose exactly one) or add-on group (choose up to max). */
export interface ChoiceGroup {
  name: string;
  kind: 'variant' | 'addon';
  min: number;
  max: number;
  options: Array<{ name: string; price: number; inStock?: boolean }>;
}

export interface DishFixture {
  id: number;
  /** Option ids by option name. */
  options: Record<string, number>;
}

/** A dish on a restaurant's menu, in the given category (its first one unless told). */
export async function makeDish(
  db: Queryable,
  opts: DishOptions & {
    restaurantId: number;
    categoryId?: number;
    position?: number;
    choices?: ChoiceGroup[];
  },
): Promise<DishFixture> {
  const [row] = await db.query<{ id: number }>(
    `insert into menu_items (restaurant_id, category_id, name, description, price, is_veg, is_bestseller,
       in_stock, image, position)
     values ($1, coalesce($2::int, (select id from menu_categories where restaurant_id = $1 order by position, id
       limit 1)), $3, $4, $5, $6, $7, $8, null, $9) returning id`,
    [
      opts.restaurantId,
      opts.categoryId ?? null,
      opts.name,
      opts.description ?? '',
      opts.price,
      opts.veg,
      opts.bestseller ?? false,
      opts.inStock ?? true,
      opts.position ?? 1,
    ],
  );
  const options: Record<string, number> = {};
  for (const [g, group] of (opts.choices ?? []).entries()) {
    const [groupRow] = await db.query<{ id: number }>(
      `insert into option_groups (menu_item_id, name, kind, min_choices, max_choices, position)
       values ($1, $2, $3, $4, $5, $6) returning id`,
      [row!.id, group.name, group.kind, group.min, group.max, g],
    );
    for (const [o, option] of group.options.entries()) {
      const [optionRow] = await db.query<{ id: number }>(
        `insert into item_options (group_id, name, price, in_stock, position) values ($1, $2, $3, $4, $5)
         returning id`,
        [groupRow!.id, option.name, option.price, option.inStock ?? true, o],
      );
      options[option.name] = optionRow!.id;
    }
  }
  return { id: row!.id, options };
}

/** Categories in menu order, each with its dishes in menu order. */
export type MenuOptions = Array<{ category: string; dishes: DishOptions[] }>;

export interface RestaurantOptions {
  /** A new city when left out. */
  cityId?: number;
  slug?: string;
  name?: string;
  area?: string;
  address?: string;
  at?: LatLng;
  cuisines?: string[];
  pureVeg?: boolean;
  rating?: number;
  ratingCount?: number;
  /** Paise. */
  costForTwo?: number;
  deliveryTimeMin?: number;
  deliveryRadiusM?: number;
  /** Minutes after midnight, Indian time; open all day unless told. */
  openMinute?: number;
  closeMinute?: number;
  image?: string;
  offerText?: string | null;
  /** Paise. */
  packagingFee?: number;
  active?: boolean;
  /** Mains: Paneer Tikka (₹240, veg) and Chicken Biryani (₹320) unless told. */
  menu?: MenuOptions;
}

export interface RestaurantFixture {
  id: number;
  slug: string;
  /** Dish ids in menu order. */
  itemIds: number[];
  /** Dish ids by dish name. */
  dishes: Record<string, number>;
}

const DEFAULT_MENU: MenuOptions = [
  {
    category: 'Mains',
    dishes: [
      { name: 'Paneer Tikka', price: 24000, veg: true },
      { name: 'Chicken Biryani', price: 32000, veg: false },
    ],
  },
];

export async function makeRestaurant(
  db: Queryable,
  opts: RestaurantOptions = {},
): Promise<RestaurantFixture> {
  const cityId = opts.cityId ?? (await makeCity(db)).id;
  const slug = opts.slug ?? `rest-${uniq()}`;
  const at = opts.at ?? { lat: 12.9352, lng: 77.6245 };
  const [r] = await db.query<{ id: number }>(
    `insert into restaurants (slug, name, city_id, area, address, lat, lng, cuisines, pure_veg, rating,
       rating_count, cost_for_two, delivery_time_min, delivery_radius_m, open_minute, close_minute, image,
       offer_text, packaging_fee, is_active)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19, $20)
     returning id`,
    [
      slug,
      opts.name ?? 'Meghana Test House',
      cityId,
      opts.area ?? 'Koramangala',
      opts.address ?? '80 Feet Road',
      at.lat,
      at.lng,
      opts.cuisines ?? ['Biryani'],
      opts.pureVeg ?? false,
      opts.rating ?? 4.3,
      opts.ratingCount ?? 1200,
      opts.costForTwo ?? 50000,
      opts.deliveryTimeMin ?? 35,
      opts.deliveryRadiusM ?? 7000,
      opts.openMinute ?? 0,
      opts.closeMinute ?? 1440,
      opts.image ?? '/images/r.webp',
      opts.offerText ?? null,
      opts.packagingFee ?? 0,
      opts.active ?? true,
    ],
  );
  const fixture: RestaurantFixture = { id: r!.id, slug, itemIds: [], dishes: {} };
  for (const [c, { category, dishes }] of (opts.menu ?? DEFAULT_MENU).entries()) {
    const [cat] = await db.query<{ id: number }>(
      `insert into menu_categories (restaurant_id, name, position) values ($1, $2, $3) returning id`,
      [fixture.id, category, c + 1],
    );
    for (const [d, dish] of dishes.entries()) {
      const { id } = await makeDish(db, {
        ...dish,
        restaurantId: fixture.id,
        categoryId: cat!.id,
        position: d + 1,
      });
      fixture.itemIds.push(id);
      fixture.dishes[dish.name] = id;
    }
  }
  return fixture;
}
