// GET the address and point of a place picked from the suggestions.
import { api } from '../../../lib/http.ts';
import type { GeocodeResponse } from '../../../shared/api/discovery.ts';
import { discoveryPaths } from '../../../shared/api/paths.ts';

export function reverseGeocodePlace(placeId: string): Promise<GeocodeResponse> {
  return api<GeocodeResponse>(discoveryPaths.reverseGeocodePlace(placeId));
}
