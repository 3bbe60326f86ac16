// POST the order's stars, its dishes' stars and a comment (once): the rating as it now stands.
import { api } from '../../../lib/http.ts';
import type { OrderRatingState } from '../../../shared/api/ratings.ts';
import type { RateOrderRequest } from '../../../shared/api/ratings-schemas.ts';
import { ratingsPaths } from '../../../shared/api/paths.ts';

export function rateOrder(orderId: number, body: RateOrderRequest): Promise<OrderRatingState> {
  return api<OrderRatingState>(ratingsPaths.order(orderId), { method: 'POST', body });
}
