// A customer's saved cart, written straight into the database (as adding through the cart API
// would leave it), e.g. to prepare many carts for a race faster than the API's limits allow.
import type { Queryable } from '../../../src/server/db/index.ts';

export interface CartOptions {
  userId: number;
  restaurantId: number;
  /** Dish ids and quantities, all of `restaurantId`. */
  items: Array<[itemId: number, quantity: number]>;
  couponCode?: string;
}

export interface CartFixture {
  id: number;
}

export async function makeCart(db: Queryable, c: CartOptions): Promise<CartFixture> {
  const [cart] = await db.query<{ id: number }>(
    `insert into carts (user_id, restaurant_id, coupon_code) values ($1, $2, $3) returning id`,
    [c.userId, c.restaurantId, c.couponCode ?? null],
  );
  for (const [itemId, quantity] of c.items) {
    await db.query('insert into cart_items (cart_id, menu_item_id, quantity) values ($1, $2, $3)', [
      cart!.id,
      itemId,
      quantity,
    ]);
  }
  return { id: cart!.id };
}
