// Restaurant calls of docs/product.md#discovery: the contract's types (their paths are in
// src/shared/api/paths.ts, which carries no zod).

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

export { servedAt, useApi } from '../../lib/use-api.ts';

export function formatDistance(m: number | null | undefined): string | null {
  if (m == null) return null;
  if (m < 1000) return `${Math.max(50, Math.round(m / 50) * 50)} m`;
  return `${(m / 1000).toFixed(1)} km`;
}
