// The app's only door to document.cookie (js-cookie), with the cookie names of SPEC.md.
import Cookies from 'js-cookie';
import { COOKIES } from '../shared/constants.ts';

export { COOKIES };

export const cookies = {
  get: (name: string): string | undefined => Cookies.get(name),
  set: (name: string, value: string, opts: { maxAgeSeconds?: number; days?: number } = {}): void => {
    const expires = opts.days ?? (opts.maxAgeSeconds !== undefined ? opts.maxAgeSeconds / 86_400 : undefined);
    Cookies.set(name, value, { path: '/', sameSite: 'lax', ...(expires !== undefined ? { expires } : {}) });
  },
  remove: (name: string): void => Cookies.remove(name, { path: '/' }),
  getJson<T>(name: string): T | undefined {
    const raw = Cookies.get(name);
    if (!raw) return undefined;
    try {
      return JSON.parse(raw) as T;
    } catch {
      return undefined;
    }
  },
};
