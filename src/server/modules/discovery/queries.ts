// SQL of the discovery module (parameterised; the same text runs on PGlite and PostgreSQL).
import type { Menu } from './catalogue.ts';
import { optionGroupsOfRestaurant } from '../../db/option-groups.ts';
import type { Db, Queryable } from '../../db/index.ts';
import type {
  BannerRecord,
  CouponRecord,
  MenuCategoryRecord,
  MenuDishNameRecord,
  MenuItemRecord,
  RestaurantRecord,
  RestaurantShownColumn,
} from '../../db/records.ts';
import type { CouponDisplayRow } from '../checkout/index.ts';

/** pg_trgm's word similarity threshold for search (withTypoTolerance). */
export const WORD_SIMILARITY_THRESHOLD = 0.45;

/**
 * A restaurant as discovery holds it: the stored row with its city's name and slug, and the kitchen's
 * pause and busy mode (whether it takes orders is computed per response from these and the time).
 */
export type RestaurantRow = Pick<
  RestaurantRecord,
  RestaurantShownColumn | 'busy_extra_min' | 'paused_until' | 'paused_until_reopened' | 'unattended_since'
> & {
  /** Read as float8. */
  rating: number;
  city: string;
  city_slug: string;
  /** Serves at least one veg dish: it shows in Veg mode (src/shared/diet.ts). */
  serves_veg: boolean;
};

export type BannerRow = Pick<BannerRecord, 'id' | 'title' | 'subtitle' | 'image' | 'link'>;

/** What discovery reads of a coupon: its API view plus the stores it is valid at. */
export type CouponRow = CouponDisplayRow & Pick<CouponRecord, 'store_ids'>;

export type CategoryRow = Pick<MenuCategoryRecord, 'id' | 'name'>;

/** out_of_stock_until: a timed "out of stock" (in stock again from then on): effectiveInStock. */
export type ItemRow = Pick<
  MenuItemRecord,
  | 'id'
  | 'category_id'
  | 'name'
  | 'description'
  | 'price'
  | 'is_veg'
  | 'is_egg'
  | 'is_bestseller'
  | 'in_stock'
  | 'out_of_stock_until'
  | 'image'
>;

