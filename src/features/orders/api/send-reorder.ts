// POST a past order to put its dishes back in the cart: the cart, and what changed since the order.
import { api } from '../../../lib/http.ts';
import type { ReorderBody, ReorderResponse } from '../../../shared/api/checkout.ts';
import { checkoutPaths } from '../../../shared/api/paths.ts';

export function sendReorder(body: ReorderBody): Promise<ReorderResponse> {
  return api<ReorderResponse>(checkoutPaths.reorder, { method: 'POST', body });
}
