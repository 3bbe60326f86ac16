// The bill of a cart or order (docs/product.md#bill), in integer paise: the server computes it from
// database prices; the client only displays what the server sent (and uses it for offline previews).

export const GST_PERCENT = 5;
/** Delivery fee: a base fee covers the first DELIVERY_BASE_M metres, then a fee per started km. */
export const DELIVERY_BASE_FEE = 2500;
export const DELIVERY_BASE_M = 3000;
export const DELIVERY_PER_KM_FEE = 700;

export interface BillLine {
  price: number;
  quantity: number;
}

export interface Bill {
  item_total: number;
  packaging: number;
  delivery_fee: number;
  taxes: number;
  coupon_discount: number;
  to_pay: number;
}

export function itemTotal(lines: readonly BillLine[]): number {
  return lines.reduce((sum, l) => sum + l.price * l.quantity, 0);
}

/** Fee for a road-less straight-line distance; the base fee when the address is not known yet. */
export function deliveryFee(distanceM: number | null): number {
  if (distanceM === null || distanceM <= DELIVERY_BASE_M) return DELIVERY_BASE_FEE;
  return DELIVERY_BASE_FEE + Math.ceil((distanceM - DELIVERY_BASE_M) / 1000) * DELIVERY_PER_KM_FEE;
}

/** GST on the food actually charged (after the coupon), rounded to the nearest paisa. */
export function gst(foodAfterDiscount: number): number {
  return Math.round((Math.max(0, foodAfterDiscount) * GST_PERCENT) / 100);
}

export function computeBill(input: {
  lines: readonly BillLine[];
  packagingFee: number;
  distanceM: number | null;
  couponDiscount: number;
}): Bill {
  const item_total = itemTotal(input.lines);
  if (item_total === 0) {
    return { item_total: 0, packaging: 0, delivery_fee: 0, taxes: 0, coupon_discount: 0, to_pay: 0 };
  }
  const coupon_discount = Math.max(0, Math.min(input.couponDiscount, item_total));
  const packaging = Math.max(0, input.packagingFee);
  const delivery_fee = deliveryFee(input.distanceM);
  const taxes = gst(item_total - coupon_discount);
  return {
    item_total,
    packaging,
    delivery_fee,
    taxes,
    coupon_discount,
    to_pay: item_total - coupon_discount + packaging + delivery_fee + taxes,
  };
}

// ---------------------------------------------------------------- rider tip

/** The tip buttons at checkout, in paise (₹20, ₹30, ₹50); "Other" takes any whole-rupee amount. */
export const TIP_CHOICES = [2000, 3000, 5000] as const;
/** The largest tip accepted (₹500). */
export const TIP_MAX = 50_000;

/** Why `tip` (paise) cannot be sent, or undefined when it is fine: whole rupees from ₹0 to TIP_MAX. */
export function tipProblem(tip: number): string | undefined {
  if (!Number.isFinite(tip) || tip < 0) return `The tip must be an amount from ₹0 to ₹${TIP_MAX / 100}.`;
  if (tip > TIP_MAX) return `The tip can be at most ₹${TIP_MAX / 100}.`;
  if (!Number.isInteger(tip) || tip % 100 !== 0) return 'The tip must be in whole rupees.';
  return undefined;
}

/**
 * The bill with the rider's tip: a line of its own added to To pay as it is, after taxes and the
 * coupon (no GST on it, no discount off it), and passed on to the rider in full. The one rule for the
 * checkout's preview and the order the server charges.
 */
export function withTip<B extends Bill>(bill: B, tip: number): B & { tip: number } {
  const t = bill.item_total > 0 && tipProblem(tip) === undefined ? tip : 0;
  return { ...bill, tip: t, to_pay: bill.to_pay + t };
}
