// Web Mercator maths for the built-in pin picker: lat/lng <-> world pixels at a zoom level, so that
// dragging the map by N screen pixels moves the centre exactly as on a tiled web map.
export const TILE = 256;
export const MIN_ZOOM = 3;
export const MAX_ZOOM = 19;
const MAX_LAT = 85.05112878;

export interface LatLng {
  lat: number;
  lng: number;
}

const clamp = (v: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, v));

export function worldSize(zoom: number): number {
  return TILE * 2 ** zoom;
}

export function toWorld({ lat, lng }: LatLng, zoom: number): { x: number; y: number } {
  const size = worldSize(zoom);
  const sin = Math.sin((clamp(lat, -MAX_LAT, MAX_LAT) * Math.PI) / 180);
  return {
    x: ((lng + 180) / 360) * size,
    y: (0.5 - Math.log((1 + sin) / (1 - sin)) / (4 * Math.PI)) * size,
  };
}

export function fromWorld({ x, y }: { x: number; y: number }, zoom: number): LatLng {
  const size = worldSize(zoom);
  const lng = (x / size) * 360 - 180;
  const n = Math.PI - (2 * Math.PI * y) / size;
  const lat = (180 / Math.PI) * Math.atan(Math.sinh(n));
  return { lat: clamp(lat, -MAX_LAT, MAX_LAT), lng: ((((lng + 180) % 360) + 360) % 360) - 180 };
}

/** The centre after dragging the map content by (dx, dy) screen pixels. */
export function pan(center: LatLng, zoom: number, dx: number, dy: number): LatLng {
  const w = toWorld(center, zoom);
  return fromWorld({ x: w.x - dx, y: w.y - dy }, zoom);
}

/** Rounds to 6 decimals (~10 cm), enough for a doorstep and short in URLs. */
export function round6(v: number): number {
  return Math.round(v * 1e6) / 1e6;
}
