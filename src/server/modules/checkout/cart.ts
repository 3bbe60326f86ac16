// The cart: one per anonymous session key or per user, one restaurant at a time, prices always read
// from the menu. Every change is an absolute quantity; a change carrying an op id already applied is
// ignored, so an offline queue can replay safely.
import {
  CART_ERROR_CODES,
  type CartInfo,
  type CartItem,
  type CartResponse,
  type SavedCart,
  type StoreInfo,
} from '../../../shared/api/checkout.ts';
import { computeBill } from '../../../shared/bill.ts';
import { deliveryReach } from '../../../shared/geo.ts';
import { checkCoupon } from '../../../shared/coupon-rules.ts';
import { canonicalOptions, checkChoices } from '../../../shared/customisation.ts';
import type { Queryable } from '../../db/index.ts';
import type { CartItemRecord, CartRecord, MenuItemRecord, RestaurantRecord } from '../../db/records.ts';
import { optionGroupsOfItems } from '../../db/option-groups.ts';
import { HttpError } from '../../http/errors.ts';
import type { Caller } from './caller.ts';
import { findCoupon, toRule, userCouponUses } from './coupons.ts';

export type CartRow = CartRecord;

export type RestaurantRow = Pick<
  RestaurantRecord,
  | 'id'
  | 'name'
  | 'slug'
  | 'image'
  | 'area'
  | 'lat'
  | 'lng'
  | 'delivery_radius_m'
  | 'packaging_fee'
  | 'open_minute'
  | 'close_minute'
  | 'delivery_time_min'
  | 'is_active'
>;

export async function findCart(q: Queryable, caller: Caller, lock = false): Promise<CartRow | undefined> {
  const forUpdate = lock ? ' for update' : '';
  if (caller.userId !== null) {
    const [row] = await q.query<CartRow>(`select * from carts where user_id = $1${forUpdate}`, [
      caller.userId,
    ]);
    return row;
  }
  if (!caller.sessionKey) return undefined;
  const [row] = await q.query<CartRow>(
    `select * from carts where session_key = $1 and user_id is null${forUpdate}`,
    [caller.sessionKey],
  );
  return row;
}

/** The caller's cart, created when missing (callers without a user need a session key). */
export async function ensureCart(q: Queryable, caller: Caller): Promise<CartRow> {
  if (caller.userId !== null) {
    const [row] = await q.query<CartRow>(
      `insert into carts (user_id) values ($1)
         on conflict (user_id) do update set updated_at = now() returning *`,
      [caller.userId],
    );
    return row!;
  }
  const [row] = await q.query<CartRow>(
    `insert into carts (session_key) values ($1)
       on conflict (session_key) do update set updated_at = now() returning *`,
    [caller.sessionKey],
  );
  return row!;
}

/** A cart line: the dish, its price with the chosen options' prices, and the options' names. */
type ItemRow = Pick<
  MenuItemRecord,
  'id' | 'name' | 'price' | 'is_veg' | 'in_stock' | 'image' | 'restaurant_id'
> &
  Pick<CartItemRecord, 'quantity' | 'options'> & { choices: string[] };

/**
 * A cart's lines, priced from the menu now: a line's price is the dish's plus its choices'. Choices
 * that left the menu are dropped here (the order's own check then asks to choose again).
 */
export async function cartLines(q: Queryable, cartId: number): Promise<ItemRow[]> {
  return q.query<ItemRow>(
    `select mi.id, mi.name, mi.price + coalesce(chosen.extra, 0) as price, ci.quantity, mi.is_veg,
            mi.in_stock, mi.image, mi.restaurant_id, ci.options,
            coalesce(chosen.names, '{}') as choices
       from cart_items ci join menu_items mi on mi.id = ci.menu_item_id
       left join lateral (
         select sum(o.price)::int as extra, array_agg(o.name order by g.position, o.position) as names
           from item_options o join option_groups g on g.id = o.group_id
          where o.id = any(ci.options) and g.menu_item_id = ci.menu_item_id
       ) chosen on true
      where ci.cart_id = $1
      order by ci.added_at, mi.id, ci.options`,
    [cartId],
  );
}

