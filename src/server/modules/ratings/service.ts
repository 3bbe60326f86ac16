// Order rating rules (issue 16): only the customer who placed the order, only once it is delivered,
// exactly once (a second answers 409); dish ratings only for the order's own dishes. The rating moves
// the restaurant's shown rating and count in the same transaction (seeded votes weigh as a capped
// prior: combinedRating in src/shared/api/ratings.ts), and the restaurant row's update drops every
// list and menu cache through the discovery notify triggers.
import type { Db, Queryable } from '../../db/index.ts';
import { HttpError, badRequest, conflict, notFound } from '../../http/errors.ts';
import { combinedRating, type OrderRatingState } from '../../../shared/api/ratings.ts';
import type { RateOrderRequest } from '../../../shared/api/ratings-schemas.ts';
import {
  findItemRatings,
  findOrder,
  findRating,
  insertItemRatings,
  insertRating,
  lockOrder,
  lockRestaurantRatings,
  orderDishes,
  saveRestaurantRating,
  type RatedOrderRow,
} from './queries.ts';

/** Another customer's order looks the same as no order: ids cannot be probed. */
const NOT_FOUND = 'Order not found.';
export const NOT_DELIVERED = 'You can rate this order once it has been delivered.';
export const ALREADY_RATED = 'You have already rated this order.';

function ownOrder(row: RatedOrderRow | undefined, userId: number): RatedOrderRow {
  if (!row || row.user_id !== userId) throw notFound(NOT_FOUND);
  return row;
}

async function stateOf(db: Queryable, order: RatedOrderRow): Promise<OrderRatingState> {
  const dishes = await orderDishes(db, order.id);
  const given = await findRating(db, order.id);
  const names = new Map(dishes.map((d) => [d.menu_item_id, d.name]));
  const rating = given
    ? {
        rating: given.rating,
        comment: given.comment,
        created_at: new Date(given.created_at).toISOString(),
        items: (await findItemRatings(db, order.id)).map((i) => ({
          menu_item_id: i.menu_item_id,
          name: names.get(i.menu_item_id) ?? '',
          rating: i.rating,
        })),
      }
    : null;
  return {
    order_id: order.id,
    restaurant: { id: order.restaurant_id, slug: order.restaurant_slug },
    can_rate: order.status === 'delivered' && !given,
    items: dishes,
    rating,
  };
}

export async function ratingState(db: Db, userId: number, orderId: number): Promise<OrderRatingState> {
  return stateOf(db, ownOrder(await findOrder(db, orderId), userId));
}

export async function rateOrder(
  db: Db,
  userId: number,
  orderId: number,
  body: RateOrderRequest,
): Promise<OrderRatingState> {
  return db.transaction(async (tx) => {
    const order = ownOrder(await lockOrder(tx, orderId), userId);
    if (order.status !== 'delivered') throw conflict(NOT_DELIVERED, 'not_delivered');
    if (await findRating(tx, order.id)) throw conflict(ALREADY_RATED, 'already_rated');
    const items = body.items ?? [];
    const dishes = new Set((await orderDishes(tx, order.id)).map((d) => d.menu_item_id));
    const stranger = items.find((i) => !dishes.has(Number(i.menu_item_id)));
    if (stranger)
      throw badRequest(`Dish ${stranger.menu_item_id} is not part of this order.`, 'not_in_order');

    const comment = body.comment?.trim() || null;
    await insertRating(tx, {
      orderId: order.id,
      restaurantId: order.restaurant_id,
      userId,
      rating: body.rating,
      comment,
    });
    await insertItemRatings(
      tx,
      order.id,
      items.map((i) => ({ menu_item_id: Number(i.menu_item_id), rating: i.rating })),
    );
    await refreshRestaurantRating(tx, order.restaurant_id);
    return stateOf(tx, order);
  });
}

/** Recomputes the restaurant's shown rating and count from its seeded prior and every real rating. */
export async function refreshRestaurantRating(tx: Queryable, restaurantId: number): Promise<void> {
  const row = await lockRestaurantRatings(tx, restaurantId);
  if (!row) throw new HttpError(404, 'Restaurant not found.', 'not_found');
  const shown = combinedRating(
    { rating: row.prior_rating, count: row.prior_rating_count },
    { sum: row.real_sum, count: row.real_count },
  );
  await saveRestaurantRating(tx, restaurantId, {
    rating: shown.rating,
    count: shown.count,
    priorRating: row.prior_rating,
    priorCount: row.prior_rating_count,
  });
}
