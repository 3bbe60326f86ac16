// Display formatting: money arrives as integer paise and is shown in rupees (one rule, src/shared/money.ts,
// also used by the server's messages); distances arrive in metres.
export { formatRupees } from '../shared/money.ts';

/** "less than 100 m", "450 m" (to 10 m), "2.4 km": never "0.0 km". */
export function formatDistance(metres: number): string {
  if (metres < 100) return 'less than 100 m';
  if (metres < 995) return `${Math.round(metres / 10) * 10} m`;
  return `${(metres / 1000).toFixed(1)} km`;
}
