// Which API reads the service worker keeps for offline use (docs/product.md#offline-behaviour): browsing data
// only, never anything personal or money-related. Decided on the canonical path, as the server routes it.
import { canonicalPath } from './canonical-path.ts';

const BROWSE_PREFIXES = ['/api/v1/restaurant/', '/api/v1/product/search', '/api/v1/offers/'];

export function isCachedApiPath(pathname: string): boolean {
  const p = canonicalPath(pathname);
  return BROWSE_PREFIXES.some((prefix) => p.startsWith(prefix));
}
