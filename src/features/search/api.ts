// Search calls of docs/product.md#search (paths written here so this chunk does not pull zod in).

export type {
  DishHit,
  SearchRestaurant,
  SearchResponse,
  Suggestion,
  SuggestResponse,
} from '../../shared/api/discovery.ts';

/** The chosen delivery location, as the store holds it. */
export type Near = { lat: number; lng: number } | null | undefined;

/** Longest query the API accepts (the contract's SEARCH_QUERY_MAX). */
export const SEARCH_QUERY_MAX = 100;
export const SUGGEST_DEBOUNCE_MS = 250;

const at = (near: Near) =>
  near ? `&lat=${encodeURIComponent(near.lat)}&lng=${encodeURIComponent(near.lng)}` : '';

/** Both calls take the chosen location, so that what delivers there comes first (and is cached per place). */
export const searchPaths = {
  suggest: (query: string, near?: Near) =>
    `/api/v1/product/search/suggest?query=${encodeURIComponent(query)}${at(near)}`,
  search: (query: string, near?: Near) =>
    `/api/v1/product/search?query=${encodeURIComponent(query)}${at(near)}`,
};

/** Shown on a dish or restaurant that does not deliver to the chosen location. */
export const doesNotDeliverTo = (area: string) => `Doesn't deliver to ${area}`;

/** Where a dish suggestion leads: its restaurant's menu, scrolled to the dish. */
export const dishMenuPath = (slug: string, itemId: number) =>
  `/restaurants/${encodeURIComponent(slug)}?dish=${itemId}`;
