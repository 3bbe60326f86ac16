// SQL of the cart (parameterised; the same text runs on PGlite and PostgreSQL): carts and their lines
// priced from the menu, op ids already applied, an anonymous cart merged into the account's, the
// caller's user row, and a past order's lines for reorder. Coupons' SQL is in ./coupon-queries.ts.
import type { Queryable } from '../../db/index.ts';
import type {
  CartItemRecord,
  CartRecord,
  MenuItemRecord,
  OrderItemRecord,
  OrderRecord,
  RestaurantRecord,
  UserRecord,
} from '../../db/records.ts';
import type { Caller } from './caller.ts';

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

/** A cart line: the dish, its price with the chosen options' prices, and the options' names. */
export type CartLineRow = Pick<
  MenuItemRecord,
  'id' | 'name' | 'price' | 'is_veg' | 'in_stock' | 'image' | 'restaurant_id'
> &
  Pick<CartItemRecord, 'quantity' | 'options'> & { choices: string[] };

/** A dish as a cart change checks it; restaurant_active: its restaurant's is_active. */
export type CartDishRow = Pick<MenuItemRecord, 'id' | 'name' | 'restaurant_id' | 'in_stock'> & {
  restaurant_active: boolean;
};

// ---------------------------------------------------------------- the caller

/** The user a request's token names (callers check is_active). */
export type CallerUserRow = Pick<UserRecord, 'id' | 'name' | 'email' | 'phone_number' | 'is_active'>;

export async function callerUserRow(db: Queryable, userId: number): Promise<CallerUserRow | undefined> {
  const [user] = await db.query<CallerUserRow>(
    'select id, name, email, phone_number, is_active from users where id = $1',
    [userId],
  );
  return user;
}

// ---------------------------------------------------------------- carts and lines

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

/** Whether this browser (session key) has an anonymous cart still to merge into the account's. */
export async function hasAnonymousCart(q: Queryable, sessionKey: string): Promise<boolean> {
  const [anon] = await q.query('select 1 from carts where session_key = $1 and user_id is null', [
    sessionKey,
  ]);
  return anon !== undefined;
}

/** A cart line's chosen options that are still on the menu: their extra price and names, in menu order. */
const PRICED_CHOICES = `left join lateral (
    select sum(o.price)::int as extra, array_agg(o.name order by g.position, o.position) as names
      from item_options o join option_groups g on g.id = o.group_id
     where o.id = any(ci.options) and g.menu_item_id = ci.menu_item_id
  ) chosen on true`;

/**
 * A cart's lines, priced from the menu now: a line's price is the dish's plus its choices'. Choices
 * that left the menu are dropped here (the order's own check then asks to choose again).
 */
export async function cartLines(q: Queryable, cartId: number): Promise<CartLineRow[]> {
  return q.query<CartLineRow>(
    `select mi.id, mi.name, mi.price + coalesce(chosen.extra, 0) as price, ci.quantity, mi.is_veg,
            mi.in_stock, mi.image, mi.restaurant_id, ci.options,
            coalesce(chosen.names, '{}') as choices
       from cart_items ci join menu_items mi on mi.id = ci.menu_item_id
       ${PRICED_CHOICES}
      where ci.cart_id = $1
      order by ci.added_at, mi.id, ci.options`,
    [cartId],
  );
}

/** A cart with its priced lines (as cartLines) and its restaurant (as loadRestaurant), read at once. */
export interface CartSnapshot {
  cart: Pick<CartRow, 'id' | 'restaurant_id' | 'coupon_code'> | undefined;
  lines: CartLineRow[];
  restaurant: RestaurantRow | undefined;
}

/** What a signed-in caller's cart read also needs: their user row and a browser cart left to merge. */
export interface CallerCartSnapshot extends CartSnapshot {
  /** null: no such user. */
  user_active: boolean | null;
  anonymous_cart: boolean;
}

// The cart GET is the hottest read that reaches the database: one statement instead of three to five
// (user, anonymous cart, cart, lines, restaurant), the same rows as those queries, prepared once (its
// plan costs four times its run on the embedded database). JSON keys keep the
// column order of cartLines and loadRestaurant, so the response body is byte for byte the same.
const SNAPSHOT_LINES = `
  left join lateral (
    select json_agg(json_build_object(
             'id', mi.id, 'name', mi.name, 'price', mi.price + coalesce(chosen.extra, 0),
             'quantity', ci.quantity, 'is_veg', mi.is_veg, 'in_stock', mi.in_stock, 'image', mi.image,
             'restaurant_id', mi.restaurant_id, 'options', ci.options,
             'choices', coalesce(chosen.names, '{}'))
             order by ci.added_at, mi.id, ci.options) as lines,
           (array_agg(mi.restaurant_id order by ci.added_at, mi.id, ci.options))[1] as first_restaurant
      from cart_items ci join menu_items mi on mi.id = ci.menu_item_id
      ${PRICED_CHOICES}
     where ci.cart_id = c.id
  ) l on true
  left join lateral (
    select json_build_object(
             'id', r.id, 'name', r.name, 'slug', r.slug, 'image', r.image, 'area', r.area, 'lat', r.lat,
             'lng', r.lng, 'delivery_radius_m', r.delivery_radius_m, 'packaging_fee', r.packaging_fee,
             'open_minute', r.open_minute, 'close_minute', r.close_minute,
             'delivery_time_min', r.delivery_time_min, 'is_active', r.is_active) as restaurant
      from restaurants r where r.id = coalesce(c.restaurant_id, l.first_restaurant)
  ) rs on true`;

