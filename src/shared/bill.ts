// The bill of a cart or order (DESIGN.md section 3), in integer paise: the server computes it from
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

/** Great-circle distance in metres (haversine), for the delivery radius and fee. */
export function distanceMetres(a: { lat: number; lng: number }, b: { lat: number; lng: number }): number {
  const R = 6_371_000;
  const rad = Math.PI / 180;
  const dLat = (b.lat - a.lat) * rad;
  const dLng = (b.lng - a.lng) * rad;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(a.lat * rad) * Math.cos(b.lat * rad) * Math.sin(dLng / 2) ** 2;
  return Math.round(2 * R * Math.asin(Math.min(1, Math.sqrt(h))));
}
