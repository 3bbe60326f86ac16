// Moves an anonymous visitor's cart onto the account that just logged in or verified (called by
// accounts inside its login transaction, and lazily by the cart routes and createorder). The visitor's
// cart is the newer intent: with the same restaurant its lines win (absolute quantities) and its
// coupon is kept when it has one. When the account already holds another restaurant's items, nothing
// is dropped: both carts stay as they are (a conflict the cart API reports) until the customer says
// which to keep (keepCart).
import { sessionKeySchema } from '../../../shared/api/checkout.ts';
import type { Queryable } from '../../db/index.ts';
import {
  copyCartLines,
  copyCartOps,
  deleteAnonymousCart,
  deleteCart,
  deleteCartLines,
  ensureUserCartHead,
  lockAnonymousCartHead,
  lockAnonymousCartId,
  lockUserCartHead,
  lockUserCartId,
  resetCart,
  setCartRestaurantAndCoupon,
} from './queries.ts';

/** none: no visitor cart with items; merged: it is now the account's; conflict: the customer chooses. */
export type MergeOutcome = 'none' | 'merged' | 'conflict';

export async function mergeAnonymousCart(
  tx: Queryable,
  sessionKey: string,
  userId: number,
): Promise<MergeOutcome> {
  if (!sessionKeySchema.safeParse(sessionKey).success) return 'none';
  const anon = await lockAnonymousCartHead(tx, sessionKey);
  if (!anon) return 'none';
  if (anon.n === 0) {
    await deleteCart(tx, anon.id);
    return 'none';
  }
  const existing = await lockUserCartHead(tx, userId);
  if (existing && existing.n > 0 && existing.restaurant_id !== anon.restaurant_id) return 'conflict';

  const target = existing ?? (await ensureUserCartHead(tx, userId));
  await copyCartLines(tx, target.id, anon.id);
  await copyCartOps(tx, target.id, anon.id);
  await setCartRestaurantAndCoupon(
    tx,
    target.id,
    anon.restaurant_id,
    anon.coupon_code ?? (target.n > 0 ? target.coupon_code : null),
  );
  await deleteCart(tx, anon.id);
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
    await deleteAnonymousCart(tx, sessionKey);
    return;
  }
  if ((await lockAnonymousCartId(tx, sessionKey)) === undefined) return;
  const mine = await lockUserCartId(tx, userId);
  if (mine !== undefined) {
    await deleteCartLines(tx, mine);
    await resetCart(tx, mine);
  }
  await mergeAnonymousCart(tx, sessionKey, userId);
}
