// A week of finished orders, so the kitchen console's history (yesterday, the last 7 days, totals,
// search by order number or phone) and the diners' order and payment lists show something on a fresh
// database: at the demo staff's restaurant (4-7 a day, 8 on some weekend days; yesterday always a
// delivery, a customer's cancellation and a rejection) and, fewer, at a few other kitchens of its city.
// Placed by four demo diners who cannot sign in (no password matches theirs), never by the demo
// customer, at lunch and dinner in Indian time on the 7 days before the seed runs. Everything but the
// dates comes from the seed's PRNG: the same `now` gives the same rows, and a `now` one week later the
// same rows one week later.
//
// Only final orders (delivered and paid; cancelled or rejected and refunded): nothing rings or waits on
// the live board. Orders and payments carry no trigger, and the seed writes no order event, push
// delivery or alert, so no screen hears of them as news. No provider order either: the demo history
// never went through the payment provider, and without one the reconciliation sweep leaves it alone.
import { computeBill } from '../../../shared/bill.ts';
import { deliveryReach } from '../../../shared/geo.ts';
import { istDay, istDayPlus } from '../../../shared/india-time.ts';
import type {
  JsonRow,
  OrderItemRecord,
  OrderRecord,
  OrderStepTimeColumn,
  PaymentRecord,
  UserRecord,
} from '../records.ts';
import { BASE_RESTAURANTS, type DemoData, type ItemRow, type RestaurantRow } from './generate.ts';
import { Rng } from './prng.ts';

export const PAST_ORDER_DAYS = 7;
/** Other kitchens of the staff's city with a (smaller) history of their own. */
const OTHER_KITCHENS = 3;

interface Diner {
  name: string;
  phone: string;
  address: string;
  flat: string;
  landmark: string;
  address_type: 'home' | 'work' | 'other';
  lat: number;
  lng: number;
}

/** Around Koramangala, so each reaches the staff's restaurant (tests/e2e searches Priya's phone). */
const DINERS: readonly Diner[] = [
  {
    name: 'Priya Nair',
    phone: '9845012301',
    address: '14, 6th Main Road, Koramangala 4th Block, Bengaluru',
    flat: 'Flat 302, Lakeview Apartments',
    landmark: 'Opposite Forum Mall',
    address_type: 'home',
    lat: 12.9339,
    lng: 77.6126,
  },
  {
    name: 'Arjun Mehta',
    phone: '9845012302',
    address: '7, 1st Cross, HSR Layout Sector 3, Bengaluru',
    flat: 'House 7, 2nd floor',
    landmark: 'Behind the BDA complex',
    address_type: 'home',
    lat: 12.9116,
    lng: 77.6389,
  },
  {
    name: 'Fatima Sheikh',
    phone: '9845012303',
    address: '221, 80 Feet Road, Indiranagar, Bengaluru',
    flat: 'Office 5B, Skyline Towers',
    landmark: 'Near the metro station',
    address_type: 'work',
    lat: 12.9719,
    lng: 77.6412,
  },
  {
    name: 'Vikram Rao',
    phone: '9845012304',
    address: '36, 17th Main, BTM Layout 2nd Stage, Bengaluru',
    flat: 'Door 36, ground floor',
    landmark: 'Next to the water tank',
    address_type: 'home',
    lat: 12.9166,
    lng: 77.6101,
  },
];

/** When people order, in IST minutes after midnight (placed by 22:00, so all ends before midnight). */
const MEALS = [
  { from: 12 * 60, to: 15 * 60, weight: 0.45 },
  { from: 19 * 60, to: 22 * 60, weight: 0.55 },
] as const;
const COOKING = ['', '', '', '', 'Less spicy, please', 'No onion, no garlic', 'Please send cutlery'];
const DELIVERY = [
  '',
  '',
  '',
  'Leave at the door',
  "Please don't ring the bell",
  'Call when you reach the gate',
];
const REJECT_REASONS = [
  (dish: string) => `${dish} is sold out for today`,
  () => 'Kitchen is too busy right now',
  () => 'Closing early today',
];
/** The checkout's order-number characters (modules/orders/placement.ts, newOrderNumber). */
const ORDER_NUMBER_ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';
const PROVIDER_ID_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
const SECOND = 1000;
const MINUTE = 60 * SECOND;
const DAY = 24 * 60 * MINUTE;
/** The orders module's pickup allowance and courier speed (modules/orders/service.ts, travelMinutes). */
const PICKUP_MIN = 5;
const travelMinutes = (distanceM: number) => Math.ceil((distanceM / 1000 / 20) * 60) + 5;

type Outcome = 'delivered' | 'cancelled' | 'rejected';