const SNAPSHOT_COLUMNS = `c.id, c.restaurant_id, c.coupon_code, l.lines, rs.restaurant`;

type SnapshotRow = {
  id: number | null;
  restaurant_id: number | null;
  coupon_code: string | null;
  lines: CartLineRow[] | null;
  restaurant: RestaurantRow | null;
};

const snapshotOf = (row: SnapshotRow | undefined): CartSnapshot => ({
  cart:
    row && row.id !== null
      ? { id: row.id, restaurant_id: row.restaurant_id, coupon_code: row.coupon_code }
      : undefined,
  lines: row?.lines ?? [],
  restaurant: row?.restaurant ?? undefined,
});

// Built once: a prepared statement's text is the same string on every GET.
const VISITOR_CART_SNAPSHOT = `select ${SNAPSHOT_COLUMNS} from carts c ${SNAPSHOT_LINES}
  where c.session_key = $1 and c.user_id is null`;
const USER_CART_SNAPSHOT = `select (select u.is_active from users u where u.id = $1) as user_active,
         exists (select 1 from carts a where a.session_key = $2 and a.user_id is null) as anonymous_cart,
         ${SNAPSHOT_COLUMNS}
    from (select 1) one left join carts c on c.user_id = $1 ${SNAPSHOT_LINES}`;

/** A visitor's cart (by session key) in one statement. */
export async function visitorCartSnapshot(q: Queryable, sessionKey: string): Promise<CartSnapshot> {
  const [row] = await q.query<SnapshotRow>(VISITOR_CART_SNAPSHOT, [sessionKey], {
    name: 'visitor_cart_snapshot',
  });
  return snapshotOf(row);
}

/** A signed-in caller's cart, their user row and whether this browser's cart waits to merge. */
export async function userCartSnapshot(
  q: Queryable,
  userId: number,
  sessionKey: string | null,
): Promise<CallerCartSnapshot> {
  const [row] = await q.query<SnapshotRow & { user_active: boolean | null; anonymous_cart: boolean }>(
    USER_CART_SNAPSHOT,
    [userId, sessionKey],
    { name: 'user_cart_snapshot' },
  );
  return {
    ...snapshotOf(row),
    user_active: row?.user_active ?? null,
    anonymous_cart: row?.anonymous_cart ?? false,
  };
}

