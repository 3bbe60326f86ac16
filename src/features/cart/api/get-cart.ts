// GET the cart (this browser's, or the signed-in customer's), its delivery priced for `at`.
import { api } from '../../../lib/http.ts';
import { deliveryQuery } from '../../../lib/delivery-query.ts';
import type { CartResponse } from '../../../shared/api/checkout.ts';
import type { LatLng } from '../../../shared/geo.ts';
import { checkoutPaths } from '../../../shared/api/paths.ts';

export function getCart(at: LatLng | null): Promise<CartResponse> {
  return api<CartResponse>(checkoutPaths.cart + deliveryQuery(at));
}