export type DinerRow = Pick<
  JsonRow<UserRecord>,
  'id' | 'phone_number' | 'name' | 'email' | 'password_hash' | 'role' | 'created_at'
> & { phone_number: string; role: 'customer' };

export type PastOrderRow = Pick<
  JsonRow<OrderRecord>,
  | 'id'
  | 'order_number'
  | 'user_id'
  | 'restaurant_id'
  | 'delivery_address'
  | 'item_total'
  | 'packaging'
  | 'delivery_fee'
  | 'taxes'
  | 'coupon_discount'
  | 'to_pay'
  | 'status'
  | 'payment_status'
  | 'distance_m'
  | 'cooking_instructions'
  | 'delivery_instructions'
  | 'prep_time_min'
  | 'reject_reason'
  | 'created_at'
  | 'updated_at'
  | 'paid_at'
  | OrderStepTimeColumn
> & {
  /** As the checkout stores it: the inline address plus lat/lng copies. */
  delivery_address: {
    address: string;
    flat: string;
    landmark: string;
    address_type: string;
    latitude: number;
    longitude: number;
    address_id: null;
    lat: number;
    lng: number;
  };
  status: Outcome;
  payment_status: 'paid' | 'refunded';
  distance_m: number;
  paid_at: string;
};

export type PastOrderItemRow = Pick<
  OrderItemRecord,
  'order_id' | 'menu_item_id' | 'name' | 'price' | 'quantity' | 'is_veg'
>;

export type PastPaymentRow = Pick<
  JsonRow<PaymentRecord>,
  | 'id'
  | 'order_id'
  | 'provider'
  | 'provider_payment_id'
  | 'amount'
  | 'method'
  | 'status'
  | 'refund_reason'
  | 'refund_id'
  | 'refunded_at'
  | 'created_at'
  | 'updated_at'
> & { provider: 'sandbox'; status: 'paid' | 'refunded'; refund_reason: 'cancelled' | 'rejected' | null };

export interface PastOrders {
  diners: DinerRow[];
  orders: PastOrderRow[];
  items: PastOrderItemRow[];
  /** One per order, numbered as its order: the payment that paid it. */
  payments: PastPaymentRow[];
}

interface Kitchen {
  restaurant: RestaurantRow;
  menu: ItemRow[];
  /** Diners it delivers to, with the distance as the checkout measures it. */
  reach: { diner: number; distance: number }[];
  /** Usable [from, to] IST minutes of each meal inside its opening hours (null: closed then). */
  meals: ({ from: number; to: number; weight: number } | null)[];
  perDay: readonly [number, number];
}

/** A meal's window cut to the opening hours (close_minute may pass 1440: seed/generate.ts). */
function mealWindow(r: RestaurantRow, meal: (typeof MEALS)[number]) {
  const from = Math.max(meal.from, r.open_minute);
  const to = Math.min(meal.to, r.close_minute - 30);
  return from <= to ? { from, to, weight: meal.weight } : null;
}

function kitchen(menu: ItemRow[], r: RestaurantRow, perDay: readonly [number, number]): Kitchen {
  return {
    restaurant: r,
    menu: menu.filter((i) => i.in_stock),
    reach: DINERS.map((d, diner) => ({ diner, ...deliveryReach(r, d) }))
      .filter((x) => x.delivers)
      .map(({ diner, distance_m }) => ({ diner, distance: distance_m })),
    meals: MEALS.map((m) => mealWindow(r, m)),
    perDay,
  };
}

/**
 * The staff's restaurant, then the first kitchens of the base block (the same at every scale) in its
 * city that serve both lunch and dinner to at least two diners, each of another kind of food.
 */
function kitchens(data: DemoData, staffRestaurantId: number): Kitchen[] {
  const staff = data.restaurants.find((r) => r.id === staffRestaurantId);
  if (!staff) throw new Error(`the demo staff's restaurant ${staffRestaurantId} is not in the demo data`);
  // The menus of the candidates, gathered in one pass over the items.
  const menus = new Map<number, ItemRow[]>();
  for (const i of data.items) {
    if (i.restaurant_id > BASE_RESTAURANTS && i.restaurant_id !== staff.id) continue;
    const menu = menus.get(i.restaurant_id);
    if (menu) menu.push(i);
    else menus.set(i.restaurant_id, [i]);
  }
  const menuOf = (id: number) => menus.get(id) ?? [];
  const chosen = [kitchen(menuOf(staff.id), staff, [4, 7])];
  const kinds = new Set([data.profileOf.get(staff.id)]);
  for (const r of data.restaurants) {
    if (chosen.length > OTHER_KITCHENS) break;
    if (r.id > BASE_RESTAURANTS || r.id === staff.id || r.city_id !== staff.city_id) continue;
    if (kinds.has(data.profileOf.get(r.id))) continue;
    const k = kitchen(menuOf(r.id), r, [1, 3]);
    if (k.reach.length < 2 || k.meals.some((m) => m === null) || k.menu.length < 3) continue;
    chosen.push(k);
    kinds.add(data.profileOf.get(r.id));
  }
  return chosen;
}

