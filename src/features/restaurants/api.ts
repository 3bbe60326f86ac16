// Restaurant calls of SPEC.md section 7. Paths are written here (not imported from the shared contract
// module) so this lazily loaded chunk does not pull zod in; the types come from the contract.
import useSWR, { type SWRConfiguration } from 'swr';
import { takeEarly } from '../location/boot.ts';
import { ApiError, fetcher } from '../../lib/http.ts';

export type {
  Banner,
  BannersResponse,
  MenuCategory,
  MenuItem,
  OfferCoupon,
  RestaurantCard,
  RestaurantDetail,
  RestaurantListResponse,
  RestaurantSort,
} from '../../shared/api/discovery.ts';

/** Kept equal to the contract's FAST_DELIVERY_MAX_MIN and HIGH_RATING_MIN. */
export const FAST_DELIVERY_MAX_MIN = 30;
export const HIGH_RATING_MIN = 4;

export const restaurantPaths = {
  banners: () => '/api/v1/restaurant/all-banners/',
  list: (lat: number, lng: number) =>
    `/api/v1/restaurant/list/?lat=${encodeURIComponent(lat)}&lng=${encodeURIComponent(lng)}`,
  restaurant: (slug: string) => `/api/v1/restaurant/${encodeURIComponent(slug)}/`,
};

const options: SWRConfiguration = {
  keepPreviousData: true,
  revalidateOnFocus: false,
  // Offline or a missing page: retrying only burns battery; the user has a Retry button.
  shouldRetryOnError: (err: unknown) => !(err instanceof ApiError) || err.status >= 500,
  errorRetryCount: 2,
};

/** The request the app started at boot for this page, when there was one; the network otherwise. */
async function earlyFirst<T>(path: string): Promise<T> {
  const early = await takeEarly<T>(path);
  return early ?? fetcher<T>(path);
}

/** SWR on an API path (null: do not fetch). Shows the last data while revalidating or after a failure. */
export function useApi<T>(path: string | null) {
  return useSWR<T, ApiError>(path, earlyFirst<T>, options);
}

export function formatDistance(m: number | null | undefined): string | null {
  if (m == null) return null;
  if (m < 1000) return `${Math.max(50, Math.round(m / 50) * 50)} m`;
  return `${(m / 1000).toFixed(1)} km`;
}
