// SQL of the checkout's service beyond the cart (./cart.ts, ./cart-merge.ts) and coupons
// (./coupons.ts): whether a browser's anonymous cart exists, removing a dish, a cart's coupon code.
import type { Queryable } from '../../db/index.ts';

/** Whether this browser (session key) has an anonymous cart still to merge into the account's. */
export async function hasAnonymousCart(q: Queryable, sessionKey: string): Promise<boolean> {
  const [anon] = await q.query('select 1 from carts where session_key = $1 and user_id is null', [
    sessionKey,
  ]);
  return anon !== undefined;
}

export async function deleteCartItem(q: Queryable, cartId: number, menuItemId: number): Promise<void> {
  await q.query('delete from cart_items where cart_id = $1 and menu_item_id = $2', [cartId, menuItemId]);
}

export async function setCartCoupon(q: Queryable, cartId: number, couponCode: string): Promise<void> {
  await q.query('update carts set coupon_code = $2, updated_at = now() where id = $1', [cartId, couponCode]);
}

export async function clearCartCoupon(q: Queryable, cartId: number): Promise<void> {
  await q.query('update carts set coupon_code = null, updated_at = now() where id = $1', [cartId]);
}
