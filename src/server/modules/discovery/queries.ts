// SQL of the discovery module (parameterised; the same text runs on PGlite and PostgreSQL).
import type { Db, Queryable } from '../../db/index.ts';
import type { RestaurantRecord } from '../../db/records.ts';
import type { CouponDisplayRow } from '../checkout/coupons.ts';

const WORD_SIMILARITY_THRESHOLD = 0.45;

/** A restaurant as discovery holds it: the stored row with its city's name and slug. */
export type RestaurantRow = Omit<RestaurantRecord, 'city_id'> & { city: string; city_slug: string };

export type BannerRow = {
  id: number;
  title: string;
  subtitle: string;
  image: string;
  link: string;
};

/** What discovery reads of a coupon: its API view plus the stores it is valid at. */
export type CouponRow = CouponDisplayRow & { store_ids: number[] };

export type CategoryRow = {
  id: number;
  name: string;
};

export type ItemRow = {
  id: number;
  category_id: number;
  name: string;
  description: string;
  price: number;
  is_veg: boolean;
  is_bestseller: boolean;
  in_stock: boolean;
  image: string | null;
};

export async function loadRestaurants(db: Queryable): Promise<RestaurantRow[]> {
  const rows = await db.query<RestaurantRow & { rating: string | number }>(
    `select r.id, r.slug, r.name, c.name as city, c.slug as city_slug, r.area, r.address, r.lat, r.lng, r.cuisines,
            r.pure_veg, r.rating::float8 as rating, r.rating_count, r.cost_for_two, r.delivery_time_min,
            r.delivery_radius_m, r.open_minute, r.close_minute, r.image, r.offer_text, r.packaging_fee
       from restaurants r join cities c on c.id = r.city_id
      where r.is_active
      order by r.id`,
  );
  return rows.map((r) => ({ ...r, rating: Number(r.rating), lat: Number(r.lat), lng: Number(r.lng) }));
}

export function loadBanners(db: Queryable): Promise<BannerRow[]> {
  return db.query<BannerRow>(
    `select id, title, subtitle, image, link from banners where active order by position, id`,
  );
}

export function loadCoupons(db: Queryable): Promise<CouponRow[]> {
  return db.query<CouponRow>(
    `select id, coupon_code, subtitle, description, coupon_terms, discount_type, discount_value,
            max_discount, min_order, store_type, store_ids, is_week_days, allowed_weeks, is_time_of_day,
            allowed_time, can_terms_change, end_date
       from coupons
      where active
      order by id`,
  );
}

export async function loadMenu(
  db: Queryable,
  restaurantId: number,
): Promise<{ categories: CategoryRow[]; items: ItemRow[] }> {
  const categories = await db.query<CategoryRow>(
    `select id, name from menu_categories where restaurant_id = $1 order by position, id`,
    [restaurantId],
  );
  const items = await db.query<ItemRow>(
    `select id, category_id, name, description, price, is_veg, is_bestseller, in_stock, image
       from menu_items where restaurant_id = $1 order by position, id`,
    [restaurantId],
  );
  return { categories, items };
}

export type DishHitRow = ItemRow & {
  restaurant_id: number;
  category: string;
  score: number;
};

/**
 * Distinct dish names matching the text (full-text prefix terms or trigram word similarity), scored
 * so that the dish the customer typed comes first: the exact name, then names starting with the text
 * ("Paneer Tikka" before "Palak Paneer" for "paneer"), then other word and fuzzy matches. Names far
 * below the best are dropped: a typo-tolerant trigram match ("Chicken Burger" for "butter chicken")
 * shows only when nothing matches much better.
 */
const NAME_SCORE_CUTOFF = 0.5;
const MATCHING_NAMES = /* sql */ `
  with scored as (
    select n.name,
           (case when $2 <> '' and n.name_tsv @@ to_tsquery('simple', $2) then 1.0 else 0.0 end
             + word_similarity($1, n.name) * 1.5 + similarity($1, n.name) * 0.5
             + case when lower(n.name) = lower($1) then 1.0 else 0.0 end
             + case when starts_with(lower(n.name), lower($1)) then 0.5 else 0.0 end)::float8 as score
      from menu_dish_names n
     where ($2 <> '' and n.name_tsv @@ to_tsquery('simple', $2)) or $1 <% n.name
  )
  select name, score
    from scored
   where score >= ${NAME_SCORE_CUTOFF} * (select max(score) from scored)
   order by score desc, name
   limit $3`;

/**
 * Runs fn with a lower trigram word-similarity threshold for this transaction only: the default
 * (0.6) misses common misspellings ("biriyani" vs "biryani" is 0.55).
 */
function withTypoTolerance<T>(db: Db, fn: (tx: Queryable) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    await tx.query(`set local pg_trgm.word_similarity_threshold = ${WORD_SIMILARITY_THRESHOLD}`);
    return fn(tx);
  });
}

