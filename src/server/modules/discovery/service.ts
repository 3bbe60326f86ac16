// Builds the discovery responses from the in-memory catalogue, caching each serialised body (with
// its ETag) by request key, data generation and a "time epoch" that changes only when some
// restaurant opens or closes or a coupon expires (checked once a minute; open or closed depends on the
// time of day), so hot requests never reach the database and rarely rebuild a body.
import { optionGroupsOfItems } from '../../db/option-groups.ts';
import { around } from 'geokdbush';
import { toApiCoupon } from '../checkout/index.ts';
import type {
  AllRestaurantsQuery,
  Banner,
  BannersResponse,
  DishHit,
  MenuCategory,
  OfferCoupon,
  OffersResponse,
  RestaurantCard,
  RestaurantDetail,
  RestaurantListQuery,
  RestaurantListResponse,
  SearchResponse,
  SearchRestaurant,
  SuggestResponse,
  Suggestion,
} from '../../../shared/api/discovery.ts';
import {
  FAST_DELIVERY_MAX_MIN,
  HIGH_RATING_MIN,
  SUGGEST_LIMIT,
  discoveryPaths,
} from '../../../shared/api/paths.ts';
import { deliveryPoint, deliveryReach, type LatLng } from '../../../shared/geo.ts';
import { SPELLING_KEY_VERSION, spellingKey, spellingWords, wordKey } from '../../../shared/spelling-key.ts';
import { isOpenAtMinute, istMinuteOfDay, openState } from '../../../shared/opening-hours.ts';
import { acceptingOrders, availability, effectiveInStock } from '../../../shared/kitchen.ts';
import type { Db } from '../../db/index.ts';
import { dietOf, servesVegMode } from '../../../shared/diet.ts';
import { cachedJson, type CachedBody } from '../../http/etag.ts';
import { BoundedCache } from '../../bounded-cache.ts';
import { Catalogue, type Snapshot } from './catalogue.ts';
import { RestaurantMatcher, TRIGRAM_PROBE, agreesWithProbe } from './restaurant-match.ts';
import {
  WORD_SIMILARITY_THRESHOLD,
  dishNamesWithoutKeys,
  searchDishes,
  searchRestaurants,
  storeDishNameKeys,
  suggestDishes,
  trigramProbe,
  type CouponRow,
  type DishHitRow,
  type RestaurantRow,
  type SearchTerms,
} from './queries.ts';

/** A query as search caches and matches it: lower case, single spaces. */
const normalisedQuery = (query: string) => query.toLowerCase().replace(/\s+/g, ' ').trim();

/** Letters/digits words of a query, each as a prefix term: "pan tik" -> "pan:* & tik:*". */
export function toPrefixTsquery(text: string): string {
  const words = text
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter((w) => w.length > 0)
    .slice(0, 8);
  return words.map((w) => `${w}:*`).join(' & ');
}

/** A card's delivery time: a busy kitchen (docs/kitchen-controls.md) delivers later by its extra prep time. */
const deliveryMinutes = (r: RestaurantRow) => r.delivery_time_min + r.busy_extra_min;

function card(r: RestaurantRow, now: Date, from?: LatLng): RestaurantCard {
  const open = openState(r.open_minute, r.close_minute, now);
  return {
    id: r.id,
    slug: r.slug,
    name: r.name,
    image: r.image,
    rating: r.rating,
    rating_count: r.rating_count,
    delivery_time_min: deliveryMinutes(r),
    cost_for_two: r.cost_for_two,
    cuisines: r.cuisines,
    offer_text: r.offer_text,
    pure_veg: r.pure_veg,
    serves_veg: r.serves_veg,
    area: r.area,
    city: r.city,
    lat: r.lat,
    lng: r.lng,
    delivery_radius_m: r.delivery_radius_m,
    distance_m: from ? deliveryReach(r, from).distance_m : null,
    is_open: open.is_open,
    next_open_at: open.next_open_at ? open.next_open_at.toISOString() : null,
    next_open_label: open.next_open_label,
    hours_label: open.hours_label,
    ...availability(r, now),
  };
}

const couponView = (c: CouponRow): OfferCoupon => toApiCoupon(c);

