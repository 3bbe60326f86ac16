// Moves an anonymous visitor's cart onto the account that just logged in or verified (called by
// accounts inside its login transaction, and lazily by the cart routes and createorder). The visitor's
// cart is the newer intent: with the same restaurant its lines win (absolute quantities) and its
// coupon is kept when it has one. When the account already holds another restaurant's items, nothing
// is dropped: both carts stay as they are (a conflict the cart API reports) until the customer says
// which to keep (keepCart).
import { sessionKeySchema } from '../../../shared/api/checkout.ts';
import type { Queryable, Row } from '../../db/index.ts';

/** none: no visitor cart with items; merged: it is now the account's; conflict: the customer chooses. */
export type MergeOutcome = 'none' | 'merged' | 'conflict';

interface CartHead extends Row {
  id: number;
  restaurant_id: number | null;
  coupon_code: string | null;
  n: number;
}

const HEAD = `select c.id, c.restaurant_id, c.coupon_code,
                     (select count(*)::int from cart_items i where i.cart_id = c.id) as n
                from carts c`;

export async function mergeAnonymousCart(
  tx: Queryable,
  sessionKey: string,
  userId: number,
): Promise<MergeOutcome> {
  if (!sessionKeySchema.safeParse(sessionKey).success) return 'none';
  const [anon] = await tx.query<CartHead>(
    `${HEAD} where c.session_key = $1 and c.user_id is null for update`,
    [sessionKey],
  );
  if (!anon) return 'none';
  if (anon.n === 0) {
    await tx.query('delete from carts where id = $1', [anon.id]);
    return 'none';
  }
  const [existing] = await tx.query<CartHead>(`${HEAD} where c.user_id = $1 for update`, [userId]);
  if (existing && existing.n > 0 && existing.restaurant_id !== anon.restaurant_id) return 'conflict';

  const [mine] = existing
    ? [existing]
    : await tx.query<CartHead>(
        `insert into carts (user_id) values ($1)
           on conflict (user_id) do update set updated_at = now()
         returning id, restaurant_id, coupon_code, 0 as n`,
        [userId],
      );
  const target = mine!;
  await tx.query(
    `insert into cart_items (cart_id, menu_item_id, options, quantity, added_at)
       select $1, menu_item_id, options, quantity, added_at from cart_items where cart_id = $2
     on conflict (cart_id, menu_item_id, options) do update set quantity = excluded.quantity`,
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
    anon.coupon_code ?? (target.n > 0 ? target.coupon_code : null),
  ]);
  await tx.query('delete from carts where id = $1', [anon.id]);
  return 'merged';
}

/**
 * The customer's answer to a conflict. "this": this browser's cart replaces the account's saved one;
 * "saved": this browser's cart is discarded. Answering twice (two tabs) changes nothing more.
 */
export async function keepCart(
  tx: Queryable,
  sessionKey: string,
  userId: number,
  keep: 'this' | 'saved',
): Promise<void> {
  if (!sessionKeySchema.safeParse(sessionKey).success) return;
  if (keep === 'saved') {
    await tx.query('delete from carts where session_key = $1 and user_id is null', [sessionKey]);
    return;
  }
  const [anon] = await tx.query<{ id: number }>(
    `select id from carts where session_key = $1 and user_id is null for update`,
    [sessionKey],
  );
  if (!anon) return;
  const [mine] = await tx.query<{ id: number }>('select id from carts where user_id = $1 for update', [
    userId,
  ]);
  if (mine) {
    await tx.query('delete from cart_items where cart_id = $1', [mine.id]);
    await tx.query(
      'update carts set restaurant_id = null, coupon_code = null, updated_at = now() where id = $1',
      [mine.id],
    );
  }
  await mergeAnonymousCart(tx, sessionKey, userId);
}
