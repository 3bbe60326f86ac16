// PUT (heart) or DELETE (un-heart) a restaurant in the signed-in customer's favourites; both idempotent.
import { api } from '../../../lib/http.ts';
import type { FavouriteChange } from '../../../shared/api/ratings.ts';
import { favouritesPaths } from '../../../shared/api/paths.ts';

export function setFavourite(restaurantId: number, favourite: boolean): Promise<FavouriteChange> {
  return api<FavouriteChange>(favouritesPaths.one(restaurantId), { method: favourite ? 'PUT' : 'DELETE' });
}
