// POST a restaurant's id: the coupons a customer can see for it (the contract's "get-coupon" call).
import { api } from '../../../lib/http.ts';
import type { GetCouponsResponse } from '../../../shared/api/checkout.ts';
import { checkoutPaths } from '../../../shared/api/paths.ts';

export function getCoupons(storeId: number): Promise<GetCouponsResponse> {
  return api<GetCouponsResponse>(checkoutPaths.coupons, { method: 'POST', body: { store_id: storeId } });
}
