// The one spelling of a URL path that every check decides on: the server rewrites each request to it
// before routing (so the router, CSRF, rate limits and cache headers all see the same path) and the
// service worker classifies navigations with it. Equivalent spellings (RFC 3986 section 6.2.2) map to
// one path: percent-encoded unreserved characters are decoded, other escapes upper-cased, dot segments
// removed and repeated slashes collapsed. Encoded slashes (%2F) stay encoded: they are data, not
// separators. Letter case is kept: paths are case-sensitive, so /API/ is simply not the API.

const UNRESERVED = /^[A-Za-z0-9\-._~]$/;

function normaliseEscapes(path: string): string {
  return path.replace(/%([0-9A-Fa-f]{2})/g, (_m, hex: string) => {
    const ch = String.fromCharCode(parseInt(hex, 16));
    return UNRESERVED.test(ch) ? ch : `%${hex.toUpperCase()}`;
  });
}

/** RFC 3986 section 5.2.4, on an absolute path whose slashes are already single. */
function removeDotSegments(path: string): string {
  const out: string[] = [];
  const segments = path.split('/').slice(1);
  for (let i = 0; i < segments.length; i++) {
    const s = segments[i]!;
    const last = i === segments.length - 1;
    if (s === '.' || s === '..') {
      if (s === '..') out.pop();
      // "/a/." and "/a/.." name a directory: keep the trailing slash.
      if (last) out.push('');
      continue;
    }
    out.push(s);
  }
  return '/' + out.join('/');
}

/** Only these can make a spelling non-canonical; most requests have none and skip the work. */
const MAYBE_NON_CANONICAL = /%|\/\/|\/\.|^[^/]/;

/** The canonical form of a path (no query string). */
export function canonicalPath(pathname: string): string {
  if (!MAYBE_NON_CANONICAL.test(pathname) && pathname !== '') return pathname;
  let p = normaliseEscapes(pathname);
  if (!p.startsWith('/')) p = '/' + p;
  p = p.replace(/\/{2,}/g, '/');
  return removeDotSegments(p);
}

/** A request target with its path made canonical; the query string is left exactly as sent. */
export function canonicalUrl(url: string): string {
  const q = url.search(/[?#]/);
  const path = q === -1 ? url : url.slice(0, q);
  const rest = q === -1 ? '' : url.slice(q);
  const canonical = canonicalPath(path);
  return canonical === path ? url : canonical + rest;
}

/** Paths the app shell never answers: the API (the payment sandbox included), websockets, health. */
export function isServerOnlyPath(pathname: string): boolean {
  const p = canonicalPath(pathname);
  return /^\/(api|ws)(\/|$)/.test(p) || p === '/healthz';
}
