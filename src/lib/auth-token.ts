// Where the tokens live: the access token in the `auth._token.local` cookie ("Bearer <jwt>",
// 7 days, path /) mirrored into appState.access (http.ts turns that into the Authorization header),
// and the refresh token in localStorage.
//
// Why localStorage for the refresh token: a cookie would ride along on every request to the origin
// (pages, images, API calls) although only /login/refresh/ needs it, so it would show up in more
// places (proxies, logs); localStorage is sent nowhere on its own, is shared by every tab (a rotation
// done by one tab is seen by the others at once) and survives a restart like the 7-day auth cookie.
// Both are readable by script, exactly like the access cookie docs/product.md#cookies has us set from script.
import { jwtDecode } from 'jwt-decode';
import { AUTH_COOKIE_DAYS, COOKIES } from '../shared/constants.ts';
import { cookies } from './cookies.ts';
import { appState } from './app-state.ts';

export const REFRESH_TOKEN_KEY = 'auth._refresh_token.local';
const TOKEN_TYPE = 'Bearer';

export interface Tokens {
  access: string | null;
  refresh: string | null;
}

/** The access token from the auth cookie, without its "Bearer " prefix. */
export function readAccessToken(): string | null {
  const raw = cookies.get(COOKIES.authToken);
  if (!raw) return null;
  const m = /^Bearer\s+(\S+)$/i.exec(raw.trim());
  return m?.[1] ?? null;
}

/** The user id (sub) of an access token, unverified: the server verifies; this only labels saved data. */
export function tokenSubject(access: string | null | undefined): string | null {
  if (!access) return null;
  try {
    const { sub } = jwtDecode<{ sub?: unknown }>(access);
    return typeof sub === 'string' ? sub : null;
  } catch {
    return null;
  }
}

export function readRefreshToken(): string | null {
  try {
    return localStorage.getItem(REFRESH_TOKEN_KEY);
  } catch {
    return null;
  }
}

export function readTokens(): Tokens {
  return { access: readAccessToken(), refresh: readRefreshToken() };
}

/** Stores a new access token (and a rotated refresh token when the server sent one). */
export function saveTokens(tokens: { access: string; refresh?: string | null | undefined }): void {
  cookies.set(COOKIES.authToken, `${TOKEN_TYPE} ${tokens.access}`, { days: AUTH_COOKIE_DAYS });
  if (tokens.refresh) {
    try {
      localStorage.setItem(REFRESH_TOKEN_KEY, tokens.refresh);
    } catch {
      // Private mode without storage: the session simply ends when the access token expires.
    }
  }
  appState.set({ access: tokens.access, loggedIn: true });
}

/** Forgets both tokens; with appState.access null, http.ts no longer sends an Authorization header. */
export function clearTokens(): void {
  cookies.remove(COOKIES.authToken);
  try {
    localStorage.removeItem(REFRESH_TOKEN_KEY);
  } catch {
    // nothing stored
  }
  appState.set({ access: null, loggedIn: false });
}
