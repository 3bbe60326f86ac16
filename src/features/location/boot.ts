// Start-up half of the location feature, loaded with the first page: kept tiny on purpose.
// Puts the saved userLocation cookie into the app state so the header and the list page have it at once,
// and starts the first page's browse data (list, banners or menu) while its code is still loading.
import { discoveryPaths } from '../../shared/api/paths.ts';
import { COOKIES, cookies } from '../../lib/cookies.ts';
import { startEarly } from '../../lib/early-requests.ts';
import { firstAnswer } from '../../lib/first-page-data.ts';
import { appState, type UserLocation } from '../../lib/app-state.ts';
import { restaurantListPath } from '../../lib/restaurant-list-path.ts';

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

export function initLocation(
  pathname: string = typeof location === 'undefined' ? '' : location.pathname,
  search: string = typeof location === 'undefined' ? '' : location.search,
): void {
  const userLocation = readSavedLocation();
  if (userLocation) appState.set({ userLocation });
  if (typeof fetch === 'undefined') return;
  if (pathname === '/restaurants' && userLocation) {
    // The unfiltered list only: reading filters from the URL here would put their code in every first page.
    if (!search) prefetch(restaurantListPath(userLocation));
    prefetch(discoveryPaths.banners());
  } else {
    const slug = /^\/restaurants\/([^/]+)\/?$/.exec(pathname)?.[1];
    // The menu page asks for the decoded slug (the router decodes it); a malformed one finds no menu.
    if (slug) {
      try {
        prefetch(discoveryPaths.restaurant(decodeURIComponent(slug)));
      } catch {
        // not a slug: the page says the restaurant was not found
      }
    }
  }
}
