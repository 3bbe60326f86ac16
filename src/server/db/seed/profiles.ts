// Restaurant "profiles" of the demo seed: one per kind of kitchen, with the parts its names are built
// from, its cuisine tags, price level, opening-hour patterns, how often it is pure veg, and its menu.
import {
  BENGALI,
  BIRYANI,
  BURGERS,
  CAFE,
  CHINESE,
  DESSERTS,
  HEALTHY,
  KERALA,
  NORTH_INDIAN,
  PIZZA,
  SOUTH_INDIAN,
  STREET_FOOD,
  type Menu,
} from './dishes.ts';

/** [open_minute, close_minute] in IST minutes after midnight; close may pass 1440 (after midnight). */
export type Hours = readonly [number, number];

const STANDARD: (readonly [Hours, number])[] = [
  [[660, 1380], 6], // 11:00-23:00
  [[690, 1410], 2], // 11:30-23:30
  [[720, 1380], 2], // 12:00-23:00
  [[630, 1350], 1], // 10:30-22:30
];
const BREAKFAST: (readonly [Hours, number])[] = [
  [[420, 900], 3], // 07:00-15:00
  [[420, 1320], 3], // 07:00-22:00
  [[390, 1290], 1], // 06:30-21:30
];
const LATE: (readonly [Hours, number])[] = [
  [[1080, 1560], 2], // 18:00-02:00
  [[720, 1560], 2], // 12:00-02:00
  [[1140, 1620], 1], // 19:00-03:00
];
const ALL_DAY: (readonly [Hours, number])[] = [[[0, 1440], 1]];

function mix(...parts: [(readonly [Hours, number])[], number][]): (readonly [Hours, number])[] {
  return parts.flatMap(([list, w]) => {
    const sum = list.reduce((s, [, x]) => s + x, 0);
    return list.map(([h, x]) => [h, (x / sum) * w] as const);
  });
}

export interface Profile {
  key: string;
  /** Cover illustrations public/img/restaurants/<key>-<n>.webp (drawn as .svg), n = 1..covers. */
  covers: number;
  /** Alternative cuisine tag lists; one is chosen per restaurant. */
  cuisines: string[][];
  prefixes: string[];
  cores: string[];
  /** cost_for_two range in rupees (rounded to ₹50). */
  cost: readonly [number, number];
  pureVegChance: number;
  hours: (readonly [Hours, number])[];
  menu: Menu;
  /** Categories every restaurant of this profile lists (the rest are picked at random). */
  core: string[];
  /** Categories whose dishes may be promoted to "Recommended". */
  signature: string[];
}