export async function loadRestaurants(db: Queryable): Promise<RestaurantRow[]> {
  const rows = await db.query<RestaurantRow & { rating: string | number }>(
    `select r.id, r.slug, r.name, c.name as city, c.slug as city_slug, r.area, r.address, r.lat, r.lng, r.cuisines,
            r.pure_veg, r.rating::float8 as rating, r.rating_count, r.cost_for_two, r.delivery_time_min,
            r.delivery_radius_m, r.open_minute, r.close_minute, r.image, r.offer_text, r.packaging_fee,
            r.busy_extra_min, r.paused_until, r.paused_until_reopened, r.unattended_since,
            exists (select 1 from menu_items mi where mi.restaurant_id = r.id and mi.is_veg) as serves_veg
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

export async function loadMenu(db: Queryable, restaurantId: number): Promise<Menu> {
  const categories = await db.query<CategoryRow>(
    `select id, name from menu_categories where restaurant_id = $1 order by position, id`,
    [restaurantId],
  );
  const items = await db.query<ItemRow>(
    `select id, category_id, name, description, price, is_veg, is_egg, is_bestseller, in_stock,
            out_of_stock_until, image
       from menu_items where restaurant_id = $1 order by position, id`,
    [restaurantId],
  );
  return { categories, items, optionGroups: await optionGroupsOfRestaurant(db, restaurantId) };
}

export type DishHitRow = Omit<ItemRow, 'out_of_stock_until'> &
  Pick<MenuItemRecord, 'restaurant_id'> & {
    category: string;
    score: number;
  };

/** What a search looks for, prepared once per query (service.ts). */
export interface SearchTerms {
  /** The query in lower case with single spaces (trigram matching). */
  text: string;
  /** Full-text prefix terms of its words ("pan:* & tik:*"), '' for none. */
  tsquery: string;
  /** Spelling keys of its words (src/shared/spelling-key.ts), [] for none. */
  keys: string[];
}

/**
 * Distinct dish names matching the query, scored so that the dish the customer typed comes first:
 * the exact name, then names starting with the text ("Paneer Tikka" before "Palak Paneer" for
 * "paneer"), then other word and fuzzy matches. A name matches as typed (full-text prefix terms),
 * by trigram word similarity, or by spelling: every query word's key among the name's word keys
 * ("panner" finds "Paneer Tikka", migration 010). Spelling counts like typing when nothing matches
 * as typed, and little when something does (keys are loose: "pasta" and "pista" share one), so
 * that it finds what was meant without crowding out what was written. Names far below the best are
 * dropped: a trigram match ("Aam Panna" for "panner", "Chicken Burger" for "butter chicken") shows
 * only when nothing matches much better. `restaurants` (a parameter holding int[] or null) keeps
 * names that one of those restaurants serves.
 *
 * Parameters: $1 text, $2 tsquery, $3 limit, then the given keys and restaurants parameters.
 */
const NAME_SCORE_CUTOFF = 0.5;
export const matchingNames = (keys: string, restaurants: string) => /* sql */ `
  with cand as (
    select n.name,
           ($2 <> '' and n.name_tsv @@ to_tsquery('simple', $2)) as typed,
           (cardinality(${keys}::text[]) > 0 and n.name_keys @> ${keys}::text[]) as spelled,
           (cardinality(${keys}::text[]) > 0
             and n.name_keys[1:cardinality(${keys}::text[])] = ${keys}::text[]) as spelled_start,
           n.name_keys = ${keys}::text[] as spelled_same
      from menu_dish_names n
     where (($2 <> '' and n.name_tsv @@ to_tsquery('simple', $2)) or $1 <% n.name
            or (cardinality(${keys}::text[]) > 0 and n.name_keys @> ${keys}::text[]))
       and (${restaurants}::int[] is null
            or exists (select 1 from menu_items mi
                        where mi.name = n.name and mi.restaurant_id = any(${restaurants}::int[])))
  ),
  weighed as (select cand.*, not bool_or(typed) over () as by_spelling from cand),
  scored as (
    select name,
           (case when typed then 1.0 when spelled and by_spelling then 1.0 when spelled then 0.2 else 0.0 end
             + word_similarity($1, name) * 1.5 + similarity($1, name) * 0.5
             + case when lower(name) = lower($1) or (spelled_same and by_spelling) then 1.0 else 0.0 end
             + case when starts_with(lower(name), lower($1)) or (spelled_start and by_spelling)
                    then 0.5 else 0.0 end)::float8 as score
      from weighed
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

/** The best matching distinct dish names (matchingNames), among those of `restaurantIds` when given. */
function bestDishNames(
  db: Db,
  terms: SearchTerms,
  limit: number,
  restaurantIds: number[] | undefined,
): Promise<Array<{ name: string; score: number }>> {
  return withTypoTolerance(db, (tx) =>
    tx.query<{ name: string; score: number }>(matchingNames('$4', '$5'), [
      terms.text,
      terms.tsquery,
      limit,
      terms.keys,
      restaurantIds ?? null,
    ]),
  );
}

/**
 * Each further item of one dish name scores a tenth of a point less, so that close matches interleave
 * ("Paneer Tikka", "Paneer Roll", then the second restaurant's of each) instead of one name filling the
 * page; an exact name still keeps its lead over the other names. Divided, not multiplied by 0.1: n / 10
 * is the double nearest the decimal, as the database's numeric step was (3 * 0.1 is not).
 */
const SAME_NAME_STEPS_PER_POINT = 10;

/** Items of each matching dish name on the search page. */
const ITEMS_PER_NAME = 6;
/** Matching dish names on the search page. */
const SEARCH_NAMES = 25;
/** A dish found by its description, not its name, scores this: below a name matching as typed. */
const DESCRIPTION_SCORE = 0.8;

/**
 * Dishes matching the query, best first: items whose name is one of the best matching distinct
 * names (up to ITEMS_PER_NAME each, in stock first, then best rated: the catalogue's ranking, see
 * DishPicker), then the best 60 items matching by description (full text; in stock, bestseller, then
 * best rated: the page's own order, so the 60 do not depend on how the database reads them). `restaurantIds` limits the restaurants
 * (e.g. those delivering to a point), names included: the best names are the best among theirs.
 */
export async function searchDishes(
  db: Db,
  picker: DishPicker,
  terms: SearchTerms,
  opts: { limit: number; restaurantIds?: number[] | undefined },
): Promise<DishHitRow[]> {
  const names = await bestDishNames(db, terms, SEARCH_NAMES, opts.restaurantIds);
  const items = await picker.dishItems(
    names.map((n) => n.name),
    ITEMS_PER_NAME,
    opts.restaurantIds,
  );
  const ids: number[] = [];
  const scores: number[] = [];
  for (const n of names) {
    (items.get(n.name) ?? []).forEach((id, i) => {
      ids.push(id);
      scores.push(Number(n.score) - i / SAME_NAME_STEPS_PER_POINT);
    });
  }
  // A description match scores below `limit` name items that outrank it: then none could be in the
  // answer, and looking for them (a scan of menu_items where the words are common) is skipped.
  const outranking = scores.filter((s) => s > DESCRIPTION_SCORE).length;
  const byDescription = outranking < opts.limit ? terms.tsquery : '';
  const rows = await db.query<DishHitRow>(
    `with by_description as (
         select mi.id, ${DESCRIPTION_SCORE}::float8 as score
           from menu_items mi
           join restaurants r on r.id = mi.restaurant_id
          where $2 <> '' and mi.search_vector @@ to_tsquery('simple', $2)
            and mi.name <> all($6::text[]) and r.is_active
            and ($3::int[] is null or mi.restaurant_id = any($3::int[]))
          order by mi.in_stock desc, mi.is_bestseller desc, r.rating desc, mi.id
          limit 60
       ),
       cand as (
         select * from unnest($4::int[], $5::float8[]) as by_name(id, score)
         union all select * from by_description
       )
       select mi.id, mi.category_id, mi.name, mi.description, mi.price, mi.is_veg, mi.is_egg, mi.is_bestseller,
              mi.in_stock, mi.image, mi.restaurant_id, mc.name as category, cand.score::float8 as score
         from cand
         join menu_items mi on mi.id = cand.id
         join menu_categories mc on mc.id = mi.category_id
         join restaurants r on r.id = mi.restaurant_id
        where r.is_active
        order by cand.score desc, mi.in_stock desc, mi.is_bestseller desc, r.rating desc, mi.id
        limit $1`,
    [opts.limit, byDescription, opts.restaurantIds ?? null, ids, scores, names.map((n) => n.name)],
  );
  return rows.map((r) => ({ ...r, score: Number(r.score) }));
}

export type DishSuggestionRow = Pick<MenuItemRecord, 'id' | 'name' | 'is_veg' | 'image' | 'restaurant_id'> & {
  score: number;
};

/** Chooses dish names' items from the catalogue's ranking of each name's items (catalogue.ts). */
export interface DishPicker {
  /**
   * Each name's item for a suggestion: from one of `prefer` when one of them serves it, else from the
   * best rated restaurant; a name no active restaurant serves gets none.
   */
  pickDishes(names: readonly string[], prefer: readonly number[] | undefined): Promise<Map<string, number>>;
  /** Up to `per` items of each name, in stock first, then best rated, then by id; only at `within`. */
  dishItems(
    names: readonly string[],
    per: number,
    within: readonly number[] | undefined,
  ): Promise<Map<string, number[]>>;
}

/**
 * The items of each of these dish names and their restaurants (active or not), in no order. Looked up
 * name by name: for `name = any(...)` PostgreSQL may choose the trigram index, ten times slower.
 */
export function loadDishItems(
  db: Queryable,
  names: readonly string[],
): Promise<Array<{ name: string; ids: number[]; restaurant_ids: number[]; in_stock: boolean[] }>> {
  return db.query(
    `select n.name, coalesce(x.ids, '{}') as ids, coalesce(x.restaurant_ids, '{}') as restaurant_ids,
            coalesce(x.in_stock, '{}') as in_stock
       from unnest($1::text[]) as n(name)
       cross join lateral (
         select array_agg(mi.id) as ids, array_agg(mi.restaurant_id) as restaurant_ids,
                array_agg(mi.in_stock) as in_stock
           from menu_items mi
          where mi.name = n.name
       ) x`,
    [names],
  );
}

/**
 * The best matching distinct dish names, each with one item: from one of `preferIds` when one of
 * them serves it (restaurants delivering to the customer), else from the best rated restaurant.
 * `restaurantIds` limits the names to those served by these restaurants.
 */
export async function suggestDishes(
  db: Db,
  picker: DishPicker,
  terms: SearchTerms,
  limit: number,
  opts: { restaurantIds?: number[] | undefined; preferIds?: number[] | undefined } = {},
): Promise<DishSuggestionRow[]> {
  const names = await bestDishNames(db, terms, limit, opts.restaurantIds);
  if (names.length === 0) return [];
  // The item is chosen from the catalogue's ranking of the name's items: choosing it here meant
  // reading and sorting every item of the name (about 3 ms a name at 10,000 restaurants, growing).
  const picks = await picker.pickDishes(
    names.map((n) => n.name),
    opts.preferIds ?? opts.restaurantIds,
  );
  const items = await db.query<Omit<DishSuggestionRow, 'score'>>(
    `select id, name, is_veg, image, restaurant_id from menu_items where id = any($1::int[])`,
    [[...picks.values()]],
  );
  const byId = new Map(items.map((it) => [it.id, it]));
  const rows: DishSuggestionRow[] = [];
  for (const n of names) {
    const id = picks.get(n.name);
    const item = id === undefined ? undefined : byId.get(id);
    if (item) rows.push({ ...item, score: Number(n.score) });
  }
  return rows.sort((a, b) => b.score - a.score);
}

/** Dish names without a spelling key of this version (new names, or keys made by older rules). */
export function dishNamesWithoutKeys(
  db: Queryable,
  version: number,
): Promise<Array<Pick<MenuDishNameRecord, 'name'>>> {
  return db.query<Pick<MenuDishNameRecord, 'name'>>(
    `select name from menu_dish_names where name_keys_version is distinct from $1`,
    [version],
  );
}

/** Stores the spelling keys of dish names (rows of name and keys), in batches of JSON. */
export async function storeDishNameKeys(
  db: Queryable,
  rows: ReadonlyArray<{ name: string; keys: string[] }>,
  version: number,
): Promise<void> {
  for (let i = 0; i < rows.length; i += 2000) {
    await db.query(
      `update menu_dish_names d set name_keys = x.keys, name_keys_version = $2
         from jsonb_to_recordset($1::jsonb) as x(name text, keys text[])
        where d.name = x.name`,
      [JSON.stringify(rows.slice(i, i + 2000)), version],
    );
  }
}

/** pg_trgm's trigrams of a text and the database's lower case of it (restaurant-match.ts checks both). */
export async function trigramProbe(
  db: Queryable,
  text: string,
): Promise<{ trigrams: string[]; lower: string }> {
  const rows = await db.query<{ trigrams: string[]; lower: string }>(
    `select show_trgm($1) as trigrams, lower($1) as lower`,
    [text],
  );
  return rows[0]!;
}

/** A restaurant a search scored. */
export type RestaurantHit = { id: number; score: number };

/**
 * The restaurants a search may match, best bound first (restaurant-match.ts): `first(k)` are scored
 * for each k of `rounds` (the last is `size`, all of them) until `settles` says the rest cannot rank.
 */
export interface Shortlist {
  size: number;
  rounds: readonly number[];
  first(k: number): readonly number[];
  settles(hits: readonly RestaurantHit[], k: number): boolean;
}

/**
 * Restaurants whose name matches the query (full-text prefix or trigram) or which serve a matching
 * cuisine (`cuisines`: every cuisine name in the catalogue, matched the same way). `spelled` holds
 * the restaurants and cuisines whose names match by spelling key (computed in memory, service.ts).
 * With a `shortlist`, only its restaurants are scored: the same rows, order and scores as scoring
 * every restaurant (which takes a scan of the table, about 40 ms at 10,000 restaurants on PGlite:
 * the trigram index costs the planner more than the scan).
 */
export async function searchRestaurants(
  db: Db,
  terms: SearchTerms,
  limit: number,
  cuisines: readonly string[],
  spelled: { restaurantIds: readonly number[]; cuisines: readonly string[] } = {
    restaurantIds: [],
    cuisines: [],
  },
  shortlist?: Shortlist,
): Promise<Array<{ id: number; score: number }>> {
  if (shortlist?.size === 0) return [];
  const score = (tx: Queryable, ids: readonly number[] | null) =>
    tx.query<RestaurantHit>(
      `with matched as (
         select coalesce(array_agg(c), '{}') as list
           from unnest($4::text[]) c
          where ($2 <> '' and to_tsvector('simple', c) @@ to_tsquery('simple', $2)) or $1 <% c
                or c = any($6::text[])
       )
       select r.id,
              (word_similarity($1, r.name) * 1.2
               + case when r.cuisines && matched.list then 0.6 else 0.0 end
               + case when ($2 <> '' and r.name_tsv @@ to_tsquery('simple', $2)) or r.id = any($5::int[])
                      then 1.0 else 0.0 end
              )::float8 as score
         from restaurants r, matched
        where r.is_active
          and ($7::int[] is null or r.id = any($7::int[]))
          and (($2 <> '' and r.name_tsv @@ to_tsquery('simple', $2)) or $1 <% r.name
               or r.cuisines && matched.list or r.id = any($5::int[]))
        order by score desc, r.rating desc, r.id
        limit $3`,
      [terms.text, terms.tsquery, limit, cuisines, spelled.restaurantIds, spelled.cuisines, ids],
    );
  const rows = await withTypoTolerance(db, async (tx) => {
    if (!shortlist) return score(tx, null);
    let hits: RestaurantHit[] = [];
    for (const k of shortlist.rounds) {
      hits = (await score(tx, shortlist.first(k))).map((r) => ({ ...r, score: Number(r.score) }));
      if (shortlist.settles(hits, k)) break;
    }
    return hits;
  });
  return rows.map((r) => ({ id: r.id, score: Number(r.score) }));
}
