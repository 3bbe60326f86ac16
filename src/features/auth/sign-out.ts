// Logout (docs/product.md#auth): clears the app state, both tokens (and with appState.access the
// Authorization header), tells the server (best effort: an offline logout still signs out here),
// then goes to /restaurants (staff: to their sign-in). A logout the customer did not ask for (a failed token refresh) leaves a
// notice that the next page shows as a snackbar. Part of the first chunk, so it stays small.
import { clearTokens, readTokens } from '../../lib/auth-token.ts';
import { COOKIES, cookies } from '../../lib/cookies.ts';
import { appState } from '../../lib/app-state.ts';
import { logOut } from './api/log-out.ts';

const LOGOUT_WAIT_MS = 2500;
/** sessionStorage key of the notice that survives the full page load after a logout. */
export const SIGN_OUT_NOTICE_KEY = 'signed-out-notice';

/** Whether a logout left a notice for this page (cheap: the notice code loads only then). */
export function hasSignOutNotice(): boolean {
  try {
    return sessionStorage.getItem(SIGN_OUT_NOTICE_KEY) !== null;
  } catch {
    return false;
  }
}

const stoppers = new Set<() => void>();
/** The sign-in code (sign-in.ts) registers its refresh timer here so a logout stops it. */
export function onSignOut(stop: () => void): void {
  stoppers.add(stop);
}

export interface LogoutOptions {
  /** Go to `to` afterwards (default true). */
  navigate?: boolean;
  /** Where to go: /restaurants for customers, the staff sign-in from the kitchen console. */
  to?: string;
  /** Tell the server (default true). */
  server?: boolean;
  /** Why the customer was signed out: shown as a danger snackbar by the next page load's start-up. */
  notice?: string;
}

export async function logout({
  navigate = true,
  to = '/restaurants',
  server = true,
  notice,
}: LogoutOptions = {}): Promise<void> {
  const access = appState.get().access;
  const { refresh } = readTokens();
  for (const stop of stoppers) stop();
  appState.reset();
  clearTokens();
  cookies.remove(COOKIES.restaurantId);
  // The anonymous cart key belonged to the signed-in cart: the next visitor starts a fresh cart.
  cookies.remove(COOKIES.sessionKey);
  cookies.remove(COOKIES.cartLines);
  if (server && access) {
    const call = logOut(access, refresh ? { refresh } : {}).catch(() => undefined);
    await Promise.race([call, new Promise((resolve) => setTimeout(resolve, LOGOUT_WAIT_MS))]);
  }
  if (notice) {
    try {
      sessionStorage.setItem(SIGN_OUT_NOTICE_KEY, notice);
    } catch {
      // Storage refused (private mode quota): the notice is lost, the sign-out is not.
    }
  }
  // A full page load also drops every response cached in memory for this user.
  if (navigate) window.location.assign(to);
}
