// Builds the demo data set in memory, deterministically: restaurant r always comes out the same
// (its own PRNG is seeded from its id), whatever the scale. Restaurant 1 is written by hand.
//
// Opening hours are IST minutes after midnight with 0 <= open_minute < close_minute <= open_minute + 1440.
// A kitchen open past midnight has close_minute > 1440 (18:00-02:00 is 1080-1560); open all day is
// 0-1440. A time t (0-1439) is inside the hours when open <= t < close or open <= t + 1440 < close.
import { DEMO_CITIES, LOCALITIES, type Locality } from '../../geo/localities.ts';
import type {
  CityRecord,
  MenuCategoryRecord,
  MenuItemRecord,
  RestaurantRecord,
  RestaurantShownColumn,
} from '../records.ts';
import { dishByName, type Dish } from './dishes.ts';
import { CITY_BIAS, OFFERS, PROFILES, STREETS, type Profile } from './profiles.ts';
import { Rng } from './prng.ts';

/** Restaurants per unit of scale (restaurant 1 included). */
export const BASE_RESTAURANTS = 160;
/** How the base block of restaurants is split across the demo cities. */
const CITY_SHARE: Record<string, number> = {
  bengaluru: 36,
  mumbai: 30,
  delhi: 30,
  hyderabad: 22,
  chennai: 22,
  pune: 20,
};

const PROFILE_WEIGHT: Record<string, number> = {
  biryani: 1.3,
  'north-indian': 1.4,
  'south-indian': 1.1,
  chinese: 1,
  pizza: 0.9,
  burger: 0.9,
  dessert: 0.8,
  kerala: 0.6,
  bengali: 0.6,
  'street-food': 0.9,
  healthy: 0.6,
  cafe: 0.8,
};

/** The columns the seed writes (the rest keep their defaults); the rating as a number. */
export type RestaurantRow = Pick<RestaurantRecord, RestaurantShownColumn | 'city_id'> & { rating: number };

/** The columns the seed writes (no timed out-of-stock). */
export type ItemRow = Omit<MenuItemRecord, 'out_of_stock_until'>;

export interface DemoData {
  cities: CityRecord[];
  restaurants: RestaurantRow[];
  categories: MenuCategoryRecord[];
  items: ItemRow[];
  /** Profile key of each restaurant, by id. */
  profileOf: Map<number, string>;
}

export const kebab = (s: string): string =>
  s
    .toLowerCase()
    .normalize('NFKD')
    .replace(/&/g, ' and ')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');

const round6 = (x: number) => Math.round(x * 1e6) / 1e6;

/** A restaurant name that tells customers the kitchen is vegetarian. */
export const NAMED_VEG = /\b(veg|veggie|vegetarian|vegan)\b/i;

/** Rupees -> paise, ending in 9 (₹249), kept within ₹49-₹699. */
function menuPrice(rupees: number): number {
  const r = Math.min(699, Math.max(49, Math.round(rupees / 10) * 10 - 1));
  return r * 100;
}

interface MenuCategory {
  name: string;
  dishes: Dish[];
}

class Builder {
  readonly data: DemoData;
  private readonly slugs = new Set<string>();
  private nextCategory = 1;
  private nextItem = 1;

  constructor(cities: CityRecord[]) {
    this.data = { cities, restaurants: [], categories: [], items: [], profileOf: new Map() };
  }

  uniqueSlug(base: string): string {
    let slug = base;
    for (let n = 2; this.slugs.has(slug); n++) slug = `${base}-${n}`;
    this.slugs.add(slug);
    return slug;
  }

  addRestaurant(row: RestaurantRow, profile: string): void {
    this.data.restaurants.push(row);
    this.data.profileOf.set(row.id, profile);
  }

  addMenu(
    restaurantId: number,
    menu: MenuCategory[],
    decide: (
      dish: Dish,
      recommended: boolean,
    ) => Pick<ItemRow, 'price' | 'is_bestseller' | 'in_stock' | 'image'>,
  ): void {
    menu.forEach((cat, position) => {
      const categoryId = this.nextCategory++;
      this.data.categories.push({ id: categoryId, restaurant_id: restaurantId, name: cat.name, position });
      cat.dishes.forEach((dish, i) => {
        this.data.items.push({
          id: this.nextItem++,
          restaurant_id: restaurantId,
          category_id: categoryId,
          name: dish.name,
          description: dish.description,
          is_veg: dish.veg,
          is_egg: dish.egg,
          position: i,
          ...decide(dish, cat.name === 'Recommended'),
        });
      });
    });
  }
}

