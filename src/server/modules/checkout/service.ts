// Checkout rules for ./routes.ts: whose cart a request sees (an anonymous cart merged into the
// account's, or the two carts competing until the customer chooses), cart changes, reorder, and
// coupons applied to or removed from the cart. Placing the order is the orders module's.
import {
  CART_ERROR_CODES,
  type AddToCartBody,
  type ApplyCouponResponse,
  type CartResponse,
  type Coupon,
  type ReorderResponse,
} from '../../../shared/api/checkout.ts';
import { checkCoupon } from '../../../shared/coupon-rules.ts';
import type { Db } from '../../db/index.ts';
import { HttpError } from '../../http/errors.ts';
import { newSessionKey, userNotFound, type Caller } from './caller.ts';
import { cartView, cartViewOf, savedCartSummary, setQuantity, type ViewOptions } from './cart.ts';
import { keepCart, mergeAnonymousCart } from './cart-merge.ts';
import { findCoupon, userCouponUses } from './coupon-queries.ts';
import { couponsForStore, toRule } from './coupons.ts';
import {
  cartLines,
  claimOp,
  clearCartCoupon,
  deleteCartItem,
  ensureCart,
  findCart,
  hasAnonymousCart,
  loadRestaurant,
  setCartCoupon,
  tidy,
  userCartSnapshot,
  visitorCartSnapshot,
  type CartSnapshot,
} from './queries.ts';
import { reorderInto } from './reorder.ts';

const cartConflict = () =>
  new HttpError(
    409,
    'You have two carts: choose which one to keep before changing your cart or ordering.',
    CART_ERROR_CODES.conflict,
  );

export interface CallerCart {
  caller: Caller;
  sessionKey: string;
  conflict: boolean;
}

/**
 * The caller with a session key (a new one when they have none) and any anonymous cart merged;
 * `conflict` when this browser's cart and the account's hold different restaurants' items.
 */
export async function withCart(db: Db, caller: Caller): Promise<CallerCart> {
  const sessionKey = caller.sessionKey ?? newSessionKey();
  let conflict = false;
  if (caller.userId !== null && caller.sessionKey) {
    const userId = caller.userId;
    const key = caller.sessionKey;
    if (await hasAnonymousCart(db, key)) {
      conflict = (await db.transaction((tx) => mergeAnonymousCart(tx, key, userId))) === 'conflict';
    }
  }
  return { caller: { ...caller, sessionKey }, sessionKey, conflict };
}

/**
 * GET /checkout/: the caller's cart in one statement (with the user row and the merge check of a
 * signed-in caller). Only a browser cart still to merge takes the longer way of withCart.
 */
export async function viewCart(db: Db, caller: Caller, opts: ViewOptions): Promise<CartResponse> {
  const sessionKey = caller.sessionKey ?? newSessionKey();
  if (caller.userId === null) {
    const snapshot = caller.sessionKey ? await visitorCartSnapshot(db, caller.sessionKey) : undefined;
    return cartViewOf(db, snapshot ?? NO_CART, caller, sessionKey, opts);
  }
  const snapshot = await userCartSnapshot(db, caller.userId, caller.sessionKey);
  if (!snapshot.user_active) throw userNotFound();
  if (snapshot.anonymous_cart) {
    const found = await withCart(db, caller);
    return currentView(db, found.caller, found.sessionKey, found.conflict, opts);
  }
  return cartViewOf(db, snapshot, { ...caller, sessionKey }, sessionKey, opts);
}

const NO_CART: CartSnapshot = { cart: undefined, lines: [], restaurant: undefined };

/** A cart change must wait for the customer's answer while two carts compete. */
export async function forChange(db: Db, caller: Caller): Promise<CallerCart> {
  const found = await withCart(db, caller);
  if (found.conflict) throw cartConflict();
  return found;
}

/** The cart this browser shows: while two carts compete, its own cart plus the account's saved one. */
export async function currentView(
  db: Db,
  caller: Caller,
  sessionKey: string,
  conflict: boolean,
  opts: ViewOptions,
): Promise<CartResponse> {
  if (!conflict) return cartView(db, await findCart(db, caller), caller, sessionKey, opts);
  const mine = await findCart(db, { userId: null, sessionKey });
  const saved = await findCart(db, caller);
  const view = await cartView(db, mine, caller, sessionKey, opts);
  const summary = saved ? await savedCartSummary(db, saved) : null;
  return { ...view, cart_conflict: summary ? { saved: summary } : null };
}

