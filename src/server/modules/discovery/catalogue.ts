// The in-memory catalogue: active restaurants (with a spatial index), banners, coupons, menus and the
// items of each dish name by rating, loaded from the database once and kept until the data changes.
// Every change to those tables notifies channel `discovery_changed` (migration 002), which drops the
// catalogue and every computed response in this process; a time limit reloads it in the background as
// a safety net.
import type { OptionGroup } from '../../../shared/customisation.ts';
import KDBush from 'kdbush';
import { BoundedCache } from '../../bounded-cache.ts';
import type { Db } from '../../db/index.ts';
import {
  loadBanners,
  loadCoupons,
  loadDishItems,
  loadMenu,
  loadRestaurants,
  type BannerRow,
  type CategoryRow,
  type CouponRow,
  type DishPicker,
  type ItemRow,
  type RestaurantRow,
} from './queries.ts';

export interface Snapshot {
  restaurants: RestaurantRow[];
  byId: Map<number, RestaurantRow>;
  bySlug: Map<string, RestaurantRow>;
  /** k-d tree over restaurants (x = lng, y = lat), same order as `restaurants`. */
  index: KDBush;
  maxRadiusM: number;
  /** Every cuisine served by an active restaurant. */
  cuisines: string[];
  banners: BannerRow[];
  coupons: CouponRow[];
  loadedAt: number;
}

export interface Menu {
  categories: CategoryRow[];
  items: ItemRow[];
  /** The variant and add-on groups of the dishes that have choices, by dish id. */
  optionGroups: Map<number, OptionGroup[]>;
}

/**
 * The items of one dish name at the snapshot's restaurants (the active ones), in the order a
 * suggestion chooses by: restaurant rating high to low, then item id. Item i is at restaurants[i].
 */
/** A dish name's items at active restaurants, best rated first (then by id), with their stock. */
interface RankedDish {
  items: Int32Array;
  restaurants: Int32Array;
  inStock: Uint8Array;
}

const NO_ITEMS: RankedDish = {
  items: new Int32Array(0),
  restaurants: new Int32Array(0),
  inStock: new Uint8Array(0),
};

function rankDishes(
  rows: ReadonlyArray<{ name: string; ids: number[]; restaurant_ids: number[]; in_stock: boolean[] }>,
  snap: Snapshot,
): Map<string, RankedDish> {
  const ranked = new Map<string, RankedDish>();
  for (const row of rows) {
    const list: Array<{ id: number; restaurant: RestaurantRow; inStock: boolean }> = [];
    row.ids.forEach((id, i) => {
      const restaurant = snap.byId.get(row.restaurant_ids[i]!);
      if (restaurant) list.push({ id, restaurant, inStock: row.in_stock[i]! });
    });
    // Ratings are numeric(2,1) read as float8: the same order as the database's.
    list.sort((a, b) => b.restaurant.rating - a.restaurant.rating || a.id - b.id);
    ranked.set(row.name, {
      items: Int32Array.from(list, (x) => x.id),
      restaurants: Int32Array.from(list, (x) => x.restaurant.id),
      inStock: Uint8Array.from(list, (x) => (x.inStock ? 1 : 0)),
    });
  }
  return ranked;
}

/** The first item at one of `prefer`, else the first; none when no active restaurant serves it. */
function pickFrom(dish: RankedDish, prefer: ReadonlySet<number> | undefined): number | undefined {
  if (prefer) {
    for (let i = 0; i < dish.restaurants.length; i++) {
      if (prefer.has(dish.restaurants[i]!)) return dish.items[i];
    }
  }
  return dish.items[0];
}

/**
 * Up to `per` of the dish's items at `within` (every active restaurant without it): in stock first,
 * then best rated, then by id (a stable split of the ranking by stock).
 */
function firstItems(dish: RankedDish, per: number, within: ReadonlySet<number> | undefined): number[] {
  const out: number[] = [];
  for (const stocked of [1, 0]) {
    for (let i = 0; i < dish.items.length && out.length < per; i++) {
      if (dish.inStock[i] === stocked && (!within || within.has(dish.restaurants[i]!)))
        out.push(dish.items[i]!);
    }
  }
  return out;
}

// Change notifications keep the caches right; these limits only bound how stale they can get if a
// notification is ever lost (e.g. a dropped PostgreSQL LISTEN connection).
const SNAPSHOT_TTL_MS = 5 * 60_000;
const MENU_TTL_MS = 5 * 60_000;

export class Catalogue implements DishPicker {
  /** Bumped on every change notification; part of every response cache key. */
  generation = 0;
  private snapshot: Snapshot | undefined;
  private loading: Promise<Snapshot> | undefined;
  private readonly menus = new BoundedCache<{ at: number; menu: Promise<Menu> }>(5000);
  private readonly listeners: Array<() => void> = [];
  private unlisten: (() => Promise<void>) | undefined;
  /**
   * Dish names' items, ranked with (and dropped with) the snapshot whose ratings they use: at most
   * 8 bytes per menu item (2.7 MB at 10,080 restaurants).
   */
  private readonly dishes = new WeakMap<Snapshot, Map<string, Promise<RankedDish>>>();

  constructor(private readonly db: Db) {}

