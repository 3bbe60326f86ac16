// Which API reads the service worker keeps for offline use (DESIGN.md section 4): browsing data only,
// never anything personal or money-related.
const BROWSE_PREFIXES = ['/api/v1/restaurant/', '/api/v1/product/search', '/api/v1/offers/'];

export function isCachedApiPath(pathname: string): boolean {
  return BROWSE_PREFIXES.some((p) => pathname.startsWith(p));
}
