// The list page's filter bar: the sorts it offers and how many filters are on. Reading and writing
// them in the URL is shared with the server (src/shared/list-filters.ts), which applies them.
import type { RestaurantSort } from '../../shared/api/discovery.ts';
import { NO_FILTERS, type ListFilters } from '../../shared/list-filters.ts';

export const SORTS: { value: RestaurantSort; label: string }[] = [
  { value: 'relevance', label: 'Relevance' },
  { value: 'delivery_time', label: 'Delivery time' },
  { value: 'rating', label: 'Rating' },
  { value: 'cost_asc', label: 'Cost: low to high' },
  { value: 'cost_desc', label: 'Cost: high to low' },
];

export function activeFilterCount(f: ListFilters): number {
  return Number(f.veg) + Number(f.rating4) + Number(f.fast) + Number(!!f.cuisine);
}

/** The filters off, the sort kept (what "Clear filters" does). */
export const withoutFilters = (f: ListFilters): ListFilters => ({ ...NO_FILTERS, sort: f.sort });