const couponLive = (c: CouponRow, now: Date) =>
  (c.end_date instanceof Date ? c.end_date : new Date(c.end_date)).getTime() > now.getTime();
const couponFor = (c: CouponRow, restaurantId: number) =>
  c.store_type === 'all' || (c.store_ids ?? []).includes(restaurantId);

/** Restaurants whose delivery radius covers the point, nearest first, with their distance. */
function deliveringTo(snap: Snapshot, p: LatLng): Array<{ r: RestaurantRow; d: number }> {
  if (snap.restaurants.length === 0 || snap.maxRadiusM <= 0) return [];
  const ids = around(snap.index, p.lng, p.lat, Infinity, snap.maxRadiusM / 1000 + 0.01);
  const out: Array<{ r: RestaurantRow; d: number }> = [];
  for (const i of ids) {
    const r = snap.restaurants[i];
    if (!r) continue;
    const { distance_m, delivers } = deliveryReach(r, p);
    if (delivers) out.push({ r, d: distance_m });
  }
  return out;
}

/** A numeric id or slug as an active restaurant of the snapshot, or undefined. */
function restaurantIn(snap: Snapshot, idOrSlug: string): RestaurantRow | undefined {
  if (/^\d{1,9}$/.test(idOrSlug)) return snap.byId.get(Number(idOrSlug));
  return snap.bySlug.get(idOrSlug.toLowerCase());
}

/** One collator for every sort by name: localeCompare makes one per call (a fifth of a list page). */
const alphabetical = new Intl.Collator('en').compare;

/**
 * A restaurant delivering to the list's point: its row, its distance (m), whether it is open now and
 * its relevance (worked out once, not in every comparison of the sort).
 */
interface Nearby {
  r: RestaurantRow;
  d: number;
  open: boolean;
  relevance: number;
}

function relevance(r: RestaurantRow, d: number): number {
  return r.rating * 2 - (d / 1000) * 0.3 - deliveryMinutes(r) * 0.02 + (r.offer_text ? 0.3 : 0);
}

const sorters: Record<RestaurantListQuery['sort'], (a: Nearby, b: Nearby) => number> = {
  relevance: (a, b) => b.relevance - a.relevance,
  delivery_time: (a, b) => deliveryMinutes(a.r) - deliveryMinutes(b.r) || a.d - b.d,
  rating: (a, b) => b.r.rating - a.r.rating || b.r.rating_count - a.r.rating_count,
  cost_asc: (a, b) => a.r.cost_for_two - b.r.cost_for_two,
  cost_desc: (a, b) => b.r.cost_for_two - a.r.cost_for_two,
};

export interface MenuLookup {
  cached: CachedBody;
}

/**
 * An answer found in a cache is returned as it is, not wrapped in a promise: a hot request is answered
 * in the same turn, without a trip through the microtask queue (routes.ts). Await it like a promise.
 */
export type Ready<T> = T | Promise<T>;

/**
 * A class, unlike the other modules' services: it holds state that lives across requests (the
 * catalogue, the cached response bodies, the time epoch, the spelling index), one per app.
 */
export class DiscoveryService {
  readonly catalogue: Catalogue;
  /** Bodies by key; each body's `fresh` says whether it is still the answer (see build()). */
  private readonly responses = new BoundedCache<CachedBody>(6000);
  /** Open/closed state of every restaurant and liveness of every coupon at the last checked minute. */
  private readonly clock = { snap: undefined as Snapshot | undefined, minute: -1, epoch: 0, bits: '' };
  private readonly searches = new BoundedCache<CachedBody>(1000);
  /** Spelling keys of the dish names: filled for this data generation (see dishKeysReady). */
  private dishKeys: { gen: number; done: Promise<void> } | undefined;
  /** Restaurant names indexed by trigram, per snapshot (restaurant-match.ts). */
  private readonly matchers = new WeakMap<Snapshot, RestaurantMatcher>();
  /** The latest matcher: the next snapshot's reuses what it knows of unchanged names. */
  private lastMatcher: RestaurantMatcher | undefined;
  /** Whether the database makes trigrams as restaurant-match.ts foresees, once asked. */
  private foreseen: Promise<boolean> | undefined;
  /** Word keys of restaurant and cuisine names, per snapshot. */
  private readonly spellingIndex = new WeakMap<
    Snapshot,
    { restaurants: Array<{ id: number; keys: string[] }>; cuisines: Array<{ name: string; keys: string[] }> }
  >();

