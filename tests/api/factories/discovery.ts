// A small, exactly known discovery data set for the discovery API tests (independent of the demo
// seed, so distances, hours and rankings can be asserted precisely).
import type { Queryable } from '../../../src/server/db/index.ts';
import { istMinuteOfDay } from '../../../src/shared/opening-hours.ts';
import { makeCoupon } from './coupons.ts';
import { makeCity, makeRestaurant, type RestaurantOptions } from './restaurants.ts';

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
  /** Dish ids by `${restaurantId}:${dish name}`. */
  items: Record<string, number>;
}

type Dish = [
  name: string,
  price: number,
  veg: boolean,
  extra?: { best?: boolean; out?: boolean; desc?: string },
];

/** Inserts the fixture. Night Owl Rolls is closed now (opens in two hours, for one hour). */
export async function makeDiscoveryFixture(db: Queryable, now = new Date()): Promise<DiscoveryFixture> {
  const bengaluru = await makeCity(db, {
    slug: 'bengaluru',
    at: { lat: 12.9716, lng: 77.5946 },
    popular: true,
  });
  const mumbai = await makeCity(db, {
    slug: 'mumbai',
    name: 'Mumbai',
    state: 'Maharashtra',
    at: { lat: 19.076, lng: 72.8777 },
    popular: true,
  });
  const opensIn2h = (istMinuteOfDay(now) + 120) % 1440;

  const items: Record<string, number> = {};
  const restaurant = async (
    r: RestaurantOptions & { slug: string; area: string },
    menu: Array<[category: string, dishes: Dish[]]>,
  ) => {
    const made = await makeRestaurant(db, {
      address: `1 Main Road, ${r.area}`,
      ratingCount: 120,
      image: `/images/restaurants/${r.slug}.webp`,
      packagingFee: 2000,
      ...r,
      menu: menu.map(([category, dishes]) => ({
        category,
        dishes: dishes.map(([name, price, veg, extra]) => ({
          name,
          price,
          veg,
          description: extra?.desc ?? `${name}, made fresh.`,
          bestseller: extra?.best ?? false,
          inStock: !(extra?.out ?? false),
        })),
      })),
    });
    for (const [name, id] of Object.entries(made.dishes)) items[`${made.id}:${name}`] = id;
    return made.id;
  };

  const meghana = await restaurant(
    {
      slug: 'meghana-biryani-house',
      name: 'Meghana Biryani House',
      cityId: bengaluru.id,
      area: 'Koramangala',
      at: KORAMANGALA,
      cuisines: ['Biryani', 'North Indian'],
      rating: 4.4,
      costForTwo: 50000,
      deliveryTimeMin: 35,
      deliveryRadiusM: 7000,
      offerText: '50% OFF up to ₹100',
    },
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
  );
  const greenLeaf = await restaurant(
    {
      slug: 'green-leaf',
      name: 'Green Leaf Kitchen',
      cityId: bengaluru.id,
      area: 'Indiranagar',
      at: INDIRANAGAR,
      cuisines: ['South Indian', 'North Indian'],
      pureVeg: true,
      rating: 4.1,
      costForTwo: 30000,
      deliveryTimeMin: 25,
      deliveryRadiusM: 6000,
    },
    [
      [
        'Mains',
        [
          ['Paneer Butter Masala', 27000, true],
          ['Masala Dosa', 12000, true, { desc: 'Crisp dosa with potato masala.' }],
        ],
      ],
    ],
  );
  const nightOwl = await restaurant(
    {
      slug: 'night-owl-rolls',
      name: 'Night Owl Rolls',
      cityId: bengaluru.id,
      area: 'HSR Layout',
      at: HSR,
      cuisines: ['Rolls', 'Fast Food'],
      rating: 3.8,
      costForTwo: 25000,
      deliveryTimeMin: 20,
      deliveryRadiusM: 4000,
      openMinute: opensIn2h,
      closeMinute: opensIn2h + 60,
      offerText: 'Free drink over ₹299',
    },
    [
      [
        'Rolls',
        [
          ['Paneer Roll', 14000, true],
          ['Egg Roll', 11000, false],
        ],
      ],
    ],
  );
  const bandra = await restaurant(
    {
      slug: 'bandra-bites',
      name: 'Bandra Bites',
      cityId: mumbai.id,
      area: 'Bandra West',
      at: BANDRA,
      cuisines: ['Biryani', 'Coastal'],
      rating: 4.6,
      costForTwo: 70000,
      deliveryTimeMin: 40,
      deliveryRadiusM: 5000,
    },
    [['Mains', [['Prawn Biryani', 45000, false]]]],
  );
  const inactive = await restaurant(
    {
      slug: 'closed-for-good',
      name: 'Closed For Good Biryani',
      cityId: bengaluru.id,
      area: 'Koramangala',
      at: { lat: 12.936, lng: 77.625 },
      cuisines: ['Biryani'],
      rating: 4.9,
      costForTwo: 10000,
      deliveryTimeMin: 10,
      deliveryRadiusM: 9000,
      active: false,
    },
    [['Mains', [['Hidden Biryani', 9000, false]]]],
  );

  await db.query(
    `insert into banners (title, subtitle, image, link, position, active) values
      ('Biryani week', 'Up to 50% off', '/images/banners/biryani.webp', '/restaurants', 1, true),
      ('Pure veg', 'Fresh and green', '/images/banners/veg.webp', '/search?query=veg', 2, true),
      ('Old banner', 'Gone', '/images/banners/old.webp', '/', 3, false)`,
  );
  const future = new Date(now.getTime() + 30 * 86_400_000);
  const past = new Date(now.getTime() - 86_400_000);
  await makeCoupon(db, {
    code: 'WELCOME50',
    subtitle: '50% off up to ₹100',
    description: 'On orders above ₹199',
    terms: 'New users only',
    endsAt: future,
  });
  await makeCoupon(db, {
    code: 'GREEN20',
    subtitle: '₹20 off',
    description: 'Only at Green Leaf',
    terms: 'Once per day',
    discountType: 'flat',
    discountValue: 2000,
    maxDiscount: null,
    minOrder: 0,
    restaurantIds: [greenLeaf],
    weekdays: { monday: true, tuesday: false },
    endsAt: future,
  });
  const lapsed = { terms: 'None', discountType: 'percent', maxDiscount: null, minOrder: 0 } as const;
  await makeCoupon(db, {
    ...lapsed,
    code: 'OLD10',
    subtitle: '10% off',
    description: 'Expired',
    discountValue: 10,
    endsAt: past,
  });
  await makeCoupon(db, {
    ...lapsed,
    code: 'OFF5',
    subtitle: '5% off',
    description: 'Inactive',
    discountValue: 5,
    endsAt: future,
    active: false,
  });
  return {
    cities: { bengaluru: bengaluru.id, mumbai: mumbai.id },
    meghana,
    greenLeaf,
    nightOwl,
    bandra,
    inactive,
    items,
  };
}