export async function loadRestaurant(q: Queryable, id: number): Promise<RestaurantRow | undefined> {
  const [row] = await q.query<RestaurantRow>(
    `select id, name, slug, image, area, lat, lng, delivery_radius_m, packaging_fee, open_minute,
            close_minute, delivery_time_min, is_active
       from restaurants where id = $1`,
    [id],
  );
  return row;
}

export function storeInfo(r: RestaurantRow): StoreInfo {
  return {
    id: r.id,
    name: r.name,
    slug: r.slug,
    image: r.image,
    area: r.area,
    lat: Number(r.lat),
    lng: Number(r.lng),
    delivery_radius_m: r.delivery_radius_m,
    open_minute: r.open_minute,
    close_minute: r.close_minute,
    delivery_time_min: r.delivery_time_min,
  };
}

export interface ViewOptions {
  now?: Date;
  lat?: number | undefined;
  lng?: number | undefined;
}

/** GET /checkout/'s body for a cart (or for no cart yet). */
export async function cartView(
  q: Queryable,
  cart: CartRow | undefined,
  caller: Caller,
  sessionKey: string,
  opts: ViewOptions = {},
): Promise<CartResponse> {
  const empty: CartResponse = {
    session_key: sessionKey,
    cart_items: [],
    cart_info: null,
    cart_meta: null,
    store_info: null,
    cart_conflict: null,
  };
  if (!cart) return empty;
  const lines = await cartLines(q, cart.id);
  if (!lines.length) return empty;
  const restaurant = await loadRestaurant(q, cart.restaurant_id ?? lines[0]!.restaurant_id);
  if (!restaurant) return empty;

  const items: CartItem[] = lines.map((l) => ({ ...l, line_total: l.price * l.quantity }));
  const food = items.reduce((s, i) => s + i.line_total, 0);

  let couponDiscount = 0;
  let couponError: string | null = null;
  let couponErrorCode: string | null = null;
  if (cart.coupon_code) {
    const row = await findCoupon(q, cart.coupon_code);
    const check = checkCoupon(row ? toRule(row) : null, {
      now: opts.now ?? new Date(),
      storeId: restaurant.id,
      itemTotal: food,
      userUses: await userCouponUses(q, caller.userId, cart.coupon_code),
    });
    if (check.ok) couponDiscount = check.discount;
    else {
      couponError = check.message;
      couponErrorCode = check.code;
    }
  }

  // A point the restaurant does not deliver to is never priced: the bill keeps the base fee and the
  // page says why that address cannot be used.
  const reach =
    opts.lat !== undefined && opts.lng !== undefined
      ? deliveryReach(
          {
            lat: Number(restaurant.lat),
            lng: Number(restaurant.lng),
            delivery_radius_m: restaurant.delivery_radius_m,
          },
          { lat: opts.lat, lng: opts.lng },
        )
      : null;
  const distance = reach?.delivers ? reach.distance_m : null;
  const bill = computeBill({
    lines: items,
    packagingFee: restaurant.packaging_fee,
    distanceM: distance,
    couponDiscount,
  });
  const info: CartInfo = {
    ...bill,
    coupon_code: cart.coupon_code,
    coupon_error: couponError,
    coupon_error_code: couponErrorCode,
    distance_m: distance,
  };
  return {
    session_key: sessionKey,
    cart_items: items,
    cart_info: info,
    cart_meta: {
      item_count: items.reduce((s, i) => s + i.quantity, 0),
      item_total: bill.item_total,
      coupon_discount: bill.coupon_discount,
    },
    store_info: storeInfo(restaurant),
    cart_conflict: null,
  };
}

