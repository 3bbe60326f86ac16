// What the server rendered the first page from (docs/architecture.md#first-paint): the API answers the
// page reads and the state it rendered with. The server puts it in the page as a JSON data block; the
// client reads it back before hydrating, so its first render is the server's and nothing is fetched
// twice. One render at a time on the server (renderToString is synchronous), so a module value holds it.
import { FIRST_PAGE_DATA_ID, type FirstPageData } from '../shared/first-page-data.ts';

export type { FirstPageData };

let current: FirstPageData | null = null;
/** Paths whose embedded answer has not been shown yet: their first mount does not fetch again. */
let unshown = new Set<string>();

export function setFirstPageData(data: FirstPageData | null): void {
  current = data;
  unshown = new Set(data ? Object.keys(data.api) : []);
}

export function firstPageData(): FirstPageData | null {
  return current;
}

/** The embedded answer for an API path, while the first page is hydrating. */
export function firstAnswer<T>(path: string | null): T | undefined {
  return path !== null && unshown.has(path) ? (current?.api[path] as T) : undefined;
}

/**
 * Called once the page has mounted with the answer (its data hook's own effect; hydration reaches a
 * page after the frame, so not one effect for the whole app): later mounts load and refresh as usual.
 */
export function answerShown(path: string | null): void {
  if (path !== null) unshown.delete(path);
}

/** The data block the server wrote into the page, or null for the plain app shell. */
export function readFirstPageData(): FirstPageData | null {
  const el = document.getElementById(FIRST_PAGE_DATA_ID);
  if (!el?.textContent) return null;
  try {
    return JSON.parse(el.textContent) as FirstPageData;
  } catch {
    return null;
  }
}
