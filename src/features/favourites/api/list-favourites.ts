// GET the signed-in customer's favourite restaurants, newest first.
import { api } from '../../../lib/http.ts';
import type { FavouriteList } from '../../../shared/api/ratings.ts';
import { favouritesPaths } from '../../../shared/api/paths.ts';

export function listFavourites(): Promise<FavouriteList> {
  return api<FavouriteList>(favouritesPaths.list);
}