export const PROFILES: Profile[] = [
  {
    key: 'biryani',
    covers: 4,
    cuisines: [
      ['Biryani', 'Hyderabadi', 'North Indian'],
      ['Biryani', 'Andhra', 'South Indian'],
      ['Biryani', 'Mughlai', 'Kebabs'],
    ],
    prefixes: ["Nawab's", 'Shahi', 'Deccan', 'Bawarchi', 'Zaffran', 'Mehfil', 'Royal', 'Nizam', 'Lucknowi'],
    cores: ['Biryani House', 'Biryani Kitchen', 'Biryani Co.', 'Biryani Darbar', 'Handi'],
    cost: [350, 800],
    pureVegChance: 0,
    hours: mix([STANDARD, 6], [LATE, 3], [ALL_DAY, 1]),
    menu: BIRYANI,
    core: ['Biryani', 'Starters'],
    signature: ['Biryani', 'Starters'],
  },
  {
    key: 'north-indian',
    covers: 4,
    cuisines: [
      ['North Indian', 'Mughlai', 'Tandoor'],
      ['North Indian', 'Punjabi'],
      ['North Indian', 'Thalis', 'Home Food'],
    ],
    prefixes: ['Punjabi', 'Amritsari', 'Pind', 'Dilli', 'Lahori', "Sardarji's", 'Haveli', 'Kesar', 'Chawla'],
    cores: ['Dhaba', 'Rasoi', 'Kitchen', 'Tadka', 'Zaika', 'Tandoor House'],
    cost: [300, 1500],
    pureVegChance: 0.2,
    hours: mix([STANDARD, 7], [LATE, 2], [ALL_DAY, 0.5]),
    menu: NORTH_INDIAN,
    core: ['Starters', 'Main Course', 'Breads'],
    signature: ['Starters', 'Main Course'],
  },
  {
    key: 'south-indian',
    covers: 4,
    cuisines: [
      ['South Indian', 'Udupi'],
      ['South Indian', 'Chettinad'],
      ['South Indian', 'Breakfast', 'Beverages'],
    ],
    prefixes: [
      'Sri Krishna',
      'Udupi',
      'Sri Sagar',
      'Annapoorna',
      'Sri Lakshmi',
      'Mylari',
      'Kamath',
      'Shanthi',
    ],
    cores: ['Bhavan', 'Tiffins', 'Upahar', 'Idli House', 'Dosa Corner', 'Veg'],
    cost: [150, 400],
    pureVegChance: 0.8,
    hours: mix([BREAKFAST, 6], [STANDARD, 3], [ALL_DAY, 0.3]),
    menu: SOUTH_INDIAN,
    core: ['Idli & Vada', 'Dosa', 'Beverages'],
    signature: ['Dosa', 'Idli & Vada', 'Specials'],
  },
  {
    key: 'chinese',
    covers: 3,
    cuisines: [
      ['Chinese', 'Asian'],
      ['Chinese', 'Indo-Chinese', 'Momos'],
      ['Chinese', 'Tibetan'],
    ],
    prefixes: ['Golden', 'Red', 'Jade', 'Lucky', 'Imperial', 'Bamboo', 'Shanghai', 'Canton', 'Lhasa'],
    cores: ['Dragon', 'Wok', 'Chopsticks', 'Bowl', 'Kitchen', 'Garden'],
    cost: [300, 900],
    pureVegChance: 0.05,
    hours: mix([STANDARD, 8], [LATE, 2]),
    menu: CHINESE,
    core: ['Starters', 'Noodles', 'Fried Rice'],
    signature: ['Starters', 'Momos', 'Noodles'],
  },
  {
    key: 'pizza',
    covers: 3,
    cuisines: [
      ['Pizza', 'Italian', 'Fast Food'],
      ['Pizza', 'Pasta'],
      ['Pizza', 'Italian', 'Desserts'],
    ],
    prefixes: ['Napoli', 'Stone Oven', 'Fire Crust', 'Urban', 'Brick Lane', 'Mamma Mia', 'Bella', 'Forno'],
    cores: ['Pizzeria', 'Pizza Co.', 'Pizza Bar', 'Pizza Kitchen', 'Slice House'],
    cost: [300, 900],
    pureVegChance: 0.2,
    hours: mix([STANDARD, 7], [LATE, 3]),
    menu: PIZZA,
    core: ['Pizzas', 'Sides'],
    signature: ['Pizzas', 'Gourmet Pizzas'],
  },
  {
    key: 'burger',
    covers: 3,
    cuisines: [
      ['Burgers', 'American', 'Fast Food'],
      ['Burgers', 'Fast Food', 'Beverages'],
    ],
    prefixes: ['Bun & Patty', 'Smash', 'Big Bite', 'Patty Lane', 'Stacked', 'Flame', 'Junkyard', 'Grillers'],
    cores: ['Burgers', 'Burger Co.', 'Burger Joint', 'Diner', 'Grill'],
    cost: [250, 700],
    pureVegChance: 0.05,
    hours: mix([STANDARD, 6], [LATE, 4], [ALL_DAY, 0.5]),
    menu: BURGERS,
    core: ['Burgers', 'Sides'],
    signature: ['Burgers'],
  },
  {
    key: 'dessert',
    covers: 4,
    cuisines: [
      ['Desserts', 'Ice Cream', 'Bakery'],
      ['Desserts', 'Sweets'],
      ['Desserts', 'Beverages', 'Waffles'],
    ],
    prefixes: ['Sugar', 'Cream', 'Scoop', 'Frozen', 'Cocoa', 'Sweet', 'Mishti', 'Choco', 'Kulfi'],
    cores: ['Stories', 'Factory', 'Bar', 'Lab', 'Tales', 'Box', 'Studio', 'Bakehouse'],
    cost: [200, 600],
    pureVegChance: 0.9,
    hours: mix(
      [STANDARD, 5],
      [
        [
          [[720, 1440], 1], // 12:00-midnight
          [[720, 1500], 1], // 12:00-01:00
        ],
        4,
      ],
    ),
    menu: DESSERTS,
    core: ['Ice Creams', 'Cakes & Pastries'],
    signature: ['Ice Creams', 'Cakes & Pastries', 'Waffles & Pancakes'],
  },
  {
    key: 'kerala',
    covers: 3,
    cuisines: [
      ['Kerala', 'Seafood', 'South Indian'],
      ['Kerala', 'Biryani'],
    ],
    prefixes: ['Malabar', 'Kerala', 'Kochi', 'Calicut', 'Thalassery', 'Kuttanad', 'Travancore'],
    cores: ['Kitchen', 'Cafe', 'Thattukada', 'Spice House', 'Tharavad', 'Paradise'],
    cost: [300, 900],
    pureVegChance: 0,
    hours: mix([STANDARD, 8], [BREAKFAST, 2]),
    menu: KERALA,
    core: ['Curries', 'Breads & Rice'],
    signature: ['Starters', 'Curries', 'Biryani'],
  },
  {
    key: 'bengali',
    covers: 3,
    cuisines: [
      ['Bengali', 'Seafood'],
      ['Bengali', 'Rolls & Wraps', 'Biryani'],
    ],
    prefixes: ['Kolkata', 'Bong', 'Esplanade', 'Howrah', 'Maach', 'Park Street', 'Shorshe', 'Gariahat'],
    cores: ['Kitchen', 'Rannaghor', 'Bari', 'Cabin', 'Roll Centre', 'Cafe'],
    cost: [300, 1000],
    pureVegChance: 0,
    hours: mix([STANDARD, 9], [LATE, 1]),
    menu: BENGALI,
    core: ['Main Course', 'Rice & Breads'],
    signature: ['Main Course', 'Rolls', 'Biryani'],
  },
  {
    key: 'street-food',
    covers: 3,
    cuisines: [
      ['Street Food', 'Chaat', 'Snacks'],
      ['Street Food', 'Fast Food'],
      ['Street Food', 'Chaat', 'Sweets'],
    ],
    prefixes: [
      'Chaat',
      'Bombay',
      'Delhi 6',
      'Chandni',
      'Khau Galli',
      'Chatori',
      "Gupta's",
      "Sharma's",
      'Juhu',
    ],
    cores: ['Chaat Corner', 'Chaat House', 'Snacks', 'Chowpatty', 'Bhel House', 'Vada Pav Co.'],
    cost: [150, 400],
    pureVegChance: 0.7,
    hours: mix([STANDARD, 5], [[[[420, 1320], 1]], 2], [LATE, 1]),
    menu: STREET_FOOD,
    core: ['Chaat', 'Snacks'],
    signature: ['Chaat', 'Mumbai Specials'],
  },
  {
    key: 'healthy',
    covers: 3,
    cuisines: [
      ['Healthy', 'Salads', 'Juices'],
      ['Healthy', 'Continental'],
    ],
    prefixes: ['Green', 'Fit', 'Lean', 'Fresh', 'Nourish', 'Sprout', 'Leaf', 'Good', 'Daily'],
    cores: ['Bowl', 'Kitchen', 'Days', 'Co.', 'Theory', 'Station', 'Eats'],
    cost: [400, 1000],
    pureVegChance: 0.4,
    hours: mix([[[[420, 1320], 1]], 4], [STANDARD, 6]),
    menu: HEALTHY,
    core: ['Salads', 'Bowls'],
    signature: ['Salads', 'Bowls'],
  },
  {
    key: 'cafe',
    covers: 3,
    cuisines: [
      ['Cafe', 'Beverages', 'Continental'],
      ['Cafe', 'Bakery', 'Breakfast'],
    ],
    prefixes: ['Brew', 'Bean There', 'Daily Grind', 'Sunday', 'Kaapi', 'Morning', 'Little', 'Corner'],
    cores: ['Cafe', 'Coffee House', 'Coffee Co.', 'Bistro', 'Bakehouse', 'Social'],
    cost: [400, 1200],
    pureVegChance: 0.3,
    hours: mix([BREAKFAST, 7], [STANDARD, 3], [ALL_DAY, 0.5]),
    menu: CAFE,
    core: ['Coffee', 'All Day Breakfast'],
    signature: ['All Day Breakfast', 'Sandwiches', 'Coffee'],
  },
];

