// The chosen delivery location as the userLocation cookie holds it (JSON), read one way by the
// client's route guards and by the server's first-paint hints: it counts only with an address, an area
// and valid coordinates (numbers, or numeric strings as older clients wrote them).
import { isValidLatLng } from './geo.ts';

export interface UserLocation {
  address: string;
  area: string;
  lat: number;
  lng: number;
  deliveryLocation?: string;
}

const coordinate = (v: unknown): number =>
  typeof v === 'number' || (typeof v === 'string' && v.trim() !== '') ? Number(v) : Number.NaN;

export function parseUserLocation(raw: string | null | undefined): UserLocation | null {
  if (!raw) return null;
  let v: Partial<Record<keyof UserLocation, unknown>>;
  try {
    v = JSON.parse(raw) as typeof v;
  } catch {
    return null;
  }
  if (!v || typeof v !== 'object') return null;
  const lat = coordinate(v.lat);
  const lng = coordinate(v.lng);
  if (typeof v.address !== 'string' || !v.address || typeof v.area !== 'string' || !v.area) return null;
  if (!isValidLatLng(lat, lng)) return null;
  const location: UserLocation = { address: v.address, area: v.area, lat, lng };
  if (typeof v.deliveryLocation === 'string') location.deliveryLocation = v.deliveryLocation;
  return location;
}
