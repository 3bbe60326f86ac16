// Filters and sorts of the restaurant list, read from and written to the URL search params (names as
// the API's: veg, rating4, fast, cuisine, sort) and applied to the list the server sent for the point.
import { FAST_DELIVERY_MAX_MIN, HIGH_RATING_MIN } from '../../shared/api/paths.ts';
import type { RestaurantCard, RestaurantSort } from '../../shared/api/discovery.ts';
import { servesVegMode } from '../../shared/diet.ts';

export interface ListFilters {
  veg: boolean;
  rating4: boolean;
  fast: boolean;
  cuisine: string;
  sort: RestaurantSort;
}

export const SORTS: { value: RestaurantSort; label: string }[] = [
  { value: 'relevance', label: 'Relevance' },
  { value: 'delivery_time', label: 'Delivery time' },
  { value: 'rating', label: 'Rating' },
  { value: 'cost_asc', label: 'Cost: low to high' },
  { value: 'cost_desc', label: 'Cost: high to low' },
];

const on = (v: string | null) => v === '1' || v === 'true';

export function readFilters(params: URLSearchParams): ListFilters {
  const sort = params.get('sort') as RestaurantSort | null;
  return {
    veg: on(params.get('veg')),
    rating4: on(params.get('rating4')),
    fast: on(params.get('fast')),
    cuisine: (params.get('cuisine') ?? '').trim(),
    sort: sort && SORTS.some((s) => s.value === sort) ? sort : 'relevance',
  };
}

/** Writes the filters into a copy of `params` (other params are kept); defaults are left out. */
export function writeFilters(params: URLSearchParams, f: ListFilters): URLSearchParams {
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

export function activeFilterCount(f: ListFilters): number {
  return Number(f.veg) + Number(f.rating4) + Number(f.fast) + Number(!!f.cuisine);
}

const byNumber =
  (pick: (r: RestaurantCard) => number, dir: 1 | -1) => (a: RestaurantCard, b: RestaurantCard) =>
    (pick(a) - pick(b)) * dir;

/** Filters then sorts; the sort is stable, so ties keep the server's relevance order. Closed places go last. */
/** The cards to show, in order; Veg mode (src/shared/diet.ts) hides restaurants that serve no veg dish. */
export function applyFilters(
  list: readonly RestaurantCard[],
  f: ListFilters,
  vegMode = false,
): RestaurantCard[] {
  const cuisine = f.cuisine.toLowerCase();
  const kept = list.filter(
    (r) =>
      (!vegMode || servesVegMode(r)) &&
      (!f.veg || r.pure_veg) &&
      (!f.rating4 || r.rating >= HIGH_RATING_MIN) &&
      (!f.fast || r.delivery_time_min <= FAST_DELIVERY_MAX_MIN) &&
      (!cuisine || r.cuisines.some((c) => c.toLowerCase() === cuisine)),
  );
  const compare: Record<RestaurantSort, ((a: RestaurantCard, b: RestaurantCard) => number) | null> = {
    relevance: null,
    delivery_time: byNumber((r) => r.delivery_time_min, 1),
    rating: byNumber((r) => r.rating, -1),
    cost_asc: byNumber((r) => r.cost_for_two, 1),
    cost_desc: byNumber((r) => r.cost_for_two, -1),
  };
  const cmp = compare[f.sort];
  const sorted = cmp ? [...kept].sort(cmp) : kept;
  return [...sorted.filter((r) => r.is_open), ...sorted.filter((r) => !r.is_open)];
}
