// Reorder: puts a past order's items back in the cart (POST checkout/add/ per item, as the menu does),
// asking before replacing another restaurant's cart, then the caller goes to /checkout.
import { cookies, COOKIES } from '../../lib/cookies.ts';
import { ApiError, api } from '../../lib/http.ts';
import { store } from '../../lib/store.ts';
import { CHECKOUT_PATHS, CART_ERROR_CODES } from '../../shared/api/checkout.ts';
import { CART_SESSION_COOKIE_S } from '../../shared/constants.ts';
import type { OrderSummary } from '../../shared/api/orders.ts';

export interface ReorderResult {
  added: number;
  skipped: string[];
  cancelled: boolean;
}

export async function reorder(
  order: OrderSummary,
  confirmReplace: () => boolean = () =>
    window.confirm(
      'Replace cart? Your cart has items from another restaurant. Start a new cart with this order?',
    ),
): Promise<ReorderResult> {
  const result: ReorderResult = { added: 0, skipped: [], cancelled: false };
  let replace = false;
  for (let i = 0; i < order.items.length; i++) {
    const item = order.items[i]!;
    try {
      const res = await api<{ session_key?: string }>(CHECKOUT_PATHS.add, {
        method: 'POST',
        body: {
          item: item.menu_item_id,
          quantity: item.quantity,
          ...(replace && result.added === 0 ? { replace } : {}),
        },
      });
      if (res?.session_key && !store.get().session_key) {
        store.set({ session_key: res.session_key });
        cookies.set(COOKIES.sessionKey, res.session_key, { maxAgeSeconds: CART_SESSION_COOKIE_S });
      }
      result.added++;
    } catch (err) {
      if (err instanceof ApiError && err.code === CART_ERROR_CODES.storeConflict && !replace) {
        if (!confirmReplace()) return { ...result, cancelled: true };
        replace = true;
        i--; // the same item again, replacing the cart
        continue;
      }
      if (
        err instanceof ApiError &&
        (err.code === CART_ERROR_CODES.outOfStock || err.code === CART_ERROR_CODES.itemNotFound)
      ) {
        result.skipped.push(item.name);
        continue;
      }
      throw err;
    }
  }
  return result;
}