/** What the conflict question says about the account's saved cart. */
export async function savedCartSummary(q: Queryable, cart: CartRow): Promise<SavedCart | null> {
  const lines = await cartLines(q, cart.id);
  if (!lines.length) return null;
  const restaurant = await loadRestaurant(q, cart.restaurant_id ?? lines[0]!.restaurant_id);
  return {
    store_name: restaurant?.name ?? 'another restaurant',
    store_slug: restaurant?.slug ?? '',
    item_count: lines.reduce((s, l) => s + l.quantity, 0),
    item_total: lines.reduce((s, l) => s + l.price * l.quantity, 0),
    items: lines.map((l) => ({ name: l.name, quantity: l.quantity })),
  };
}

/** Records an op id on a cart; false when it was already applied (a replay). */
export async function claimOp(q: Queryable, cartId: number, opId: string | undefined): Promise<boolean> {
  if (!opId) return true;
  const rows = await q.query(
    'insert into cart_ops (cart_id, op_id) values ($1, $2) on conflict do nothing returning op_id',
    [cartId, opId],
  );
  return rows.length > 0;
}

async function emptyCart(q: Queryable, cartId: number): Promise<void> {
  await q.query('delete from cart_items where cart_id = $1', [cartId]);
  await q.query(
    'update carts set restaurant_id = null, coupon_code = null, updated_at = now() where id = $1',
    [cartId],
  );
}

/** Sets one cart line's quantity (0 removes it); prices, stock and choices are checked on the menu. */
export async function setQuantity(
  q: Queryable,
  cart: CartRow,
  input: { item: number; quantity: number; options?: number[] | undefined; replace?: boolean | undefined },
): Promise<void> {
  const options = canonicalOptions(input.options);
  const [item] = await q.query<{
    id: number;
    name: string;
    restaurant_id: number;
    in_stock: boolean;
    restaurant_active: boolean;
  }>(
    `select mi.id, mi.name, mi.restaurant_id, mi.in_stock, r.is_active as restaurant_active
       from menu_items mi join restaurants r on r.id = mi.restaurant_id where mi.id = $1`,
    [input.item],
  );
  if (input.quantity === 0) {
    await q.query('delete from cart_items where cart_id = $1 and menu_item_id = $2 and options = $3', [
      cart.id,
      input.item,
      options,
    ]);
    await tidy(q, cart.id);
    return;
  }
  if (!item) throw new HttpError(404, 'This item is no longer on the menu.', CART_ERROR_CODES.itemNotFound);
  if (!item.in_stock || !item.restaurant_active) {
    throw new HttpError(400, `${item.name} is out of stock right now.`, CART_ERROR_CODES.outOfStock);
  }
  const groups = (await optionGroupsOfItems(q, [item.id])).get(item.id) ?? [];
  const choice = checkChoices(item.name, groups, options);
  if (!choice.ok) throw new HttpError(400, choice.message, CART_ERROR_CODES.choices);
  const [{ n } = { n: 0 }] = await q.query<{ n: number }>(
    'select count(*)::int as n from cart_items where cart_id = $1',
    [cart.id],
  );
  if (n > 0 && cart.restaurant_id !== null && cart.restaurant_id !== item.restaurant_id) {
    if (!input.replace) {
      const current = await loadRestaurant(q, cart.restaurant_id);
      throw new HttpError(
        409,
        `Your cart has items from ${current?.name ?? 'another restaurant'}. Replace them with this item?`,
        CART_ERROR_CODES.storeConflict,
      );
    }
    await emptyCart(q, cart.id);
  }
  await q.query(
    `insert into cart_items (cart_id, menu_item_id, options, quantity) values ($1, $2, $3, $4)
       on conflict (cart_id, menu_item_id, options) do update set quantity = excluded.quantity`,
    [cart.id, item.id, choice.options, input.quantity],
  );
  await q.query('update carts set restaurant_id = $2, updated_at = now() where id = $1', [
    cart.id,
    item.restaurant_id,
  ]);
}

/** An emptied cart forgets its restaurant and coupon. */
export async function tidy(q: Queryable, cartId: number): Promise<void> {
  await q.query(
    `update carts set restaurant_id = null, coupon_code = null, updated_at = now()
      where id = $1 and not exists (select 1 from cart_items where cart_id = $1)`,
    [cartId],
  );
}