  constructor(
    private readonly db: Db,
    catalogue?: Catalogue,
  ) {
    this.catalogue = catalogue ?? new Catalogue(db);
    this.catalogue.onInvalidate(() => {
      this.responses.clear();
      this.searches.clear();
    });
  }

  /**
   * The time epoch for `snap` now: bumped when the snapshot changes or, checked at most once a
   * minute, when any restaurant's open state or any coupon's liveness changed.
   */
  private timeEpoch(snap: Snapshot, nowMs: number): number {
    const c = this.clock;
    const minute = Math.floor(nowMs / 60_000);
    if (c.snap === snap && c.minute === minute) return c.epoch;
    const m = istMinuteOfDay(new Date(nowMs));
    const now = new Date(nowMs);
    let bits = '';
    for (const r of snap.restaurants) {
      bits += isOpenAtMinute(r.open_minute, r.close_minute, m) ? '1' : '0';
      // A timed pause ends by itself: the cards must say so without a change notification.
      bits += acceptingOrders(r, now) ? '1' : '0';
    }
    for (const cp of snap.coupons) bits += couponLive(cp, now) ? '1' : '0';
    if (c.snap !== snap || bits !== c.bits) c.epoch++;
    c.snap = snap;
    c.minute = minute;
    c.bits = bits;
    return c.epoch;
  }

  /** Looks a computed body up by key for this data generation and time epoch, or builds it. */
  private memo(key: string, build: (snap: Snapshot, now: Date) => unknown): Ready<CachedBody> {
    const hit = this.responses.get(key);
    if (hit?.fresh?.()) return hit;
    return this.build(key, build, Date.now(), this.catalogue.generation, this.catalogue.current());
  }

  private async build(
    key: string,
    build: (snap: Snapshot, now: Date) => unknown,
    nowMs: number,
    gen: number,
    current: Snapshot | undefined,
  ): Promise<CachedBody> {
    const snap = current ?? (await this.catalogue.get());
    const epoch = this.timeEpoch(snap, nowMs);
    const cached = cachedJson(await build(snap, new Date(nowMs)));
    if (gen === this.catalogue.generation && this.catalogue.current() === snap) {
      this.responses.set(key, cached);
      // Still the answer while the data generation, the snapshot and the time epoch are the same:
      // memo()'s test of a hit, and the hot answers' (http/hot-answers.ts).
      cached.fresh = () => {
        const now = this.catalogue.current();
        return (
          gen === this.catalogue.generation && now !== undefined && this.timeEpoch(now, Date.now()) === epoch
        );
      };
    }
    return cached;
  }

  banners(): Ready<CachedBody> {
    return this.memo('banners', (snap): BannersResponse => {
      const results: Banner[] = snap.banners.map((b) => ({
        id: b.id,
        title: b.title,
        subtitle: b.subtitle,
        image: b.image,
        link: b.link,
      }));
      return { count: results.length, next: null, previous: null, results };
    });
  }

  allRestaurants(q: AllRestaurantsQuery): Ready<CachedBody> {
    const city = (q.city ?? '').toLowerCase();
    return this.memo(`all|${city}|${q.page}|${q.page_size}`, (snap, now) => {
      const all = city
        ? snap.restaurants.filter((r) => r.city_slug === city || r.city.toLowerCase() === city)
        : snap.restaurants;
      const start = (q.page - 1) * q.page_size;
      const results = all.slice(start, start + q.page_size).map((r) => card(r, now));
      const link = (page: number) =>
        `/api/v1/restaurant/all/?${city ? `city=${encodeURIComponent(city)}&` : ''}page=${page}&page_size=${q.page_size}`;
      return {
        count: all.length,
        next: start + q.page_size < all.length ? link(q.page + 1) : null,
        previous: q.page > 1 && start - q.page_size < all.length ? link(q.page - 1) : null,
        results,
      };
    });
  }

