// The restaurant list's filters and sort as the list page keeps them in its URL, under the API's own
// names (veg, rating4, fast, cuisine, sort; docs/product.md#discovery). The server applies them; the
// page and the server that renders the page first read them from the URL by this one rule, so both ask
// for the same list page.
// No zod here (decision 10): the location feature's boot reads the filters on every first page.
import type { RestaurantSort } from './api/discovery.ts';
import { RESTAURANT_SORTS } from './api/paths.ts';

export interface ListFilters {
  veg: boolean;
  rating4: boolean;
  fast: boolean;
  cuisine: string;
  sort: RestaurantSort;
}

export const NO_FILTERS: ListFilters = {
  veg: false,
  rating4: false,
  fast: false,
  cuisine: '',
  sort: 'relevance',
};

const on = (v: string | null) => v === '1' || v === 'true';
const isSort = (v: string | null): v is RestaurantSort =>
  (RESTAURANT_SORTS as readonly (string | null)[]).includes(v);
/** The API's longest cuisine (restaurantListQuerySchema): a longer one in a URL is cut, not refused. */
const CUISINE_MAX = 60;

export function readListFilters(params: URLSearchParams): ListFilters {
  const sort = params.get('sort');
  return {
    veg: on(params.get('veg')),
    rating4: on(params.get('rating4')),
    fast: on(params.get('fast')),
    cuisine: (params.get('cuisine') ?? '').trim().slice(0, CUISINE_MAX),
    sort: isSort(sort) ? sort : 'relevance',
  };
}

/** Writes the filters into a copy of `params` (other params are kept); defaults are left out. */
export function writeListFilters(params: URLSearchParams, f: ListFilters): URLSearchParams {
  const next = new URLSearchParams(params);
  const flag = (name: string, value: boolean) => (value ? next.set(name, '1') : next.delete(name));
  flag('veg', f.veg);
  flag('rating4', f.rating4);
  flag('fast', f.fast);
  if (f.cuisine) next.set('cuisine', f.cuisine);
  else next.delete('cuisine');
  if (f.sort !== 'relevance') next.set('sort', f.sort);
  else next.delete('sort');
  return next;
}