/**
 * Each further item of one dish name scores a little less, so that close matches interleave ("Paneer
 * Tikka", "Paneer Roll", then the second restaurant's of each) instead of one name filling the page;
 * an exact name still keeps its lead over the other names.
 */
const SAME_NAME_STEP = 0.1;

/**
 * Dishes matching the text, best first: items whose name is one of the best matching distinct
 * names, then items matching by description (full text). `restaurantIds` limits the restaurants
 * (e.g. those delivering to a point); `tsquery` is built from letters/digits only.
 */
export async function searchDishes(
  db: Db,
  text: string,
  tsquery: string,
  opts: { limit: number; restaurantIds?: number[] | undefined },
): Promise<DishHitRow[]> {
  const rows = await withTypoTolerance(db, (tx) =>
    tx.query<DishHitRow>(
      `with names as (${MATCHING_NAMES}),
       by_name as (
         select x.id, n.score - ${SAME_NAME_STEP} * (x.nth - 1) as score
           from names n
           cross join lateral (
             select mi.id, row_number() over (order by mi.in_stock desc, r.rating desc, mi.id) as nth
               from menu_items mi
               join restaurants r on r.id = mi.restaurant_id
              where mi.name = n.name and r.is_active
                and ($4::int[] is null or mi.restaurant_id = any($4::int[]))
              order by mi.in_stock desc, r.rating desc, mi.id
              limit 6
           ) x
       ),
       by_description as (
         select mi.id, 0.8::float8 as score
           from menu_items mi
          where $2 <> '' and mi.search_vector @@ to_tsquery('simple', $2)
            and not exists (select 1 from names where names.name = mi.name)
            and ($4::int[] is null or mi.restaurant_id = any($4::int[]))
          limit 60
       ),
       cand as (select * from by_name union all select * from by_description)
       select mi.id, mi.category_id, mi.name, mi.description, mi.price, mi.is_veg, mi.is_bestseller,
              mi.in_stock, mi.image, mi.restaurant_id, mc.name as category, cand.score::float8 as score
         from cand
         join menu_items mi on mi.id = cand.id
         join menu_categories mc on mc.id = mi.category_id
         join restaurants r on r.id = mi.restaurant_id
        where r.is_active
        order by cand.score desc, mi.in_stock desc, mi.is_bestseller desc, r.rating desc, mi.id
        limit $5`,
      [text, tsquery, 25, opts.restaurantIds ?? null, opts.limit],
    ),
  );
  return rows.map((r) => ({ ...r, score: Number(r.score) }));
}

export type DishSuggestionRow = {
  id: number;
  name: string;
  is_veg: boolean;
  image: string | null;
  restaurant_id: number;
  score: number;
};

/** The best matching distinct dish names, each with one item (from the best rated restaurant). */
export async function suggestDishes(
  db: Db,
  text: string,
  tsquery: string,
  limit: number,
): Promise<DishSuggestionRow[]> {
  const rows = await withTypoTolerance(db, (tx) =>
    tx.query<DishSuggestionRow>(
      `with names as (${MATCHING_NAMES})
       select distinct on (names.name) mi.id, mi.name, mi.is_veg, mi.image, mi.restaurant_id, names.score
         from names
         join menu_items mi on mi.name = names.name
         join restaurants r on r.id = mi.restaurant_id
        where r.is_active
        order by names.name, r.rating desc, mi.id`,
      [text, tsquery, limit],
    ),
  );
  return rows.map((r) => ({ ...r, score: Number(r.score) })).sort((a, b) => b.score - a.score);
}

/**
 * Restaurants whose name matches the text (full-text prefix or trigram) or which serve a matching
 * cuisine (`cuisines`: every cuisine name in the catalogue, matched the same way).
 */
export async function searchRestaurants(
  db: Db,
  text: string,
  tsquery: string,
  limit: number,
  cuisines: readonly string[],
): Promise<Array<{ id: number; score: number }>> {
  const rows = await withTypoTolerance(db, (tx) =>
    tx.query<{ id: number; score: number }>(
      `with matched as (
         select coalesce(array_agg(c), '{}') as list
           from unnest($4::text[]) c
          where ($2 <> '' and to_tsvector('simple', c) @@ to_tsquery('simple', $2)) or $1 <% c
       )
       select r.id,
              (word_similarity($1, r.name) * 1.2
               + case when r.cuisines && matched.list then 0.6 else 0.0 end
               + case when $2 <> '' and r.name_tsv @@ to_tsquery('simple', $2) then 1.0 else 0.0 end
              )::float8 as score
         from restaurants r, matched
        where r.is_active
          and (($2 <> '' and r.name_tsv @@ to_tsquery('simple', $2)) or $1 <% r.name
               or r.cuisines && matched.list)
        order by score desc, r.rating desc, r.id
        limit $3`,
      [text, tsquery, limit, cuisines],
    ),
  );
  return rows.map((r) => ({ id: r.id, score: Number(r.score) }));
}