  list(q: RestaurantListQuery): Ready<CachedBody> {
    const point = deliveryPoint(q);
    const cuisine = (q.cuisine ?? '').trim().toLowerCase();
    const flags = [q.veg, q.rating4, q.fast, q.veg_mode].map(Number).join('');
    const key = `list|${point.lat},${point.lng}|${flags}|${cuisine}|${q.sort}|${q.page}|${q.page_size}`;
    return this.memo(key, (snap, now): RestaurantListResponse => {
      // Filtered and ordered on the rows, then cards made for the one page: a page costs the same
      // whether 20 restaurants deliver to the point or 2,000 (docs/benchmarks.md, growth).
      const near = deliveringTo(snap, point);
      const offered = new Set<string>();
      for (const { r } of near) for (const c of r.cuisines) offered.add(c);
      const cuisines = [...offered].sort(alphabetical);
      const minute = istMinuteOfDay(now);
      const kept = near
        .filter(
          ({ r }) =>
            (!q.veg_mode || servesVegMode(r)) &&
            (!q.veg || r.pure_veg) &&
            (!q.rating4 || r.rating >= HIGH_RATING_MIN) &&
            (!q.fast || r.delivery_time_min + r.busy_extra_min <= FAST_DELIVERY_MAX_MIN) &&
            (!cuisine || r.cuisines.some((x) => x.toLowerCase() === cuisine)),
        )
        .map(({ r, d }): Nearby => ({
          r,
          d,
          open: isOpenAtMinute(r.open_minute, r.close_minute, minute),
          relevance: relevance(r, d),
        }));
      const order = sorters[q.sort];
      kept.sort((a, b) => Number(b.open) - Number(a.open) || order(a, b) || a.r.id - b.r.id);
      const start = (q.page - 1) * q.page_size;
      const link = (page: number) => discoveryPaths.restaurantList(q.lat, q.lng, { ...q, page });
      return {
        count: kept.length,
        next: start + q.page_size < kept.length ? link(q.page + 1) : null,
        previous: q.page > 1 && start - q.page_size < kept.length ? link(q.page - 1) : null,
        results: kept.slice(start, start + q.page_size).map(({ r }) => card(r, now, point)),
        cuisines,
        total_nearby: near.length,
      };
    });
  }

  /** Resolves a numeric id or slug to an active restaurant, or undefined. */
  find(idOrSlug: string): Ready<RestaurantRow | undefined> {
    const snap = this.catalogue.current();
    if (!snap) return this.catalogue.get().then((loaded) => restaurantIn(loaded, idOrSlug));
    return restaurantIn(snap, idOrSlug);
  }

  detail(r: RestaurantRow): Ready<CachedBody> {
    return this.memo(`menu|${r.id}`, async (snap, now): Promise<RestaurantDetail> => {
      const menu = await this.catalogue.menu(r.id);
      const byCategory = new Map<number, MenuCategory>();
      const categories: MenuCategory[] = menu.categories.map((c) => {
        const cat: MenuCategory = { id: c.id, name: c.name, count: 0, items: [] };
        byCategory.set(c.id, cat);
        return cat;
      });
      for (const it of menu.items) {
        const cat = byCategory.get(it.category_id);
        if (!cat) continue;
        cat.items.push({
          id: it.id,
          name: it.name,
          description: it.description,
          price: it.price,
          is_veg: it.is_veg,
          diet: dietOf(it),
          is_bestseller: it.is_bestseller,
          in_stock: effectiveInStock(
            { in_stock: it.in_stock, out_of_stock_until: it.out_of_stock_until ?? null },
            now,
          ),
          image: it.image,
          ...(menu.optionGroups.has(it.id) ? { option_groups: menu.optionGroups.get(it.id) } : {}),
        });
        cat.count++;
      }
      const nonEmpty = categories.filter((c) => c.count > 0);
      return {
        ...card(r, now),
        address: r.address,
        packaging_fee: r.packaging_fee,
        offers: snap.coupons.filter((c) => couponLive(c, now) && couponFor(c, r.id)).map(couponView),
        categories: nonEmpty,
        item_count: nonEmpty.reduce((n, c) => n + c.count, 0),
      };
    });
  }

