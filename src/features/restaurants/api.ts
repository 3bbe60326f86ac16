// Restaurant calls of docs/product.md#discovery. Paths are written here (not imported from the shared
// contract module) so this lazily loaded chunk does not pull zod in; the types come from the contract.

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

export { servedAt, useApi } from '../../lib/use-api.ts';

export function formatDistance(m: number | null | undefined): string | null {
  if (m == null) return null;
  if (m < 1000) return `${Math.max(50, Math.round(m / 50) * 50)} m`;
  return `${(m / 1000).toFixed(1)} km`;
}
