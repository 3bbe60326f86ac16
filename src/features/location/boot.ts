// Start-up half of the location feature, loaded with the first page: kept tiny on purpose.
// Puts the saved userLocation cookie into the store so the header and the list page have it at once,
// and starts the first page's browse data (list, banners or menu) while its code is still loading.
import { COOKIES, cookies } from '../../lib/cookies.ts';
import { startEarly } from '../../lib/early-requests.ts';
import { firstAnswer } from '../../lib/first-page-data.ts';
import { store, type UserLocation } from '../../lib/store.ts';

export function readSavedLocation(): UserLocation | null {
  const v = cookies.getJson<Partial<UserLocation>>(COOKIES.userLocation);
  if (!v || !v.address || !v.area) return null;
  const lat = Number(v.lat);
  const lng = Number(v.lng);
  if (v.lat == null || v.lng == null || !Number.isFinite(lat) || !Number.isFinite(lng)) return null;
  return {
    address: String(v.address),
    area: String(v.area),
    lat,
    lng,
    ...(v.deliveryLocation ? { deliveryLocation: String(v.deliveryLocation) } : {}),
  };
}

function prefetch(path: string): void {
  if (firstAnswer(path) === undefined) startEarly(path); // else the server rendered the page with it
}

/** Same paths as the restaurants feature reads (its SWR keys). */
export const listPath = (lat: number, lng: number) =>
  `/api/v1/restaurant/list/?lat=${encodeURIComponent(lat)}&lng=${encodeURIComponent(lng)}`;
export const BANNERS_PATH = '/api/v1/restaurant/all-banners/';

export function initLocation(
  pathname: string = typeof location === 'undefined' ? '' : location.pathname,
): void {
  const userLocation = readSavedLocation();
  if (userLocation) store.set({ userLocation });
  if (typeof fetch === 'undefined') return;
  if (pathname === '/restaurants' && userLocation) {
    prefetch(listPath(userLocation.lat, userLocation.lng));
    prefetch(BANNERS_PATH);
  } else {
    const slug = /^\/restaurants\/([^/]+)\/?$/.exec(pathname)?.[1];
    if (slug) prefetch(`/api/v1/restaurant/${slug}/`);
  }
}
