// Small geographic helpers shared by client and server: great-circle distance, "lat,lng" parsing.

export interface LatLng {
  lat: number;
  lng: number;
}

const EARTH_RADIUS_M = 6_371_008.8;
const rad = (deg: number) => (deg * Math.PI) / 180;

/** Great-circle (haversine) distance in metres between two WGS84 points. */
export function haversineMeters(a: LatLng, b: LatLng): number {
  const dLat = rad(b.lat - a.lat);
  const dLng = rad(b.lng - a.lng);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(rad(a.lat)) * Math.cos(rad(b.lat)) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_RADIUS_M * Math.asin(Math.min(1, Math.sqrt(h)));
}

/**
 * The point a delivery question is answered for (and location answers are cached by): rounded to 5
 * decimals, about a metre, so a list cached for a location and an order to an address agree.
 */
export function deliveryPoint(p: LatLng): LatLng {
  return { lat: roundCoord(p.lat, 5), lng: roundCoord(p.lng, 5) };
}

/**
 * The delivery rule, once for the list, search, the menu, the cart, checkout and order creation: the
 * straight-line distance from the delivery point in whole metres, served when at most the radius.
 */
export function deliveryReach(
  restaurant: LatLng & { delivery_radius_m: number },
  point: LatLng,
): { distance_m: number; delivers: boolean } {
  const distance_m = Math.round(haversineMeters(deliveryPoint(point), restaurant));
  return { distance_m, delivers: distance_m <= restaurant.delivery_radius_m };
}

/** True when both numbers are finite and within WGS84 ranges. */
export function isValidLatLng(lat: number, lng: number): boolean {
  return Number.isFinite(lat) && Number.isFinite(lng) && Math.abs(lat) <= 90 && Math.abs(lng) <= 180;
}

const NUMBER = /^\s*[-+]?(\d+(\.\d*)?|\.\d+)\s*$/;

export type LatLngParse = { ok: true; value: LatLng } | { ok: false; message: string };

/** Parses "12.93,77.62" (as in the reverse-geocode paths) with a message for each way it can fail. */
export function parseLatLng(text: string): LatLngParse {
  const parts = text.split(',');
  if (parts.length !== 2) return { ok: false, message: 'latlng must look like "12.93,77.62"' };
  const [a, b] = parts as [string, string];
  if (!NUMBER.test(a) || !NUMBER.test(b)) return { ok: false, message: 'lat and lng must be numbers' };
  const lat = Number(a);
  const lng = Number(b);
  if (Math.abs(lat) > 90) return { ok: false, message: 'lat must be between -90 and 90' };
  if (Math.abs(lng) > 180) return { ok: false, message: 'lng must be between -180 and 180' };
  return { ok: true, value: { lat, lng } };
}

/** Rounds a coordinate to `decimals` places (4 places is about 11 m). */
export function roundCoord(value: number, decimals = 4): number {
  const f = 10 ** decimals;
  return Math.round(value * f) / f;
}
