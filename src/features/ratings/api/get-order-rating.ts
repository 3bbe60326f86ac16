// GET whether an order can be rated, its dishes, and the rating given (null until rated).
import { api } from '../../../lib/http.ts';
import type { OrderRatingState } from '../../../shared/api/ratings.ts';
import { ratingsPaths } from '../../../shared/api/paths.ts';

export function getOrderRating(orderId: number): Promise<OrderRatingState> {
  return api<OrderRatingState>(ratingsPaths.order(orderId));
}