/** The customer's answer to two competing carts (nothing to do without an anonymous cart). */
export async function keepChosenCart(
  db: Db,
  sessionKey: string | null,
  userId: number,
  keep: 'this' | 'saved',
): Promise<void> {
  if (sessionKey) await db.transaction((tx) => keepCart(tx, sessionKey, userId, keep));
}

/** Adds, changes or removes a cart line, once per op_id (a retried tap changes nothing more). */
export async function addToCart(
  db: Db,
  caller: Caller,
  sessionKey: string,
  body: AddToCartBody,
  opts: ViewOptions,
): Promise<CartResponse> {
  return db.transaction(async (tx) => {
    const cart = await ensureCart(tx, caller);
    if (await claimOp(tx, cart.id, body.op_id)) await setQuantity(tx, cart, body);
    const fresh = await findCart(tx, caller);
    return cartView(tx, fresh, caller, sessionKey, opts);
  });
}

/** Removes a dish (every line of it), once per op_id. */
export async function removeFromCart(
  db: Db,
  caller: Caller,
  sessionKey: string,
  item: number,
  opId: string | undefined,
  opts: ViewOptions,
): Promise<CartResponse> {
  return db.transaction(async (tx) => {
    const cart = await findCart(tx, caller, true);
    if (cart && (await claimOp(tx, cart.id, opId))) {
      await deleteCartItem(tx, cart.id, item);
      await tidy(tx, cart.id);
    }
    return cartView(tx, await findCart(tx, caller), caller, sessionKey, opts);
  });
}

/** A past order's dishes back in the cart (./reorder.ts), with what changed since. */
export async function reorder(
  db: Db,
  caller: Caller,
  sessionKey: string,
  userId: number,
  body: { order_id: number; replace?: boolean | undefined },
  opts: ViewOptions,
): Promise<ReorderResponse> {
  return db.transaction(async (tx) => {
    const cart = await ensureCart(tx, caller);
    const reorder = await reorderInto(tx, cart, userId, body.order_id, body.replace ?? false);
    return {
      ...(await cartView(tx, await findCart(tx, caller), caller, sessionKey, opts)),
      reorder,
    };
  });
}

/** The coupons a restaurant offers, or 404 for no such restaurant. */
export async function storeCoupons(db: Db, storeId: number): Promise<{ data: Coupon[] }> {
  const restaurant = await loadRestaurant(db, storeId);
  if (!restaurant) throw new HttpError(404, 'Restaurant not found.', 'not_found');
  return { data: await couponsForStore(db, restaurant.id) };
}

/** Puts a coupon on the cart when it qualifies now (the order checks it again). */
export async function applyCoupon(
  db: Db,
  caller: Caller,
  sessionKey: string,
  code: string,
  opts: ViewOptions,
): Promise<ApplyCouponResponse> {
  const cart = await findCart(db, caller);
  const lines = cart ? await cartLines(db, cart.id) : [];
  if (!cart || !lines.length) {
    throw new HttpError(400, 'Add items to your cart before applying a coupon.', CART_ERROR_CODES.cartEmpty);
  }
  const row = await findCoupon(db, code);
  const check = checkCoupon(row ? toRule(row) : null, {
    now: new Date(),
    storeId: cart.restaurant_id ?? lines[0]!.restaurant_id,
    itemTotal: lines.reduce((s, l) => s + l.price * l.quantity, 0),
    userUses: row ? await userCouponUses(db, caller.userId, row.coupon_code) : 0,
  });
  if (!check.ok) throw new HttpError(400, check.message, check.code);
  await setCartCoupon(db, cart.id, row!.coupon_code);
  const view = await cartView(db, await findCart(db, caller), caller, sessionKey, opts);
  return {
    ...view,
    coupon_code: row!.coupon_code,
    coupon_discount: view.cart_meta?.coupon_discount ?? 0,
    message: `${row!.coupon_code} applied`,
  };
}

export async function removeCoupon(
  db: Db,
  caller: Caller,
  sessionKey: string,
  opts: ViewOptions,
): Promise<CartResponse> {
  const cart = await findCart(db, caller);
  if (cart) await clearCartCoupon(db, cart.id);
  return cartView(db, await findCart(db, caller), caller, sessionKey, opts);
}