/** Profile weights per city (default 1); more biryani in Hyderabad, more South Indian in Chennai. */
export const CITY_BIAS: Record<string, Partial<Record<string, number>>> = {
  bengaluru: { 'south-indian': 1.6, kerala: 1.3, cafe: 1.3 },
  mumbai: { 'street-food': 1.8, pizza: 1.2 },
  delhi: { 'north-indian': 2, 'street-food': 1.4, chinese: 1.2 },
  hyderabad: { biryani: 2.5, 'north-indian': 1.2 },
  chennai: { 'south-indian': 2.2, kerala: 1.2 },
  pune: { 'street-food': 1.3, cafe: 1.3 },
};

export const OFFERS = [
  '50% OFF up to ₹100',
  '₹125 OFF above ₹499',
  'Free delivery',
  '20% OFF up to ₹50',
  '60% OFF up to ₹120',
  '₹100 OFF above ₹349',
  '40% OFF up to ₹80',
  'Flat ₹50 OFF above ₹199',
];

export const STREETS = [
  'Main Road',
  '1st Cross',
  '2nd Main',
  '3rd Cross Road',
  'Market Road',
  'Station Road',
  'Temple Street',
  'Church Street',
  'Link Road',
  'Ring Road',
  'Park Avenue',
  'Hill Road',
];

/** All cover illustrations the seed may reference (scripts/generate-images.mjs draws the same list). */
export const COVER_IMAGES = PROFILES.flatMap((p) =>
  Array.from({ length: p.covers }, (_, i) => `/img/restaurants/${p.key}-${i + 1}.webp`),
);
