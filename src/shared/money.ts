// Money as customers read it: integer paise shown in rupees with Indian digit grouping. Whole rupees
// show no decimals (₹249); any paise show both digits (₹1,384.80, never ₹1,384.8). The one rule for
// the client (through src/lib/format.ts) and for server messages (coupon minimums).
// Built on first use: constructing a currency formatter costs tens of milliseconds on a slow phone,
// and a page that shows no price should not pay it while it starts.
let whole: Intl.NumberFormat | undefined;
let withPaise: Intl.NumberFormat | undefined;
const rupees = (digits: 0 | 2) =>
  new Intl.NumberFormat('en-IN', {
    style: 'currency',
    currency: 'INR',
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
  });

export function formatRupees(paise: number): string {
  const p = Math.round(paise);
  return p % 100 === 0 ? (whole ??= rupees(0)).format(p / 100) : (withPaise ??= rupees(2)).format(p / 100);
}
