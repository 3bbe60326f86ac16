// GET the address at a point (the device's position).
import { api } from '../../../lib/http.ts';
import type { GeocodeResponse } from '../../../shared/api/discovery.ts';
import { discoveryPaths } from '../../../shared/api/paths.ts';

export function reverseGeocodePoint(lat: number, lng: number): Promise<GeocodeResponse> {
  return api<GeocodeResponse>(discoveryPaths.reverseGeocodeLatLng(lat, lng));
}
