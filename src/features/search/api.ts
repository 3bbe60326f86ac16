// Search calls of SPEC.md section 7 (paths written here so this chunk does not pull zod in).
import type { SWRConfiguration } from 'swr';
import { ApiError } from '../../lib/http.ts';

export type {
  DishHit,
  RestaurantCard,
  SearchResponse,
  Suggestion,
  SuggestResponse,
} from '../../shared/api/discovery.ts';

/** Longest query the API accepts (the contract's SEARCH_QUERY_MAX). */
export const SEARCH_QUERY_MAX = 100;
export const SUGGEST_DEBOUNCE_MS = 250;

export const searchPaths = {
  suggest: (query: string) => `/api/v1/product/search/suggest?query=${encodeURIComponent(query)}`,
  search: (query: string, near?: { lat: number; lng: number } | null) =>
    `/api/v1/product/search?query=${encodeURIComponent(query)}${
      near ? `&lat=${encodeURIComponent(near.lat)}&lng=${encodeURIComponent(near.lng)}` : ''
    }`,
};

export const swrOptions: SWRConfiguration = {
  keepPreviousData: true,
  revalidateOnFocus: false,
  shouldRetryOnError: (err: unknown) => !(err instanceof ApiError) || err.status >= 500,
  errorRetryCount: 2,
};
