// Distances as people read them, one rule for the pages and the server's messages
// (docs/product.md#discovery). Its own module: geo.ts is in every page's first chunk, and only the
// restaurant and checkout pages show a distance.

/**
 * A distance: "less than 100 m", "460 m" (to 10 m), "2.4 km" from 995 m (which would round to
 * "1000 m"); never "0 m" or "0.0 km".
 */
export function formatDistance(metres: number): string {
  if (metres < 100) return 'less than 100 m';
  if (metres < 995) return `${Math.round(metres / 10) * 10} m`;
  return `${(metres / 1000).toFixed(1)} km`;
}

/** A delivery radius, a round figure the restaurant chose: "7 km", "3.5 km". */
export const formatRadius = (metres: number): string => `${Number((metres / 1000).toFixed(1))} km`;
