// Signing in and staying signed in, loaded lazily: completes a login (tokens, user details, refresh
// timer), resumes the auth session at start-up, and keeps the access token fresh with the refresh
// scheduler. The counterpart of sign-out.ts.
import {
  REFRESH_TOKEN_KEY,
  clearTokens,
  readAccessToken,
  readTokens,
  saveTokens,
} from '../../lib/auth-token.ts';
import { ApiError } from '../../lib/http.ts';
import {
  createRefreshScheduler,
  INVALID_TOKEN,
  REFRESH_FAILED,
  type RefreshScheduler,
} from '../../lib/refresh-scheduler.ts';
import { appState } from '../../lib/app-state.ts';
import type { UserDetails } from '../../shared/api/accounts.ts';
import { getUserDetails } from './api/get-user-details.ts';
import { refreshTokens } from './api/refresh-tokens.ts';
import { logout, onSignOut } from './sign-out.ts';

let scheduler: RefreshScheduler | null = null;

/** What the customer reads after a refresh failed and signed them out. */
export const SIGNED_OUT_NOTICE = `${REFRESH_FAILED}: you were logged out. Please log in again.`;

function getScheduler(): RefreshScheduler {
  if (!scheduler) {
    scheduler = createRefreshScheduler({
      readTokens,
      requestRefresh: refreshTokens,
      saveTokens,
      // docs/product.md#tokens-and-refresh: logout and 'Error while refreshing token', told to the customer.
      logout: () => logout({ notice: SIGNED_OUT_NOTICE }),
    });
    onSignOut(() => scheduler?.stop());
    window.addEventListener('storage', syncFromOtherTab);
    // Timers sleep in background tabs and while offline: re-plan from the stored token on return.
    document.addEventListener('visibilitychange', () => {
      if (document.visibilityState === 'visible') replan();
    });
    window.addEventListener('online', replan);
  }
  return scheduler;
}

function replan(): void {
  if (!appState.get().loggedIn || !scheduler) return;
  scheduler.start().catch((err: unknown) => console.error(err));
}

/** Another tab logged out (refresh token removed) or rotated the tokens: follow it here. */
function syncFromOtherTab(e: StorageEvent): void {
  if (e.key !== REFRESH_TOKEN_KEY && e.key !== null) return;
  if (!appState.get().loggedIn) return;
  if (!readTokens().refresh) {
    void logout({ server: false });
    return;
  }
  const access = readAccessToken();
  if (access && access !== appState.get().access) appState.set({ access });
}

/** GET /users/details/ into appState.user; one refresh-and-retry when the access token was refused. */
export async function fetchUser(): Promise<UserDetails | null> {
  try {
    const user = await getUserDetails();
    appState.set({ user });
    return user;
  } catch (err) {
    if (err instanceof ApiError && err.status === 401 && readTokens().refresh) {
      await getScheduler().refreshNow();
      const user = await getUserDetails();
      appState.set({ user });
      return user;
    }
    throw err;
  }
}

/** At start-up with both tokens stored: refresh first when expired, then load the user. */
export async function startSession(): Promise<void> {
  try {
    await getScheduler().start();
  } catch (err) {
    if ((err as Error).message === INVALID_TOKEN) {
      // A stored token nobody can read: forget it quietly, the visitor simply is signed out.
      clearTokens();
      appState.set({ user: null });
    }
    console.error(err);
    return;
  }
  await fetchUser().catch((err: unknown) => console.error(err));
}

/** After login or OTP verification answered 200: store the tokens, fetch the user, plan refreshes. */
export async function completeLogin(tokens: { access: string; refresh: string }): Promise<void> {
  saveTokens(tokens);
  await getScheduler()
    .start()
    .catch((err: unknown) => console.error(err));
  await fetchUser().catch((err: unknown) => console.error(err));
}
