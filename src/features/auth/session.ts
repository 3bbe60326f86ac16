// The signed-in session, loaded lazily: completes a login (tokens, user details, refresh timer),
// restores a session at start-up, and keeps the access token fresh with the refresh scheduler.
import { accountsPaths } from '../../shared/api/paths.ts';
import {
  REFRESH_TOKEN_KEY,
  clearTokens,
  readAccessToken,
  readTokens,
  saveTokens,
} from '../../lib/auth-token.ts';
import { ApiError, api } from '../../lib/http.ts';
import {
  createRefreshScheduler,
  INVALID_TOKEN,
  REFRESH_FAILED,
  type RefreshScheduler,
} from '../../lib/refresh-scheduler.ts';
import { store } from '../../lib/store.ts';
import type { AuthTokensResponse, UserDetails } from '../../shared/api/accounts.ts';
import { logout, onSignOut } from './sign-out.ts';

// accountsPaths.refresh and .details, written out: this chunk loads at start-up for signed-in
// visitors and must not pull in the contract's zod schemas.

let scheduler: RefreshScheduler | null = null;

/** What the customer reads after a refresh failed and signed them out. */
export const SIGNED_OUT_NOTICE = `${REFRESH_FAILED}: you were logged out. Please log in again.`;

function getScheduler(): RefreshScheduler {
  if (!scheduler) {
    scheduler = createRefreshScheduler({
      readTokens,
      requestRefresh: (refresh) =>
        api<AuthTokensResponse>(accountsPaths.refresh, { method: 'POST', body: { refresh } }),
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
  if (!store.get().loggedIn || !scheduler) return;
  scheduler.start().catch((err: unknown) => console.error(err));
}

/** Another tab logged out (refresh token removed) or rotated the tokens: follow it here. */
function syncFromOtherTab(e: StorageEvent): void {
  if (e.key !== REFRESH_TOKEN_KEY && e.key !== null) return;
  if (!store.get().loggedIn) return;
  if (!readTokens().refresh) {
    void logout({ server: false });
    return;
  }
  const access = readAccessToken();
  if (access && access !== store.get().access) store.set({ access });
}

export function stopSession(): void {
  scheduler?.stop();
}

/** GET /users/details/ into store.user; one refresh-and-retry when the access token was refused. */
export async function fetchUser(): Promise<UserDetails | null> {
  try {
    const user = await api<UserDetails>(accountsPaths.details);
    store.set({ user });
    return user;
  } catch (err) {
    if (err instanceof ApiError && err.status === 401 && readTokens().refresh) {
      await getScheduler().refreshNow();
      const user = await api<UserDetails>(accountsPaths.details);
      store.set({ user });
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
      store.set({ user: null });
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
