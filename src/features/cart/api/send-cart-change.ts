// POST one queued cart change (a line's absolute quantity, with its op id): the whole cart after it.
import { api } from '../../../lib/http.ts';
import { deliveryQuery } from '../../../lib/delivery-query.ts';
import type { AddToCartBody, CartResponse } from '../../../shared/api/checkout.ts';
import type { LatLng } from '../../../shared/geo.ts';
import { checkoutPaths } from '../../../shared/api/paths.ts';

export function sendCartChange(body: AddToCartBody, at: LatLng | null): Promise<CartResponse> {
  return api<CartResponse>(checkoutPaths.add + deliveryQuery(at), { method: 'POST', body });
}