  offers(point: LatLng | undefined): Ready<CachedBody> {
    const p = point ? deliveryPoint(point) : undefined;
    return this.memo(`offers|${p ? `${p.lat},${p.lng}` : '-'}`, (snap, now): OffersResponse => {
      const coupons = snap.coupons.filter((c) => couponLive(c, now)).map(couponView);
      const restaurants = p
        ? deliveringTo(snap, p)
            .filter(({ r }) => r.offer_text)
            .sort((a, b) => a.d - b.d)
            .map(({ r }) => card(r, now, p))
            .sort((a, b) => Number(b.is_open) - Number(a.is_open))
        : [];
      return { coupons, restaurants };
    });
  }

  /**
   * Search results, cached briefly (SEARCH_TTL_MS) per normalised query and rounded point. With a
   * point: dishes and restaurants that deliver there first (the list's rule, deliveringTo), then
   * others to fill the page, marked delivers: false; without one, delivers is null.
   */
  search(query: string, point: LatLng | undefined): Ready<CachedBody> {
    const text = normalisedQuery(query);
    const p = point ? deliveryPoint(point) : undefined;
    const key = `search|${text}|${p ? `${p.lat},${p.lng}` : '-'}`;
    return this.cachedSearch(key, async (snap, now): Promise<SearchResponse> => {
      if (!text) return { query, dishes: [], restaurants: [] };
      const terms = await this.terms(text);
      const covered = p ? new Set(deliveringTo(snap, p).map(({ r }) => r.id)) : undefined;
      const delivers = (id: number) => (covered ? covered.has(id) : null);
      const nearRows = covered?.size
        ? await searchDishes(this.db, this.catalogue, terms, { limit: 120, restaurantIds: [...covered] })
        : [];
      const farRows =
        !covered || nearRows.length < DISH_RESULTS
          ? (await searchDishes(this.db, this.catalogue, terms, { limit: 120 })).filter(
              (d) => !covered?.has(d.restaurant_id),
            )
          : [];
      // At most DISHES_PER_RESTAURANT per restaurant, so one long menu cannot fill the page; but
      // more from restaurants that deliver rather than any from one that does not.
      const picked: DishHitRow[] = [];
      const perRestaurant = new Map<number, number>();
      const pick = (rows: readonly DishHitRow[], limit: number, overflow?: DishHitRow[]) => {
        for (const d of rows) {
          if (picked.length >= limit) return;
          if (!snap.byId.has(d.restaurant_id)) continue;
          const n = perRestaurant.get(d.restaurant_id) ?? 0;
          if (overflow && n >= DISHES_PER_RESTAURANT) {
            overflow.push(d);
            continue;
          }
          perRestaurant.set(d.restaurant_id, n + 1);
          picked.push(d);
        }
      };
      const nearOverflow: DishHitRow[] = [];
      pick(nearRows, DISH_RESULTS, nearOverflow);
      pick(nearOverflow, DISH_RESULTS);
      pick(farRows, covered ? Math.min(DISH_RESULTS, picked.length + FAR_DISHES) : DISH_RESULTS, []);
      // A dish with choices is added from the results through its choices sheet, as on the menu.
      const groups = await optionGroupsOfItems(
        this.db,
        picked.map((d) => d.id),
      );
      const dishes: DishHit[] = picked.map((d) => {
        const r = snap.byId.get(d.restaurant_id)!;
        const open = openState(r.open_minute, r.close_minute, now);
        return {
          id: d.id,
          name: d.name,
          description: d.description,
          price: d.price,
          is_veg: d.is_veg,
          diet: dietOf(d),
          is_bestseller: d.is_bestseller,
          in_stock: d.in_stock,
          image: d.image,
          ...(groups.has(d.id) ? { option_groups: groups.get(d.id) } : {}),
          category: d.category,
          restaurant: {
            id: r.id,
            slug: r.slug,
            name: r.name,
            area: r.area,
            city: r.city,
            image: r.image,
            rating: r.rating,
            delivery_time_min: deliveryMinutes(r),
            is_open: open.is_open,
            distance_m: p ? deliveryReach(r, p).distance_m : null,
            delivers: delivers(r.id),
          },
        };
      });
      const restRows = await this.searchRestaurants(snap, terms, 50);
      const near = (id: number) => (covered?.has(id) ? 1 : 0);
      const restaurants: SearchRestaurant[] = restRows
        .map((x, i) => ({ r: snap.byId.get(x.id), i }))
        .filter((x): x is { r: RestaurantRow; i: number } => !!x.r)
        .sort((a, b) => near(b.r.id) - near(a.r.id) || a.i - b.i)
        .slice(0, 10)
        .map(({ r }) => ({ ...card(r, now, p), delivers: delivers(r.id) }));
      return { query, dishes, restaurants };
    });
  }

