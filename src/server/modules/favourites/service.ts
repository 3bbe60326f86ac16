// Favourite restaurants (issue 16): a signed-in customer hearts and un-hearts restaurants (both
// idempotent, so a retried tap never errs) and lists them, newest first. Hearting a restaurant that
// does not exist answers 404; a customer keeps at most FAVOURITES_MAX.
import type { Db } from '../../db/index.ts';
import { conflict, notFound } from '../../http/errors.ts';
import { FAVOURITES_MAX, type FavouriteChange, type FavouriteList } from '../../../shared/api/ratings.ts';
import {
  addFavourite,
  countFavourites,
  listFavourites,
  removeFavourite,
  restaurantExists,
} from './queries.ts';

export async function favourites(db: Db, userId: number): Promise<FavouriteList> {
  return { results: await listFavourites(db, userId) };
}

export async function heart(db: Db, userId: number, restaurantId: number): Promise<FavouriteChange> {
  if (!(await restaurantExists(db, restaurantId))) throw notFound('Restaurant not found.');
  if ((await countFavourites(db, userId)) >= FAVOURITES_MAX) {
    const already = (await listFavourites(db, userId)).some((r) => r.id === restaurantId);
    if (!already)
      throw conflict(`You can keep up to ${FAVOURITES_MAX} favourite restaurants.`, 'too_many_favourites');
  }
  await addFavourite(db, userId, restaurantId);
  return { restaurant_id: restaurantId, favourite: true };
}

export async function unheart(db: Db, userId: number, restaurantId: number): Promise<FavouriteChange> {
  await removeFavourite(db, userId, restaurantId);
  return { restaurant_id: restaurantId, favourite: false };
}
