// Moves an anonymous visitor's cart onto the account that just logged in or verified (called by
// accounts inside its login transaction, and lazily by the cart routes). The visitor's cart is the
// newer intent: its lines win (absolute quantities); a cart from another restaurant replaces the
// user's old one; its coupon is kept when it has one.
import { sessionKeySchema } from '../../../shared/api/checkout.ts';
import type { Queryable } from '../../db/index.ts';

export async function mergeAnonymousCart(tx: Queryable, sessionKey: string, userId: number): Promise<void> {
  if (!sessionKeySchema.safeParse(sessionKey).success) return;
  const [anon] = await tx.query<{ id: number; restaurant_id: number | null; coupon_code: string | null }>(
    'select id, restaurant_id, coupon_code from carts where session_key = $1 and user_id is null for update',
    [sessionKey],
  );
  if (!anon) return;
  const [{ n } = { n: 0 }] = await tx.query<{ n: number }>(
    'select count(*)::int as n from cart_items where cart_id = $1',
    [anon.id],
  );
  if (n === 0) {
    await tx.query('delete from carts where id = $1', [anon.id]);
    return;
  }
  const [mine] = await tx.query<{ id: number; restaurant_id: number | null; coupon_code: string | null }>(
    `insert into carts (user_id) values ($1)
       on conflict (user_id) do update set updated_at = now()
     returning id, restaurant_id, coupon_code`,
    [userId],
  );
  const target = mine!;
  if (target.restaurant_id !== null && target.restaurant_id !== anon.restaurant_id) {
    await tx.query('delete from cart_items where cart_id = $1', [target.id]);
    target.coupon_code = null;
  }
  await tx.query(
    `insert into cart_items (cart_id, menu_item_id, quantity, added_at)
       select $1, menu_item_id, quantity, added_at from cart_items where cart_id = $2
     on conflict (cart_id, menu_item_id) do update set quantity = excluded.quantity`,
    [target.id, anon.id],
  );
  await tx.query(
    `insert into cart_ops (cart_id, op_id, created_at)
       select $1, op_id, created_at from cart_ops where cart_id = $2
     on conflict do nothing`,
    [target.id, anon.id],
  );
  await tx.query('update carts set restaurant_id = $2, coupon_code = $3, updated_at = now() where id = $1', [
    target.id,
    anon.restaurant_id,
    anon.coupon_code ?? target.coupon_code,
  ]);
  await tx.query('delete from carts where id = $1', [anon.id]);
}
