// POST which cart to keep after signing in with two ("this" browser's or the "saved" one): the cart kept.
import { api } from '../../../lib/http.ts';
import { deliveryQuery } from '../../../lib/delivery-query.ts';
import type { CartResponse, KeepCartBody } from '../../../shared/api/checkout.ts';
import type { LatLng } from '../../../shared/geo.ts';
import { checkoutPaths } from '../../../shared/api/paths.ts';

export function chooseCart(body: KeepCartBody, at: LatLng | null): Promise<CartResponse> {
  return api<CartResponse>(checkoutPaths.keepCart + deliveryQuery(at), { method: 'POST', body });
}
