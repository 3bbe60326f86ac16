// The cart: one per anonymous session key or per user, one restaurant at a time, prices always read
// from the menu. Every change is an absolute quantity; a change carrying an op id already applied is
// ignored, so an offline queue can replay safely.
import {
  CART_ERROR_CODES,
  type CartInfo,
  type CartItem,
  type CartResponse,
  type StoreInfo,
} from '../../../shared/api/checkout.ts';
import { computeBill, distanceMetres } from '../../../shared/bill.ts';
import { checkCoupon } from '../../../shared/coupon-rules.ts';
import type { Queryable, Row } from '../../db/index.ts';
import { HttpError } from '../../http/errors.ts';
import type { Caller } from './caller.ts';
import { findCoupon, toRule, userCouponUses } from './coupons.ts';

export interface CartRow extends Row {
  id: number;
  session_key: string | null;
  user_id: number | null;
  restaurant_id: number | null;
  coupon_code: string | null;
}

export interface RestaurantRow extends Row {
  id: number;
  name: string;
  slug: string;
  image: string;
  area: string;
  lat: number;
  lng: number;
  delivery_radius_m: number;
  packaging_fee: number;
  open_minute: number;
  close_minute: number;
  is_active: boolean;
}

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

interface ItemRow extends Row {
  id: number;
  name: string;
  price: number;
  quantity: number;
  is_veg: boolean;
  in_stock: boolean;
  image: string | null;
  restaurant_id: number;
}

export async function cartLines(q: Queryable, cartId: number): Promise<ItemRow[]> {
  return q.query<ItemRow>(
    `select mi.id, mi.name, mi.price, ci.quantity, mi.is_veg, mi.in_stock, mi.image, mi.restaurant_id
       from cart_items ci join menu_items mi on mi.id = ci.menu_item_id
      where ci.cart_id = $1
      order by ci.added_at, mi.id`,
    [cartId],
  );
}

export async function loadRestaurant(q: Queryable, id: number): Promise<RestaurantRow | undefined> {
  const [row] = await q.query<RestaurantRow>(
    `select id, name, slug, image, area, lat, lng, delivery_radius_m, packaging_fee, open_minute,
            close_minute, is_active
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
  if (cart.coupon_code) {
    const row = await findCoupon(q, cart.coupon_code);
    const check = checkCoupon(row ? toRule(row) : null, {
      now: opts.now ?? new Date(),
      storeId: restaurant.id,
      itemTotal: food,
      userUses: await userCouponUses(q, caller.userId, cart.coupon_code),
    });
    if (check.ok) couponDiscount = check.discount;
    else couponError = check.message;
  }

  const distance =
    opts.lat !== undefined && opts.lng !== undefined
      ? distanceMetres(
          { lat: opts.lat, lng: opts.lng },
          { lat: Number(restaurant.lat), lng: Number(restaurant.lng) },
        )
      : null;
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

/** Sets one item's quantity (0 removes it); prices and stock come from the menu. */
export async function setQuantity(
  q: Queryable,
  cart: CartRow,
  input: { item: number; quantity: number; replace?: boolean | undefined },
): Promise<void> {
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
    await q.query('delete from cart_items where cart_id = $1 and menu_item_id = $2', [cart.id, input.item]);
    await tidy(q, cart.id);
    return;
  }
  if (!item) throw new HttpError(404, 'This item is no longer on the menu.', CART_ERROR_CODES.itemNotFound);
  if (!item.in_stock || !item.restaurant_active) {
    throw new HttpError(400, `${item.name} is out of stock right now.`, CART_ERROR_CODES.outOfStock);
  }
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
    `insert into cart_items (cart_id, menu_item_id, quantity) values ($1, $2, $3)
       on conflict (cart_id, menu_item_id) do update set quantity = excluded.quantity`,
    [cart.id, item.id, input.quantity],
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
