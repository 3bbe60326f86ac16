// Reorder: the server puts a past order's dishes back in the cart at today's menu and says what changed
// (src/server/modules/checkout/reorder.ts); checkout then points those changes out (cart-changes).
// Another restaurant's cart is replaced only after the customer says so ('replace').
import { ApiError } from '../../lib/http.ts';
import { CART_ERROR_CODES } from '../../shared/cart-rules.ts';
import { applyReorder, cartCall } from '../cart/index.tsx';
import { sendReorder } from './api/send-reorder.ts';

export type ReorderOutcome =
  | { kind: 'added'; added: number; changed: number }
  /** The cart holds another restaurant's dishes: ask, then call again with replace. */
  | { kind: 'ask-replace' };

export async function reorder(orderId: number, replace = false): Promise<ReorderOutcome> {
  try {
    const res = await cartCall(() => sendReorder({ order_id: orderId, ...(replace ? { replace } : {}) }));
    await applyReorder(res);
    return { kind: 'added', added: res.reorder.added, changed: res.reorder.warnings.length };
  } catch (err) {
    if (err instanceof ApiError && err.code === CART_ERROR_CODES.storeConflict)
      return { kind: 'ask-replace' };
    throw err;
  }
}
