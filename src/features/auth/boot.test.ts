import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { REFRESH_TOKEN_KEY, readTokens, saveTokens } from '../../lib/auth-token.ts';
import { cookies } from '../../lib/cookies.ts';
import { on } from '../../lib/events.ts';
import { appState } from '../../lib/app-state.ts';
import { cartLine } from '../../testing/cart-line.ts';
import { initAuth, logout } from './boot.ts';
import { SIGN_OUT_NOTICE_KEY } from './sign-out.ts';

const b64 = (o: unknown) => btoa(JSON.stringify(o)).replace(/=+$/, '');
const jwt = (secondsFromNow: number) =>
  `${b64({ alg: 'HS256', typ: 'JWT' })}.${b64({ exp: Math.floor(Date.now() / 1000) + secondsFromNow })}.sig`;

let calls: { path: string; method: string; headers: Record<string, string>; body: unknown }[];

beforeEach(() => {
  calls = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      const path = new URL(url, 'http://x').pathname;
      calls.push({
        path,
        method: init.method ?? 'GET',
        headers: init.headers as Record<string, string>,
        body: init.body ? JSON.parse(String(init.body)) : undefined,
      });
      if (path === '/api/v1/users/details/') {
        return new Response(
          JSON.stringify({ phone_number: '9876543210', name: 'Asha Rao', email: 'a@x.in' }),
        );
      }
      return new Response(JSON.stringify({ status: 200, message: 'ok' }));
    }),
  );
});
afterEach(() => {
  vi.unstubAllGlobals();
  cookies.remove('auth._token.local');
  cookies.remove('res_id');
  localStorage.clear();
  appState.reset();
});

describe('tokens', () => {
  it('keeps the access token in the auth cookie as "Bearer <jwt>" and the refresh token in localStorage', () => {
    const access = jwt(900);
    saveTokens({ access, refresh: 'r1' });
    expect(cookies.get('auth._token.local')).toBe(`Bearer ${access}`);
    expect(localStorage.getItem(REFRESH_TOKEN_KEY)).toBe('r1');
    expect(appState.get()).toMatchObject({ access, loggedIn: true });
    expect(readTokens()).toEqual({ access, refresh: 'r1' });
  });
});

describe('initAuth', () => {
  it('restores the session synchronously and fetches the user when both tokens exist', async () => {
    const access = jwt(900);
    saveTokens({ access, refresh: 'r1' });
    appState.set({ access: null, loggedIn: false });
    initAuth();
    expect(appState.get()).toMatchObject({ access, loggedIn: true });
    await vi.waitFor(() => expect(appState.get().user?.name).toBe('Asha Rao'));
    const details = calls.find((c) => c.path === '/api/v1/users/details/');
    expect(details?.headers['Authorization']).toBe(`Bearer ${access}`);
  });

  it('drops half a session (access token without refresh token)', () => {
    cookies.set('auth._token.local', `Bearer ${jwt(900)}`);
    initAuth();
    expect(appState.get().loggedIn).toBe(false);
    expect(cookies.get('auth._token.local')).toBeUndefined();
    expect(calls).toHaveLength(0);
  });
});

describe('logout', () => {
  it('clears the app state, tokens and header, tells the server, then goes to /restaurants', async () => {
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign });
    const access = jwt(900);
    saveTokens({ access, refresh: 'r1' });
    cookies.set('res_id', '1');
    appState.set({
      session_key: 'anon',
      cart: [cartLine()],
      user: { phone_number: '1', name: 'x', email: '' },
    });
    await logout();
    expect(appState.get()).toMatchObject({
      access: null,
      loggedIn: false,
      session_key: null,
      cart: [],
      user: null,
    });
    expect(cookies.get('auth._token.local')).toBeUndefined();
    expect(cookies.get('res_id')).toBeUndefined();
    expect(localStorage.getItem(REFRESH_TOKEN_KEY)).toBeNull();
    expect(calls).toEqual([
      expect.objectContaining({
        path: '/api/v1/logout/',
        method: 'POST',
        body: { refresh: 'r1' },
        headers: expect.objectContaining({ Authorization: `Bearer ${access}` }),
      }),
    ]);
    expect(assign).toHaveBeenCalledWith('/restaurants');
  });

  it('signs out locally even when the server cannot be reached', async () => {
    vi.stubGlobal('fetch', vi.fn().mockRejectedValue(new TypeError('Failed to fetch')));
    saveTokens({ access: jwt(900), refresh: 'r1' });
    await logout({ navigate: false });
    expect(appState.get().loggedIn).toBe(false);
    expect(readTokens()).toEqual({ access: null, refresh: null });
  });
});

describe('a failed token refresh', () => {
  const notice = 'Error while refreshing token: you were logged out. Please log in again.';

  it('signs the customer out and says so in a danger snackbar on the page that follows, once', async () => {
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign });
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) => {
        const path = new URL(url, 'http://x').pathname;
        return path === '/api/v1/login/refresh/'
          ? new Response(JSON.stringify({ status: 401, message: 'Session expired.' }), { status: 401 })
          : new Response(JSON.stringify({ status: 200, message: 'ok' }));
      }),
    );
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    saveTokens({ access: jwt(-60), refresh: 'stale' });
    initAuth();
    await vi.waitFor(() => expect(assign).toHaveBeenCalledWith('/restaurants'));
    expect(appState.get().loggedIn).toBe(false);
    expect(readTokens()).toEqual({ access: null, refresh: null });
    expect(sessionStorage.getItem(SIGN_OUT_NOTICE_KEY)).toBe(notice);

    // The reload of /restaurants starts the app again: the notice shows, then is gone.
    const shown = vi.fn();
    const off = on('snackbar', shown);
    initAuth();
    await vi.waitFor(() =>
      expect(shown).toHaveBeenCalledWith({ message: notice, variant: 'danger', durationMs: 8000 }),
    );
    expect(sessionStorage.getItem(SIGN_OUT_NOTICE_KEY)).toBeNull();
    initAuth();
    await new Promise((r) => setTimeout(r, 20));
    expect(shown).toHaveBeenCalledTimes(1);
    off();
  });

  it('an ordinary logout leaves no notice', async () => {
    vi.stubGlobal('location', { ...window.location, assign: vi.fn() });
    saveTokens({ access: jwt(900), refresh: 'r1' });
    await logout();
    expect(sessionStorage.getItem(SIGN_OUT_NOTICE_KEY)).toBeNull();
  });
});
