// POST a coupon code to the cart: the cart with the coupon's discount, its delivery priced for `at`.
import { api } from '../../../lib/http.ts';
import { deliveryQuery } from '../../../lib/delivery-query.ts';
import type { ApplyCouponResponse } from '../../../shared/api/checkout.ts';
import type { LatLng } from '../../../shared/geo.ts';
import { checkoutPaths } from '../../../shared/api/paths.ts';

export function applyCouponCode(code: string, at: LatLng | null): Promise<ApplyCouponResponse> {
  return api<ApplyCouponResponse>(checkoutPaths.applyCoupon(code) + deliveryQuery(at), { method: 'POST' });
}