  /**
   * At most SUGGEST_LIMIT suggestions (dishes by distinct name, and restaurants), cached like
   * search. With a point, what delivers there comes first and a dish is shown from a restaurant
   * that delivers when one serves it; the rest fill the list, marked delivers: false.
   */
  suggest(query: string, point?: LatLng): Ready<CachedBody> {
    const text = normalisedQuery(query);
    const p = point ? deliveryPoint(point) : undefined;
    const key = `suggest|${text}|${p ? `${p.lat},${p.lng}` : '-'}`;
    return this.cachedSearch(key, async (snap): Promise<SuggestResponse> => {
      if (!text) return { query, results: [] };
      const terms = await this.terms(text);
      const covered = p ? deliveringTo(snap, p).map(({ r }) => r.id) : undefined;
      const coveredSet = new Set(covered);
      const delivers = (id: number) => (covered ? coveredSet.has(id) : null);
      const restRows = await this.searchRestaurants(snap, terms, covered ? 20 : 3);
      let dishRows = covered?.length
        ? await suggestDishes(this.db, this.catalogue, terms, SUGGEST_LIMIT, { restaurantIds: covered })
        : [];
      if (!covered || dishRows.length < SUGGEST_LIMIT) {
        const seen = new Set(dishRows.map((d) => d.name));
        const more = await suggestDishes(this.db, this.catalogue, terms, SUGGEST_LIMIT, {
          preferIds: covered,
        });
        dishRows = [...dishRows, ...more.filter((d) => !seen.has(d.name))];
      }
      // Dish and restaurant scores are on different scales (see queries.ts): compare normalised.
      const scored: Array<{ s: number; v: Suggestion }> = [];
      const restaurants = restRows
        .map((x) => ({ x, r: snap.byId.get(x.id) }))
        .filter((y): y is { x: (typeof restRows)[number]; r: RestaurantRow } => !!y.r)
        .sort((a, b) => Number(coveredSet.has(b.r.id)) - Number(coveredSet.has(a.r.id)))
        .slice(0, 3);
      for (const { x, r } of restaurants) {
        scored.push({
          s: x.score / 2.8,
          v: {
            type: 'restaurant',
            id: r.id,
            name: r.name,
            subtitle: r.cuisines.join(', '),
            restaurant_id: r.id,
            restaurant_slug: r.slug,
            image: r.image,
            is_veg: r.pure_veg ? true : null,
            delivers: delivers(r.id),
          },
        });
      }
      for (const d of dishRows) {
        const r = snap.byId.get(d.restaurant_id);
        if (!r) continue;
        scored.push({
          s: d.score / 3,
          v: {
            type: 'dish',
            id: d.id,
            name: d.name,
            subtitle: r.name,
            restaurant_id: r.id,
            restaurant_slug: r.slug,
            image: d.image,
            is_veg: d.is_veg,
            delivers: delivers(r.id),
          },
        });
      }
      const results = scored
        .sort((a, b) => Number(b.v.delivers === true) - Number(a.v.delivers === true) || b.s - a.s)
        .map((x) => x.v);
      return { query, results: results.slice(0, SUGGEST_LIMIT) };
    });
  }

  /** The query's search terms, once the dish names' spelling keys are in the database. */
  private async terms(text: string): Promise<SearchTerms> {
    await this.dishKeysReady();
    return { text, tsquery: toPrefixTsquery(text), keys: spellingWords(text).slice(0, 8).map(wordKey) };
  }