export async function countCartLines(q: Queryable, cartId: number): Promise<number> {
  const [{ n } = { n: 0 }] = await q.query<{ n: number }>(
    'select count(*)::int as n from cart_items where cart_id = $1',
    [cartId],
  );
  return n;
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

export async function cartDish(q: Queryable, itemId: number): Promise<CartDishRow | undefined> {
  const [item] = await q.query<CartDishRow>(
    `select mi.id, mi.name, mi.restaurant_id, mi.in_stock, r.is_active as restaurant_active
       from menu_items mi join restaurants r on r.id = mi.restaurant_id where mi.id = $1`,
    [itemId],
  );
  return item;
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

/** Sets a line's quantity, adding the line when the cart has no such dish with these options. */
export async function upsertCartLine(
  q: Queryable,
  cartId: number,
  itemId: number,
  options: number[],
  quantity: number,
): Promise<void> {
  await q.query(
    `insert into cart_items (cart_id, menu_item_id, options, quantity) values ($1, $2, $3, $4)
       on conflict (cart_id, menu_item_id, options) do update set quantity = excluded.quantity`,
    [cartId, itemId, options, quantity],
  );
}

/** Removes one line: the dish with exactly these options. */
export async function deleteCartLine(
  q: Queryable,
  cartId: number,
  itemId: number,
  options: number[],
): Promise<void> {
  await q.query('delete from cart_items where cart_id = $1 and menu_item_id = $2 and options = $3', [
    cartId,
    itemId,
    options,
  ]);
}

/** Removes a dish: every line of it. */
export async function deleteCartItem(q: Queryable, cartId: number, menuItemId: number): Promise<void> {
  await q.query('delete from cart_items where cart_id = $1 and menu_item_id = $2', [cartId, menuItemId]);
}

export async function deleteCartLines(q: Queryable, cartId: number): Promise<void> {
  await q.query('delete from cart_items where cart_id = $1', [cartId]);
}

/** The cart's restaurant and coupon forgotten (its lines are gone). */
export async function resetCart(q: Queryable, cartId: number): Promise<void> {
  await q.query(
    'update carts set restaurant_id = null, coupon_code = null, updated_at = now() where id = $1',
    [cartId],
  );
}

export async function setCartRestaurant(q: Queryable, cartId: number, restaurantId: number): Promise<void> {
  await q.query('update carts set restaurant_id = $2, updated_at = now() where id = $1', [
    cartId,
    restaurantId,
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

export async function setCartCoupon(q: Queryable, cartId: number, couponCode: string): Promise<void> {
  await q.query('update carts set coupon_code = $2, updated_at = now() where id = $1', [cartId, couponCode]);
}

export async function clearCartCoupon(q: Queryable, cartId: number): Promise<void> {
  await q.query('update carts set coupon_code = null, updated_at = now() where id = $1', [cartId]);
}

// ---------------------------------------------------------------- merging an anonymous cart

/** A cart's head and how many lines it has (n). */
export type CartHead = Pick<CartRecord, 'id' | 'restaurant_id' | 'coupon_code'> & { n: number };

const HEAD = `select c.id, c.restaurant_id, c.coupon_code,
                     (select count(*)::int from cart_items i where i.cart_id = c.id) as n
                from carts c`;

export async function lockAnonymousCartHead(
  tx: Queryable,
  sessionKey: string,
): Promise<CartHead | undefined> {
  const [anon] = await tx.query<CartHead>(
    `${HEAD} where c.session_key = $1 and c.user_id is null for update`,
    [sessionKey],
  );
  return anon;
}

export async function lockUserCartHead(tx: Queryable, userId: number): Promise<CartHead | undefined> {
  const [existing] = await tx.query<CartHead>(`${HEAD} where c.user_id = $1 for update`, [userId]);
  return existing;
}

/** The account's cart, created when missing (as its head, with no lines). */
export async function ensureUserCartHead(tx: Queryable, userId: number): Promise<CartHead> {
  const [mine] = await tx.query<CartHead>(
    `insert into carts (user_id) values ($1)
       on conflict (user_id) do update set updated_at = now()
     returning id, restaurant_id, coupon_code, 0 as n`,
    [userId],
  );
  return mine!;
}

/** Copies a cart's lines onto another: a line both have takes the copied quantity. */
export async function copyCartLines(tx: Queryable, targetId: number, fromId: number): Promise<void> {
  await tx.query(
    `insert into cart_items (cart_id, menu_item_id, options, quantity, added_at)
       select $1, menu_item_id, options, quantity, added_at from cart_items where cart_id = $2
     on conflict (cart_id, menu_item_id, options) do update set quantity = excluded.quantity`,
    [targetId, fromId],
  );
}

/** Copies the op ids applied to a cart, so a replay against the merged cart changes nothing. */
export async function copyCartOps(tx: Queryable, targetId: number, fromId: number): Promise<void> {
  await tx.query(
    `insert into cart_ops (cart_id, op_id, created_at)
       select $1, op_id, created_at from cart_ops where cart_id = $2
     on conflict do nothing`,
    [targetId, fromId],
  );
}

export async function setCartRestaurantAndCoupon(
  tx: Queryable,
  cartId: number,
  restaurantId: number | null,
  couponCode: string | null,
): Promise<void> {
  await tx.query('update carts set restaurant_id = $2, coupon_code = $3, updated_at = now() where id = $1', [
    cartId,
    restaurantId,
    couponCode,
  ]);
}

export async function deleteCart(tx: Queryable, cartId: number): Promise<void> {
  await tx.query('delete from carts where id = $1', [cartId]);
}

export async function deleteAnonymousCart(tx: Queryable, sessionKey: string): Promise<void> {
  await tx.query('delete from carts where session_key = $1 and user_id is null', [sessionKey]);
}

export async function lockAnonymousCartId(tx: Queryable, sessionKey: string): Promise<number | undefined> {
  const [anon] = await tx.query<Pick<CartRecord, 'id'>>(
    `select id from carts where session_key = $1 and user_id is null for update`,
    [sessionKey],
  );
  return anon?.id;
}

export async function lockUserCartId(tx: Queryable, userId: number): Promise<number | undefined> {
  const [mine] = await tx.query<Pick<CartRecord, 'id'>>(
    'select id from carts where user_id = $1 for update',
    [userId],
  );
  return mine?.id;
}

// ---------------------------------------------------------------- reorder

/** The restaurant of one of the user's orders (undefined: no such order of theirs). */
export async function ownOrderRestaurant(
  q: Queryable,
  userId: number,
  orderId: number,
): Promise<number | undefined> {
  const [order] = await q.query<Pick<OrderRecord, 'restaurant_id'>>(
    'select restaurant_id from orders where id = $1 and user_id = $2',
    [orderId, userId],
  );
  return order?.restaurant_id;
}

/** An ordered line with the name, price and choices it was sold with. */
export type OrderedLine = Pick<
  OrderItemRecord,
  'menu_item_id' | 'options' | 'choices' | 'name' | 'price' | 'quantity'
>;

export async function orderedLines(q: Queryable, orderId: number): Promise<OrderedLine[]> {
  return q.query<OrderedLine>(
    `select menu_item_id, options, choices, name, price, quantity from order_items where order_id = $1
      order by menu_item_id, options`,
    [orderId],
  );
}
