// Money as customers read it: integer paise shown in rupees with Indian digit grouping. Whole rupees
// show no decimals (₹249); any paise show both digits (₹1,384.80, never ₹1,384.8). The one rule for
// the client (through src/lib/format.ts) and for server messages (coupon minimums).
// Written out rather than through Intl.NumberFormat: the first currency formatter a page builds loads
// the locale's data, 130-235 ms of blocking on the Lighthouse phone (a tracking page's first task
// after paint), for what is two digits after a point and commas in the Indian places. money.test.ts
// checks it against Intl's en-IN rupees.

/** Indian digit grouping of a run of digits: the last three, then pairs ("1234567" -> "12,34,567"). */
function groupIndian(digits: string): string {
  if (digits.length <= 3) return digits;
  return `${digits.slice(0, -3).replace(/\B(?=(\d{2})+$)/g, ',')},${digits.slice(-3)}`;
}

/** A whole count with Indian grouping ("1,23,456 ratings"): the same on the server and every browser. */
export const formatCount = (n: number): string => groupIndian(String(Math.round(n)));

export function formatRupees(paise: number): string {
  const p = Math.round(paise);
  const abs = Math.abs(p);
  const rupees = groupIndian(String(Math.floor(abs / 100)));
  const rest = abs % 100;
  return `${p < 0 ? '-' : ''}₹${rupees}${rest ? `.${String(rest).padStart(2, '0')}` : ''}`;
}
