// SQL of order ratings (parameterised; the same text runs on PGlite and PostgreSQL).
import type { Queryable } from '../../db/index.ts';
import type { OrderRatingRecord, OrderRecord, RestaurantRecord } from '../../db/records.ts';

export type RatedOrderRow = Pick<OrderRecord, 'id' | 'user_id' | 'restaurant_id' | 'status'> & {
  restaurant_slug: string;
};

const ORDER = `select o.id, o.user_id, o.restaurant_id, r.slug as restaurant_slug, o.status
  from orders o join restaurants r on r.id = o.restaurant_id where o.id = $1`;

/** The order, locked while it is rated (two taps at once: one rating, the other a 409). */
export async function lockOrder(tx: Queryable, orderId: number): Promise<RatedOrderRow | undefined> {
  const [row] = await tx.query<RatedOrderRow>(`${ORDER} for update of o`, [orderId]);
  return row;
}

export async function findOrder(db: Queryable, orderId: number): Promise<RatedOrderRow | undefined> {
  const [row] = await db.query<RatedOrderRow>(ORDER, [orderId]);
  return row;
}

/** The order's dishes, one row per dish (a dish on several lines, e.g. with other choices, once). */
export async function orderDishes(
  db: Queryable,
  orderId: number,
): Promise<Array<{ menu_item_id: number; name: string }>> {
  return db.query(
    `select menu_item_id, min(name) as name from order_items where order_id = $1
      group by menu_item_id order by min(name), menu_item_id`,
    [orderId],
  );
}

export type RatingRow = Pick<OrderRatingRecord, 'rating' | 'comment' | 'created_at'>;

export async function findRating(db: Queryable, orderId: number): Promise<RatingRow | undefined> {
  const [row] = await db.query<RatingRow>(
    'select rating, comment, created_at from order_ratings where order_id = $1',
    [orderId],
  );
  return row;
}

export async function findItemRatings(
  db: Queryable,
  orderId: number,
): Promise<Array<{ menu_item_id: number; rating: number }>> {
  return db.query(
    'select menu_item_id, rating from order_item_ratings where order_id = $1 order by menu_item_id',
    [orderId],
  );
}

export async function insertRating(
  tx: Queryable,
  r: { orderId: number; restaurantId: number; userId: number; rating: number; comment: string | null },
): Promise<void> {
  await tx.query(
    `insert into order_ratings (order_id, restaurant_id, user_id, rating, comment) values ($1, $2, $3, $4, $5)`,
    [r.orderId, r.restaurantId, r.userId, r.rating, r.comment],
  );
}

export async function insertItemRatings(
  tx: Queryable,
  orderId: number,
  items: Array<{ menu_item_id: number; rating: number }>,
): Promise<void> {
  if (!items.length) return;
  await tx.query(
    `insert into order_item_ratings (order_id, menu_item_id, rating)
     select $1, i.menu_item_id, i.rating
       from jsonb_to_recordset($2::jsonb) as i(menu_item_id int, rating smallint)`,
    [orderId, JSON.stringify(items)],
  );
}

/** Ratings read as float8; the prior ones fall back to the shown ones; real_*: of order_ratings. */
export type RestaurantRatingRow = Pick<RestaurantRecord, 'rating_count'> & {
  rating: number;
  prior_rating: number;
  prior_rating_count: number;
  real_sum: number;
  real_count: number;
};

/**
 * The restaurant's seeded rating (kept aside on its first real rating) and the sum and count of real
 * ratings, with its row locked so two ratings landing together both count.
 */
export async function lockRestaurantRatings(
  tx: Queryable,
  restaurantId: number,
): Promise<RestaurantRatingRow | undefined> {
  await tx.query('select id from restaurants where id = $1 for update', [restaurantId]);
  const [row] = await tx.query<RestaurantRatingRow>(
    `select r.rating::float8 as rating, r.rating_count,
            coalesce(r.prior_rating, r.rating)::float8 as prior_rating,
            coalesce(r.prior_rating_count, r.rating_count) as prior_rating_count,
            coalesce(t.total, 0)::int as real_sum, coalesce(t.n, 0)::int as real_count
       from restaurants r
       left join (select sum(rating) as total, count(*) as n from order_ratings where restaurant_id = $1) t
         on true
      where r.id = $1`,
    [restaurantId],
  );
  return row;
}

/** Writes the shown rating (and keeps the seeded one aside); the 011 triggers tell every cache. */
export async function saveRestaurantRating(
  tx: Queryable,
  restaurantId: number,
  r: { rating: number; count: number; priorRating: number; priorCount: number },
): Promise<void> {
  await tx.query(
    `update restaurants set rating = $2, rating_count = $3,
            prior_rating = coalesce(prior_rating, $4), prior_rating_count = coalesce(prior_rating_count, $5)
      where id = $1`,
    [restaurantId, r.rating, r.count, r.priorRating, r.priorCount],
  );
}