/** Restaurant 1: the agreed demo facts (COMMON.md), with a hand-written menu. */
function addFeatured(b: Builder, bengaluru: CityRecord): void {
  b.addRestaurant(
    {
      id: 1,
      slug: b.uniqueSlug('meghana-biryani-house'),
      name: 'Meghana Biryani House',
      city_id: bengaluru.id,
      area: 'Koramangala',
      address: '52, 1st Cross, 5th Block, Koramangala, Bengaluru',
      lat: 12.9352,
      lng: 77.6245,
      cuisines: ['Biryani', 'Andhra', 'North Indian'],
      pure_veg: false,
      rating: 4.5,
      rating_count: 12840,
      cost_for_two: 50000,
      delivery_time_min: 30,
      delivery_radius_m: 7000,
      open_minute: 0,
      close_minute: 1440,
      image: '/img/restaurants/biryani-1.webp',
      offer_text: '50% OFF up to ₹100',
      packaging_fee: 2000,
    },
    'biryani',
  );
  const cat = (name: string, dishes: string[]): MenuCategory => ({ name, dishes: dishes.map(dishByName) });
  const menu = [
    cat('Recommended', ['Chicken Biryani', 'Mutton Biryani', 'Paneer Tikka', 'Chicken 65']),
    cat('Biryani', [
      'Chicken Fry Piece Biryani',
      'Boneless Chicken Biryani',
      'Egg Biryani',
      'Prawn Biryani',
      'Veg Biryani',
      'Paneer Biryani',
      'Mushroom Biryani',
    ]),
    cat('Starters', [
      'Gobi 65',
      'Baby Corn Pepper Fry',
      'Chicken Kebab',
      'Apollo Fish',
      'Pepper Chicken',
      'Chicken Lollipop',
    ]),
    cat('Curries', [
      'Butter Chicken',
      'Mutton Curry',
      'Andhra Chilli Chicken',
      'Paneer Butter Masala',
      'Dal Tadka',
      'Mirchi Ka Salan',
    ]),
    cat('Breads', ['Butter Naan', 'Tandoori Roti', 'Rumali Roti']),
    cat('Desserts', ['Double Ka Meetha', 'Gulab Jamun (2 pcs)', 'Phirni']),
    cat('Beverages', ['Masala Chaas', 'Sweet Lassi', 'Fresh Lime Soda', 'Soft Drink (300 ml)']),
  ];
  b.addMenu(1, menu, (dish, recommended) => ({
    price: menuPrice(dish.price),
    is_bestseller: recommended || dish.name === 'Egg Biryani',
    // One item out of stock (for "unavailable" paths); the agreed items are always available.
    in_stock: dish.name !== 'Prawn Biryani',
    image: dish.name === 'Soft Drink (300 ml)' ? null : `/img/dishes/${dish.image}.webp`,
  }));
}

function pickName(rng: Rng, p: Profile): string {
  for (;;) {
    const prefix = rng.pick(p.prefixes);
    const core = rng.pick(p.cores);
    const last = prefix.split(' ').pop()!.toLowerCase();
    if (core.toLowerCase().split(' ')[0] !== last) return `${prefix} ${core}`;
  }
}

function buildMenu(rng: Rng, p: Profile, pureVeg: boolean): MenuCategory[] {
  const eligible = Object.entries(p.menu)
    .map(([name, dishes]) => ({ name, dishes: dishes.filter((d) => !pureVeg || d.veg) }))
    .filter((c) => c.dishes.length >= 2);
  const core = eligible.filter((c) => p.core.includes(c.name));
  const others = rng.shuffle(eligible.filter((c) => !p.core.includes(c.name)));
  const maxOther = Math.min(7, eligible.length);
  let count = Math.max(core.length, rng.int(Math.max(3, maxOther - 2), maxOther));
  const chosen = new Set([...core, ...others.slice(0, count - core.length)]);
  const poolSize = () => [...chosen].reduce((s, c) => s + c.dishes.length, 0);
  while (poolSize() < 20 && count < maxOther) {
    count++;
    chosen.add(others[count - core.length - 1]!);
  }
  const cats = eligible.filter((c) => chosen.has(c)); // menu order
  const pool = poolSize();
  const target = rng.int(Math.max(20, Math.ceil(pool * 0.75)), Math.min(60, pool));

  // At least two dishes per category, then fill at random up to the target.
  const picked = new Set<Dish>();
  const names = new Set<string>();
  const take = (d: Dish) => {
    if (picked.size >= target || names.has(d.name)) return;
    picked.add(d);
    names.add(d.name);
  };
  for (const c of cats) rng.shuffle(c.dishes).slice(0, 2).forEach(take);
  for (const d of rng.shuffle(cats.flatMap((c) => c.dishes))) take(d);

  // A few signature dishes move up into "Recommended".
  // Each category keeps at least two dishes of its own.
  const left = new Map(cats.map((c) => [c, c.dishes.filter((d) => picked.has(d)).length]));
  const want = rng.int(3, 5);
  const signature: Dish[] = [];
  const candidatesOf = (list: typeof cats) =>
    rng.shuffle(list.flatMap((c) => c.dishes.filter((d) => picked.has(d)).map((d) => [c, d] as const)));
  // Signature categories first, then any category if they cannot spare enough.
  const candidates = [
    ...candidatesOf(cats.filter((c) => p.signature.includes(c.name))),
    ...candidatesOf(cats),
  ];
  for (const [c, d] of candidates) {
    if (signature.includes(d)) continue;
    if (signature.length >= want) break;
    if (left.get(c)! <= 2) continue;
    left.set(c, left.get(c)! - 1);
    signature.push(d);
  }
  const recommended = new Set(signature);
  const menu: MenuCategory[] = [{ name: 'Recommended', dishes: signature }];
  for (const c of cats) {
    const dishes = c.dishes.filter((d) => picked.has(d) && !recommended.has(d));
    if (dishes.length) menu.push({ name: c.name, dishes });
  }
  return menu;
}

