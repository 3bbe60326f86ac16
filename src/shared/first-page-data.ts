// The data block of a server-rendered first page (docs/architecture.md#first-paint): written by the
// server (src/server/http/first-paint.ts), read by the client before it hydrates (src/lib/first-page-data.ts).
import type { UserLocation } from './user-location.ts';

export interface FirstPageData {
  /** API answers by request path, exactly as the page's data hooks key them. */
  api: Record<string, unknown>;
  /** The delivery location the page was rendered for (the userLocation cookie). */
  userLocation: UserLocation | null;
  /** Rendered for a signed-in customer (the API answered the page's reads with the auth cookie's token). */
  signedIn: boolean;
  /** When the page was rendered (ms since epoch): text relative to now ("in about 25 min") hydrates with it. */
  renderedAt: number;
}

export const FIRST_PAGE_DATA_ID = 'first-page-data';

/** The data block as HTML: `<` and line separators escaped so no answer can end the element early. */
export function firstPageDataTag(data: FirstPageData): string {
  const json = JSON.stringify(data)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
  return `<script type="application/json" id="${FIRST_PAGE_DATA_ID}">${json}</script>`;
}
