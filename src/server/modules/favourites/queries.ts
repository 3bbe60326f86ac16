// SQL of favourite restaurants (parameterised; the same text runs on PGlite and PostgreSQL).
import type { Queryable } from '../../db/index.ts';
import type { RestaurantRecord } from '../../db/records.ts';
import type { FavouriteRestaurant } from '../../../shared/api/ratings.ts';

/** A hearted restaurant's card; rating read as float8. */
type FavouriteRow = Pick<
  RestaurantRecord,
  | 'id'
  | 'slug'
  | 'name'
  | 'image'
  | 'area'
  | 'cuisines'
  | 'rating_count'
  | 'delivery_time_min'
  | 'cost_for_two'
  | 'pure_veg'
> & { rating: number };

export async function listFavourites(db: Queryable, userId: number): Promise<FavouriteRestaurant[]> {
  const rows = await db.query<FavouriteRow>(
    `select r.id, r.slug, r.name, r.image, r.area, r.cuisines, r.rating::float8 as rating, r.rating_count,
            r.delivery_time_min, r.cost_for_two, r.pure_veg
       from favourites f join restaurants r on r.id = f.restaurant_id
      where f.user_id = $1
      order by f.created_at desc, r.id`,
    [userId],
  );
  return rows.map((r) => ({ ...r, rating: Number(r.rating) }));
}

export async function restaurantExists(db: Queryable, restaurantId: number): Promise<boolean> {
  const rows = await db.query('select 1 from restaurants where id = $1', [restaurantId]);
  return rows.length > 0;
}

export async function countFavourites(db: Queryable, userId: number): Promise<number> {
  const [row] = await db.query<{ n: number }>(
    'select count(*)::int as n from favourites where user_id = $1',
    [userId],
  );
  return row?.n ?? 0;
}

export async function addFavourite(db: Queryable, userId: number, restaurantId: number): Promise<void> {
  await db.query('insert into favourites (user_id, restaurant_id) values ($1, $2) on conflict do nothing', [
    userId,
    restaurantId,
  ]);
}

export async function removeFavourite(db: Queryable, userId: number, restaurantId: number): Promise<void> {
  await db.query('delete from favourites where user_id = $1 and restaurant_id = $2', [userId, restaurantId]);
}
