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

/**
 * The browser's cookies, read from document.cookie once per task. A read of document.cookie waits for
 * the browser's network process (1-6 ms each on this project's test machine), and a page's start read
 * it about 20 times. The jar is dropped once the task's code has run and on every write of ours, so a
 * write is seen at once, and a cookie that a response or another tab sets meanwhile is seen from the
 * next task, as it would be had it arrived a moment later.
 */
let taskJar: Record<string, string> | null = null;
function browserJar(): Record<string, string> {
  if (!taskJar) {
    taskJar = Cookies.get();
    queueMicrotask(() => (taskJar = null));
  }
  return taskJar;
}

export const cookies = {
  get: (name: string): string | undefined => (requestCookies ? requestCookies[name] : browserJar()[name]),
  set: (name: string, value: string, opts: { maxAgeSeconds?: number; days?: number } = {}): void => {
    const expires = opts.days ?? (opts.maxAgeSeconds !== undefined ? opts.maxAgeSeconds / 86_400 : undefined);
    taskJar = null;
    Cookies.set(name, value, { path: '/', sameSite: 'lax', ...(expires !== undefined ? { expires } : {}) });
  },
  remove: (name: string): void => {
    taskJar = null;
    Cookies.remove(name, { path: '/' });
  },
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
