// Display formatting: money arrives as integer paise and is shown in rupees (one rule, src/shared/money.ts,
// also used by the server's messages); distances arrive in metres. The distance rule lives here, not in
// src/shared/geo.ts: geo.ts is in the first chunk of every page, and only the restaurant and checkout
// pages show a distance.
export { formatRupees } from '../shared/money.ts';

/**
 * A distance as the customer reads it (docs/product.md#discovery): "less than 100 m", "460 m" (to
 * 10 m), "2.4 km" from 995 m (which would round to "1000 m"); never "0 m" or "0.0 km".
 */
export function formatDistance(metres: number): string {
  if (metres < 100) return 'less than 100 m';
  if (metres < 995) return `${Math.round(metres / 10) * 10} m`;
  return `${(metres / 1000).toFixed(1)} km`;
}