  /** Subscribes to change notifications (call once at start). */
  async start(): Promise<void> {
    this.unlisten = await this.db.listen('discovery_changed', () => this.invalidate());
  }

  async stop(): Promise<void> {
    await this.unlisten?.().catch(() => undefined);
    this.unlisten = undefined;
  }

  /** Drops everything derived from the database (also called by change notifications). */
  invalidate(): void {
    this.generation++;
    this.snapshot = undefined;
    this.loading = undefined;
    this.menus.clear();
    for (const l of this.listeners) l();
  }

  /** Runs `fn` whenever the data changes (response caches clear themselves this way). */
  onInvalidate(fn: () => void): void {
    this.listeners.push(fn);
  }

  /** The loaded snapshot, if any (starts a background refresh when it is old). */
  current(): Snapshot | undefined {
    const s = this.snapshot;
    if (s && Date.now() - s.loadedAt > SNAPSHOT_TTL_MS && !this.loading) {
      this.load().catch(() => undefined);
    }
    return s;
  }

  async get(): Promise<Snapshot> {
    const s = this.snapshot;
    if (s) {
      if (Date.now() - s.loadedAt > SNAPSHOT_TTL_MS && !this.loading) {
        // Serve what we have; refresh behind it.
        this.load().catch(() => undefined);
      }
      return s;
    }
    return this.loading ?? this.load();
  }

  private load(): Promise<Snapshot> {
    const gen = this.generation;
    const p = (async () => {
      const restaurants = await loadRestaurants(this.db);
      const banners = await loadBanners(this.db);
      const coupons = await loadCoupons(this.db);
      const index = new KDBush(Math.max(1, restaurants.length));
      for (const r of restaurants) index.add(r.lng, r.lat);
      if (restaurants.length === 0) index.add(0, 0);
      index.finish();
      const snap: Snapshot = {
        restaurants,
        byId: new Map(restaurants.map((r) => [r.id, r])),
        bySlug: new Map(restaurants.map((r) => [r.slug, r])),
        index,
        maxRadiusM: restaurants.reduce((m, r) => Math.max(m, r.delivery_radius_m), 0),
        cuisines: [...new Set(restaurants.flatMap((r) => r.cuisines))].sort(),
        banners,
        coupons,
        loadedAt: Date.now(),
      };
      if (gen === this.generation) this.snapshot = snap;
      return snap;
    })();
    this.loading = p;
    void p.then(
      () => {
        if (this.loading === p) this.loading = undefined;
      },
      () => {
        if (this.loading === p) this.loading = undefined;
      },
    );
    return p;
  }

  /** The menu (categories and items) of one restaurant, loaded once per data version. */
  menu(restaurantId: number): Promise<Menu> {
    const key = String(restaurantId);
    const hit = this.menus.get(key);
    if (hit && Date.now() - hit.at < MENU_TTL_MS) return hit.menu;
    const gen = this.generation;
    const menu = loadMenu(this.db, restaurantId);
    if (gen === this.generation) this.menus.set(key, { at: Date.now(), menu });
    menu.catch(() => {
      if (this.menus.get(key)?.menu === menu) this.menus.set(key, { at: 0, menu });
    });
    return menu;
  }

  /**
   * Each name's item for a suggestion (queries.ts suggestDishes): a name's items are read once per
   * snapshot, when a suggestion or a search first needs it, so neither reads every item of the names
   * it shows.
   */
  async pickDishes(
    names: readonly string[],
    prefer: readonly number[] | undefined,
  ): Promise<Map<string, number>> {
    const snap = await this.get();
    const preferred = prefer ? new Set(prefer) : undefined;
    const picks = new Map<string, number>();
    for (const [name, dish] of await this.rankedDishes(snap, names)) {
      const id = pickFrom(dish, preferred);
      if (id !== undefined) picks.set(name, id);
    }
    return picks;
  }

  /** The first `per` items of each dish name for the search page (queries.ts searchDishes, firstItems). */
  async dishItems(
    names: readonly string[],
    per: number,
    within: readonly number[] | undefined,
  ): Promise<Map<string, number[]>> {
    const snap = await this.get();
    const at = within ? new Set(within) : undefined;
    const items = new Map<string, number[]>();
    for (const [name, dish] of await this.rankedDishes(snap, names))
      items.set(name, firstItems(dish, per, at));
    return items;
  }

  private async rankedDishes(snap: Snapshot, names: readonly string[]): Promise<Map<string, RankedDish>> {
    const known = this.dishes.get(snap) ?? new Map<string, Promise<RankedDish>>();
    this.dishes.set(snap, known);
    const missing = [...new Set(names)].filter((n) => !known.has(n));
    if (missing.length > 0) {
      const loaded = loadDishItems(this.db, missing).then((rows) => rankDishes(rows, snap));
      for (const name of missing) {
        const dish = loaded.then((all) => all.get(name) ?? NO_ITEMS);
        known.set(name, dish);
        // A failed read is tried again by the next suggestion.
        dish.catch(() => {
          if (known.get(name) === dish) known.delete(name);
        });
      }
    }
    return new Map(await Promise.all(names.map(async (n) => [n, await known.get(n)!] as const)));
  }
}