  /**
   * Gives every dish name its spelling key once per data generation (names arrive by a database
   * trigger, which cannot run the shared key rules). A failure is retried by the next search;
   * meanwhile search still matches as typed and by trigrams.
   */
  private dishKeysReady(): Promise<void> {
    const gen = this.catalogue.generation;
    if (this.dishKeys?.gen === gen) return this.dishKeys.done;
    const done = (async () => {
      const missing = await dishNamesWithoutKeys(this.db, SPELLING_KEY_VERSION);
      if (missing.length === 0) return;
      const rows = missing.map(({ name }) => ({ name, keys: spellingWords(name).map(wordKey) }));
      await storeDishNameKeys(this.db, rows, SPELLING_KEY_VERSION);
    })().catch(() => {
      if (this.dishKeys?.done === done) this.dishKeys = undefined;
    });
    this.dishKeys = { gen, done };
    return done;
  }

  /**
   * The best `limit` restaurants for the query (queries.ts searchRestaurants), scoring only those the
   * catalogue says may match when the database makes trigrams as restaurant-match.ts foresees.
   */
  private async searchRestaurants(snap: Snapshot, terms: SearchTerms, limit: number) {
    const spelled = this.spelled(snap, terms);
    let shortlist;
    if (await this.trigramsForeseen()) {
      let matcher = this.matchers.get(snap);
      if (!matcher) {
        const previous = this.lastMatcher;
        matcher = new RestaurantMatcher(snap.restaurants, snap.cuisines, WORD_SIMILARITY_THRESHOLD, previous);
        this.matchers.set(snap, matcher);
        this.lastMatcher = matcher;
      }
      shortlist = matcher.shortlist(terms, spelled, limit);
    }
    return searchRestaurants(this.db, terms, limit, snap.cuisines, spelled, shortlist);
  }

  /** Whether this database lower-cases and splits ASCII as restaurant-match.ts does (asked once). */
  private trigramsForeseen(): Promise<boolean> {
    this.foreseen ??= trigramProbe(this.db, TRIGRAM_PROBE).then(agreesWithProbe, (err: unknown) => {
      this.foreseen = undefined;
      throw err;
    });
    return this.foreseen;
  }

  /** Restaurants and cuisines of the snapshot whose names hold every word key of the query. */
  private spelled(snap: Snapshot, terms: SearchTerms): { restaurantIds: number[]; cuisines: string[] } {
    if (terms.keys.length === 0) return { restaurantIds: [], cuisines: [] };
    let index = this.spellingIndex.get(snap);
    if (!index) {
      const keysOf = (name: string) => spellingKey(name).split(' ');
      index = {
        restaurants: snap.restaurants.map((r) => ({ id: r.id, keys: keysOf(r.name) })),
        cuisines: snap.cuisines.map((c) => ({ name: c, keys: keysOf(c) })),
      };
      this.spellingIndex.set(snap, index);
    }
    const all = (keys: string[]) => terms.keys.every((k) => keys.includes(k));
    return {
      restaurantIds: index.restaurants.filter((r) => all(r.keys)).map((r) => r.id),
      cuisines: index.cuisines.filter((c) => all(c.keys)).map((c) => c.name),
    };
  }

  private cachedSearch(
    key: string,
    build: (snap: Snapshot, now: Date) => Promise<unknown>,
  ): Ready<CachedBody> {
    const nowMs = Date.now();
    const hit = this.searches.get(key);
    if (hit?.fresh?.()) return hit;
    return this.buildSearch(key, build, nowMs);
  }

  private async buildSearch(
    key: string,
    build: (snap: Snapshot, now: Date) => Promise<unknown>,
    nowMs: number,
  ): Promise<CachedBody> {
    const gen = this.catalogue.generation;
    const snap = await this.catalogue.get();
    const cached = cachedJson(await build(snap, new Date(nowMs)));
    if (gen === this.catalogue.generation) {
      this.searches.set(key, cached);
      // Still the answer for SEARCH_TTL_MS within one data generation: cachedSearch()'s test of a hit.
      cached.fresh = () => Date.now() - nowMs < SEARCH_TTL_MS && gen === this.catalogue.generation;
    }
    return cached;
  }
}

const SEARCH_TTL_MS = 15_000;
const DISH_RESULTS = 30;
const DISHES_PER_RESTAURANT = 3;
/** With a point: at most this many dishes from restaurants that do not deliver there. */
const FAR_DISHES = 10;
