// Turning a picked place or the device position into the stored delivery location
// (docs/product.md#maps): app state + userLocation cookie (7 days), a recent-search entry, and the restaurant
// list for the point fetched ahead so /restaurants renders at once.
import type { GeocodeResult, PlacePrediction } from '../../shared/api/discovery.ts';
import { USER_LOCATION_COOKIE_S } from '../../shared/constants.ts';
import { COOKIES, cookies } from '../../lib/cookies.ts';
import { appState, type UserLocation } from '../../lib/app-state.ts';
import { restaurantListPath } from '../../lib/restaurant-list-path.ts';
import { reverseGeocodePlace } from './api/reverse-geocode-place.ts';
import { reverseGeocodePoint } from './api/reverse-geocode-point.ts';
import { addRecentSearch, type RecentSearch } from './recent-searches.ts';

export type Place = Pick<PlacePrediction, 'place_id' | 'description' | 'terms'>;

export function placeTitle(p: { terms: { value: string }[]; description: string }): string {
  return p.terms[0]?.value ?? p.description.split(',')[0] ?? p.description;
}

function locationFrom(
  result: GeocodeResult,
  fallbackArea: string,
  point?: { lat: number; lng: number },
): UserLocation {
  return {
    address: result.formatted_address,
    area: result.area || result.city || fallbackArea,
    lat: point?.lat ?? result.geometry.location.lat,
    lng: point?.lng ?? result.geometry.location.lng,
    deliveryLocation: result.formatted_address,
  };
}

/** Stores the location everywhere the app reads it and warms the restaurant list for it. */
export function saveLocation(loc: UserLocation): void {
  appState.set({ userLocation: loc });
  cookies.set(
    COOKIES.userLocation,
    JSON.stringify({
      address: loc.address,
      area: loc.area,
      lat: loc.lat,
      lng: loc.lng,
      deliveryLocation: loc.deliveryLocation ?? loc.address,
    }),
    { maxAgeSeconds: USER_LOCATION_COOKIE_S },
  );
  // A failed warm-up is not an error: the list page fetches (and reports) again.
  // The data hooks (and their cache) are imported here, on the tap, so the home page's own JavaScript does
  // not include them.
  void import('../../lib/use-api.ts')
    .then(({ preloadData }) => preloadData(restaurantListPath(loc)))
    .catch(() => undefined);
}

/** A place from autocomplete or the recent list: resolved to a point (unless already known) and saved. */
export async function choosePlace(place: RecentSearch | Place): Promise<UserLocation> {
  const title = placeTitle(place);
  let loc: UserLocation;
  const known = place as RecentSearch;
  if (typeof known.lat === 'number' && typeof known.lng === 'number' && known.address && known.area) {
    loc = {
      address: known.address,
      area: known.area,
      lat: known.lat,
      lng: known.lng,
      deliveryLocation: known.address,
    };
  } else {
    const res = await reverseGeocodePlace(place.place_id);
    const best = res.data[0];
    if (!best) throw new Error('We could not find that place. Try another search.');
    loc = locationFrom(best, title);
  }
  saveLocation(loc);
  await addRecentSearch({
    place_id: place.place_id,
    description: place.description,
    terms: place.terms,
    lat: loc.lat,
    lng: loc.lng,
    address: loc.address,
    area: loc.area,
  }).catch(() => undefined);
  return loc;
}

export class GeolocationError extends Error {}

function currentPosition(): Promise<GeolocationPosition> {
  return new Promise((resolve, reject) => {
    if (typeof navigator === 'undefined' || !('geolocation' in navigator) || !navigator.geolocation) {
      reject(
        new GeolocationError(
          'Your browser does not support finding your location. Search for your area instead.',
        ),
      );
      return;
    }
    navigator.geolocation.getCurrentPosition(
      resolve,
      (err) => {
        reject(
          new GeolocationError(
            err.code === err.PERMISSION_DENIED
              ? 'Location access is blocked. Allow it in your browser settings, or search for your area instead.'
              : 'We could not find your location. Try again, or search for your area instead.',
          ),
        );
      },
      { enableHighAccuracy: false, timeout: 15_000, maximumAge: 60_000 },
    );
  });
}

/** The device position, reverse-geocoded for its address and area, then saved. */
export async function chooseCurrentLocation(): Promise<UserLocation> {
  const pos = await currentPosition();
  const lat = Number(pos.coords.latitude.toFixed(6));
  const lng = Number(pos.coords.longitude.toFixed(6));
  const res = await reverseGeocodePoint(lat, lng);
  const best = res.data[0];
  if (!best) throw new Error('We could not name this place. Search for your area instead.');
  const loc = locationFrom(best, 'Current location', { lat, lng });
  saveLocation(loc);
  return loc;
}
