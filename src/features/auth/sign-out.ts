// Logout (SPEC.md section 4, Auth): clears store state, both tokens (and with store.access the
// Authorization header), tells the server (best effort: an offline logout still signs out here),
// then goes to /restaurants. Part of the first chunk, so it stays small.
import { clearTokens, readTokens } from '../../lib/auth-token.ts';
import { COOKIES, cookies } from '../../lib/cookies.ts';
import { api } from '../../lib/http.ts';
import { store } from '../../lib/store.ts';

// accountsPaths.logout, written out so the first chunk does not pull in the contract's zod schemas.
const LOGOUT_PATH = '/api/v1/logout/';
const LOGOUT_WAIT_MS = 2500;

const stoppers = new Set<() => void>();
/** The session code registers its refresh timer here so a logout stops it. */
export function onSignOut(stop: () => void): void {
  stoppers.add(stop);
}

export interface LogoutOptions {
  /** Go to /restaurants afterwards (default true). */
  navigate?: boolean;
  /** Tell the server (default true). */
  server?: boolean;
}

export async function logout({ navigate = true, server = true }: LogoutOptions = {}): Promise<void> {
  const access = store.get().access;
  const { refresh } = readTokens();
  for (const stop of stoppers) stop();
  store.reset();
  clearTokens();
  cookies.remove(COOKIES.restaurantId);
  // The anonymous cart key belonged to the signed-in cart: the next visitor starts a fresh cart.
  cookies.remove(COOKIES.sessionKey);
  if (server && access) {
    const call = api(LOGOUT_PATH, {
      method: 'POST',
      body: refresh ? { refresh } : {},
      headers: { Authorization: `Bearer ${access}` },
    }).catch(() => undefined);
    await Promise.race([call, new Promise((resolve) => setTimeout(resolve, LOGOUT_WAIT_MS))]);
  }
  // A full load of /restaurants also drops every response cached in memory for this user.
  if (navigate) window.location.assign('/restaurants');
}