function addGenerated(b: Builder, id: number, city: CityRecord, locality: Locality, rng: Rng): void {
  const bias = CITY_BIAS[city.slug] ?? {};
  const p = rng.weighted(
    PROFILES.map((x) => [x, (PROFILE_WEIGHT[x.key] ?? 1) * (bias[x.key] ?? 1)] as const),
  );
  const name = pickName(rng, p);
  // A name that says veg ("Kamath Veg") promises a pure-veg kitchen: no egg, fish or meat on its menu.
  // The chance is drawn either way, so every other restaurant comes out as before.
  const pureVeg = rng.chance(p.pureVegChance) || NAMED_VEG.test(name);
  const [lo, hi] = p.cost;
  const costRupees = Math.round((lo + rng.next() * (hi - lo)) / 50) * 50;
  const level = 0.85 + (0.35 * (costRupees - lo)) / Math.max(1, hi - lo);
  const [open, close] = rng.weighted(p.hours);
  const rating = Math.round((3.2 + 1.6 * ((rng.next() + rng.next()) / 2)) * 10) / 10;
  const ratingCount = Math.round(Math.exp(Math.log(20) + rng.next() * (Math.log(15000) - Math.log(20))));
  b.addRestaurant(
    {
      id,
      slug: b.uniqueSlug(kebab(`${name} ${locality.name}`)),
      name,
      city_id: city.id,
      area: locality.name,
      address: `${rng.int(1, 250)}, ${rng.pick(STREETS)}, ${locality.name}, ${city.name}`,
      // Within about 1.3 km of the locality centre.
      lat: round6(locality.lat + (rng.next() - 0.5) * 0.024),
      lng: round6(locality.lng + (rng.next() - 0.5) * 0.024),
      cuisines: rng.pick(p.cuisines),
      pure_veg: pureVeg,
      rating,
      rating_count: ratingCount,
      cost_for_two: costRupees * 100,
      delivery_time_min: rng.int(20, 55),
      delivery_radius_m: 500 * rng.int(6, 16),
      open_minute: open,
      close_minute: close,
      image: `/img/restaurants/${p.key}-${rng.int(1, p.covers)}.webp`,
      offer_text: rng.chance(0.4) ? rng.pick(OFFERS) : null,
      packaging_fee: rng.pick([0, 0, 1000, 1500, 2000, 2500, 3000]),
    },
    p.key,
  );
  const photoRate = rng.pick([0.25, 0.5, 0.75]);
  b.addMenu(id, buildMenu(rng, p, pureVeg), (dish, recommended) => ({
    price: menuPrice(dish.price * level * (0.95 + rng.next() * 0.1)),
    is_bestseller: rng.chance(recommended ? 0.6 : 0.04),
    in_stock: rng.chance(0.95),
    image: rng.chance(photoRate) ? `/img/dishes/${dish.image}.webp` : null,
  }));
}

export function generateDemoData(scale = 1): DemoData {
  if (!Number.isInteger(scale) || scale < 1) throw new Error('scale must be an integer >= 1');
  const cities: CityRecord[] = DEMO_CITIES.map((c, i) => ({ ...c, id: i + 1 }));
  const bySlug = new Map(cities.map((c) => [c.slug, c]));
  const b = new Builder(cities);

  // A fixed cycle of city slots; slot 0 (restaurant 1) is Bengaluru.
  const slots = new Rng('city-slots').shuffle(
    Object.entries(CITY_SHARE).flatMap(([slug, n]) => Array<string>(n).fill(slug)),
  );
  const first = slots.indexOf('bengaluru');
  [slots[0], slots[first]] = [slots[first]!, slots[0]!];

  const localityOrder = new Map(
    cities.map((c) => [
      c.slug,
      new Rng(`localities-${c.slug}`).shuffle(LOCALITIES.filter((l) => l.city === c.slug)),
    ]),
  );
  const used = new Map<string, number>();
  const total = BASE_RESTAURANTS * scale;
  for (let id = 1; id <= total; id++) {
    const slug = slots[(id - 1) % slots.length]!;
    const city = bySlug.get(slug)!;
    const localities = localityOrder.get(slug)!;
    const n = used.get(slug) ?? 0;
    used.set(slug, n + 1);
    if (id === 1) addFeatured(b, city);
    else addGenerated(b, id, city, localities[n % localities.length]!, new Rng(`restaurant-${id}`));
  }
  return b.data;
}
