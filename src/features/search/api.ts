// Search of docs/product.md#search: the contract's types (paths in src/shared/api/paths.ts, no zod).

export type {
  DishHit,
  SearchRestaurant,
  SearchResponse,
  Suggestion,
  SuggestResponse,
} from '../../shared/api/discovery.ts';

/** The chosen delivery location, as the app state holds it. */
export type Near = { lat: number; lng: number } | null | undefined;

export const SUGGEST_DEBOUNCE_MS = 250;

/** Shown on a dish or restaurant that does not deliver to the chosen location. */
export const doesNotDeliverTo = (area: string) => `Doesn't deliver to ${area}`;

/** Where a dish suggestion leads: its restaurant's menu, scrolled to the dish. */
export const dishMenuPath = (slug: string, itemId: number) =>
  `/restaurants/${encodeURIComponent(slug)}?dish=${itemId}`;