const randomId = (rng: Rng, alphabet: string, length: number) =>
  Array.from({ length }, () => alphabet[Math.floor(rng.next() * alphabet.length)]).join('');

/** One to three different in-stock dishes, usually led by a bestseller; mostly one of each. */
function pickLines(rng: Rng, menu: readonly ItemRow[]) {
  const best = menu.filter((i) => i.is_bestseller);
  const first = best.length && rng.chance(0.7) ? rng.pick(best) : rng.pick(menu);
  const rest = rng.shuffle(menu.filter((i) => i !== first)).slice(
    0,
    rng.weighted([
      [0, 0.35],
      [1, 0.45],
      [2, 0.2],
    ]),
  );
  return [first, ...rest].map((item) => ({
    item,
    quantity: rng.weighted([
      [1, 0.75],
      [2, 0.2],
      [3, 0.05],
    ]),
  }));
}

interface Draft {
  kitchen: Kitchen;
  placed: number;
  outcome: Outcome;
  /** Index into DINERS, when the order must be theirs. */
  diner?: number;
}

/** Builds the rows; `now` fixes which days are "the last 7". Users get ids from `firstUserId`. */
export function buildPastOrders(
  data: DemoData,
  now: Date,
  opts: { staffRestaurantId: number; firstUserId: number },
): PastOrders {
  const rng = new Rng('past-orders');
  const list = kitchens(data, opts.staffRestaurantId);

  const drafts: Draft[] = [];
  for (let daysAgo = PAST_ORDER_DAYS; daysAgo >= 1; daysAgo--) {
    const day = istDayPlus(now, -daysAgo);
    const midnight = Date.parse(`${day}T00:00:00+05:30`);
    const weekend = [0, 6].includes(new Date(`${day}T12:00:00Z`).getUTCDay());
    for (const k of list) {
      const [lo, hi] = k.perDay;
      // Weekends are busier: usually one more.
      const count = rng.int(lo, hi) + (weekend && rng.chance(0.7) ? 1 : 0);
      let outcomes = Array.from({ length: count }, () =>
        rng.weighted<Outcome>([
          ['delivered', 0.9],
          ['cancelled', 0.05],
          ['rejected', 0.05],
        ]),
      );
      const yesterdayAtStaff = daysAgo === 1 && k === list[0];
      // Yesterday at the staff's restaurant: one cancellation, one rejection, the rest delivered.
      if (yesterdayAtStaff)
        outcomes = rng.shuffle(
          outcomes.map((_, i) => (['cancelled', 'rejected'] as const)[i] ?? 'delivered'),
        );
      const meals = k.meals.filter((m) => m !== null);
      const times = outcomes
        .map(() => {
          const meal = rng.weighted(meals.map((m) => [m, m.weight] as const));
          return midnight + rng.int(meal.from, meal.to) * MINUTE + rng.int(0, 59) * SECOND;
        })
        .sort((a, b) => a - b);
      // The first delivery yesterday is Priya's (the phone search of the console's e2e journey).
      const priyas = yesterdayAtStaff ? outcomes.indexOf('delivered') : -1;
      outcomes.forEach((outcome, i) =>
        drafts.push({ kitchen: k, placed: times[i]!, outcome, ...(i === priyas ? { diner: 0 } : {}) }),
      );
    }
  }
  // Ids follow the time the orders were placed, as the serial column would have given them.
  drafts.sort((a, b) => a.placed - b.placed || a.kitchen.restaurant.id - b.kitchen.restaurant.id);

  const diners: DinerRow[] = DINERS.map((d, i) => ({
    id: opts.firstUserId + i,
    phone_number: d.phone,
    name: d.name,
    email: `${d.name.split(' ')[0]!.toLowerCase()}@diners.example.com`,
    // Not a hash any password matches: these accounts only hold the demo history.
    password_hash: '!',
    role: 'customer',
    // Signed up some weeks before the history starts.
    created_at: new Date(
      Date.parse(`${istDayPlus(now, -PAST_ORDER_DAYS)}T00:00:00+05:30`) -
        rng.int(20, 400) * DAY +
        rng.int(9 * 60, 22 * 60) * MINUTE,
    ).toISOString(),
  }));
  const orders: PastOrderRow[] = [];
  const items: PastOrderItemRow[] = [];
  const payments: PastPaymentRow[] = [];
  const numbers = new Set<string>();

  drafts.forEach((draft, index) => {
    const id = index + 1;
    const { restaurant, menu, reach } = draft.kitchen;
    const to = draft.diner === undefined ? rng.pick(reach) : reach.find((x) => x.diner === draft.diner)!;
    const diner = DINERS[to.diner]!;
    const lines = pickLines(rng, menu);
    const bill = computeBill({
      lines: lines.map((l) => ({ price: l.item.price, quantity: l.quantity })),
      packagingFee: restaurant.packaging_fee,
      distanceM: to.distance,
      couponDiscount: 0,
    });
    const at = (ms: number) => new Date(ms).toISOString();
    const paid = draft.placed + rng.int(20, 90) * SECOND;
    let closed: number;
    let timeline: Pick<PastOrderRow, 'prep_time_min' | 'reject_reason' | OrderStepTimeColumn>;
    const none = {
      accepted_at: null,
      preparing_at: null,
      ready_at: null,
      picked_up_at: null,
      delivered_at: null,
    };
    if (draft.outcome === 'delivered') {
      const prep = rng.pick([15, 20, 20, 25, 30]);
      const accepted = paid + rng.int(1, 4) * MINUTE;
      const ready = accepted + (prep + rng.int(-3, 4)) * MINUTE;
      const pickedUp = ready + rng.int(2, PICKUP_MIN + 3) * MINUTE;
      closed = pickedUp + (travelMinutes(to.distance) + rng.int(-2, 4)) * MINUTE;
      timeline = {
        prep_time_min: prep,
        reject_reason: null,
        accepted_at: at(accepted),
        preparing_at: at(accepted + rng.int(1, 3) * MINUTE),
        ready_at: at(ready),
        picked_up_at: at(pickedUp),
        delivered_at: at(closed),
        cancelled_at: null,
        rejected_at: null,
      };
    } else if (draft.outcome === 'cancelled') {
      // Customers may cancel only before the restaurant accepts.
      closed = paid + rng.int(1, 3) * MINUTE;
      timeline = {
        prep_time_min: null,
        reject_reason: null,
        ...none,
        cancelled_at: at(closed),
        rejected_at: null,
      };
    } else {
      closed = paid + rng.int(2, 5) * MINUTE;
      timeline = {
        prep_time_min: null,
        reject_reason: rng.pick(REJECT_REASONS)(lines[0]!.item.name),
        ...none,
        cancelled_at: null,
        rejected_at: at(closed),
      };
    }
    // A cancellation or rejection is refunded at once (the checkout's fast path).
    const refunded = draft.outcome === 'delivered' ? null : closed + rng.int(5, 30) * SECOND;
    const updated = refunded ?? closed;

    let number: string;
    do {
      const day = istDay(new Date(draft.placed));
      number = `${day.slice(2, 4)}${day.slice(5, 7)}${day.slice(8, 10)}-${randomId(rng, ORDER_NUMBER_ALPHABET, 6)}`;
    } while (numbers.has(number));
    numbers.add(number);

    orders.push({
      id,
      order_number: number,
      user_id: opts.firstUserId + to.diner,
      restaurant_id: restaurant.id,
      delivery_address: {
        address: diner.address,
        flat: diner.flat,
        landmark: diner.landmark,
        address_type: diner.address_type,
        latitude: diner.lat,
        longitude: diner.lng,
        address_id: null,
        lat: diner.lat,
        lng: diner.lng,
      },
      ...bill,
      status: draft.outcome,
      payment_status: refunded === null ? 'paid' : 'refunded',
      distance_m: to.distance,
      cooking_instructions: rng.pick(COOKING),
      delivery_instructions: rng.pick(DELIVERY),
      ...timeline,
      created_at: at(draft.placed),
      updated_at: at(updated),
      paid_at: at(paid),
    });
    for (const l of lines)
      items.push({
        order_id: id,
        menu_item_id: l.item.id,
        name: l.item.name,
        price: l.item.price,
        quantity: l.quantity,
        is_veg: l.item.is_veg,
      });
    payments.push({
      id,
      order_id: id,
      provider: 'sandbox',
      provider_payment_id: `pay_${randomId(rng, PROVIDER_ID_ALPHABET, 14)}`,
      amount: bill.to_pay,
      method: rng.chance(0.6) ? 'upi' : 'card',
      status: refunded === null ? 'paid' : 'refunded',
      refund_reason: refunded === null ? null : (draft.outcome as 'cancelled' | 'rejected'),
      refund_id: refunded === null ? null : `rfnd_${randomId(rng, PROVIDER_ID_ALPHABET, 14)}`,
      refunded_at: refunded === null ? null : at(refunded),
      created_at: at(paid),
      updated_at: at(updated),
    });
  });
  return { diners, orders, items, payments };
}
