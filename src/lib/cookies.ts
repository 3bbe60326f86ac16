// The app's only door to document.cookie (js-cookie), with the cookie names of docs/product.md#cookies.
import Cookies from 'js-cookie';
import { COOKIES } from '../shared/constants.ts';

export { COOKIES };

/** The request's cookies while the server renders a first page (there is no document.cookie). */
let requestCookies: Record<string, string | undefined> | null = null;
export function renderWithCookies<T>(jar: Record<string, string | undefined>, render: () => T): T {
  requestCookies = jar;
  try {
    return render();
  } finally {
    requestCookies = null;
  }
}

export const cookies = {
  get: (name: string): string | undefined => (requestCookies ? requestCookies[name] : Cookies.get(name)),
  set: (name: string, value: string, opts: { maxAgeSeconds?: number; days?: number } = {}): void => {
    const expires = opts.days ?? (opts.maxAgeSeconds !== undefined ? opts.maxAgeSeconds / 86_400 : undefined);
    Cookies.set(name, value, { path: '/', sameSite: 'lax', ...(expires !== undefined ? { expires } : {}) });
  },
  remove: (name: string): void => Cookies.remove(name, { path: '/' }),
  getJson<T>(name: string): T | undefined {
    const raw = cookies.get(name);
    if (!raw) return undefined;
    try {
      return JSON.parse(raw) as T;
    } catch {
      return undefined;
    }
  },
};
