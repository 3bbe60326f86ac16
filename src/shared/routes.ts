// The app's pages (docs/product.md#routes, staff pages included): one table of path patterns read by the
// client router, the layout rules and the server (HTTP 404 for anything else, preload hints, the title
// of the served HTML), with the title and description each page carries. Plain data and functions: no
// React, DOM or Node, so client and server match paths exactly alike. Descriptions, which the first
// render does not need, are in page-descriptions.ts.

export const BRAND = 'Bhojan';

/**
 * Path patterns in the router's syntax (`:param`, `:param?` for an optional last segment). Paths are
 * case-sensitive (like the server's canonical paths) and a trailing slash is allowed.
 */
export const PAGE_ROUTES = [
  { name: 'index', path: '/' },
  { name: 'about', path: '/about' },
  { name: 'restaurants', path: '/restaurants' },
  { name: 'restaurants-slug', path: '/restaurants/:slug' },
  { name: 'search', path: '/search' },
  { name: 'offers', path: '/offers' },
  { name: 'login', path: '/login' },
  { name: 'register', path: '/register' },
  { name: 'checkout', path: '/checkout' },
  { name: 'checkout-success', path: '/checkout/success' },
  { name: 'myaccount', path: '/myaccount' },
  { name: 'myaccount-addresses', path: '/myaccount/addresses' },
  { name: 'myaccount-orders', path: '/myaccount/orders' },
  { name: 'myaccount-payments', path: '/myaccount/payments' },
  { name: 'request-remove', path: '/request-remove' },
  { name: 'tracking', path: '/tracking/:order_id?' },
  { name: 'm-orderid', path: '/m/:orderid?' },
  { name: 'partner-login', path: '/partner/login' },
  { name: 'partner-orders', path: '/partner/orders' },
] as const;

export type PageName = (typeof PAGE_ROUTES)[number]['name'];
/** A page's name, or 'not-found' for a path no page answers. */
export type RouteName = PageName | 'not-found';

export const ROUTE_NAMES: readonly RouteName[] = [...PAGE_ROUTES.map((r) => r.name), 'not-found'];

export interface PageMatch {
  name: PageName;
  params: Record<string, string>;
}

/** A path pattern compiled as both client and server match it: case-sensitive, trailing slash allowed. */
export interface PagePattern {
  keys: string[];
  re: RegExp;
}

export function pagePattern(path: string): PagePattern {
  const keys: string[] = [];
  let source = '';
  for (const segment of path.split('/').filter(Boolean)) {
    const param = /^:(\w+)(\?)?$/.exec(segment);
    if (!param) {
      source += '/' + segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
      continue;
    }
    keys.push(param[1]!);
    source += param[2] ? '(?:/([^/]+))?' : '/([^/]+)';
  }
  return { keys, re: new RegExp(`^${source}/?$`) };
}

const compiled = PAGE_ROUTES.map(({ name, path }) => ({ name, pattern: pagePattern(path) }));

const decode = (s: string) => {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
};

/** A raw (still encoded) path's parameters for one pattern, each decoded once; null when it does not match. */
export function matchPattern({ keys, re }: PagePattern, pathname: string): Record<string, string> | null {
  const m = re.exec(pathname);
  if (!m) return null;
  const params: Record<string, string> = {};
  keys.forEach((key, i) => {
    const value = m[i + 1];
    if (value !== undefined) params[key] = decode(value);
  });
  return params;
}

/** The page a path (no query string) opens, with its parameters decoded; null for an unknown path. */
export function matchPage(pathname: string): PageMatch | null {
  for (const { name, pattern } of compiled) {
    const params = matchPattern(pattern, pathname);
    if (params) return { name, params };
  }
  return null;
}

export function routeNameOf(pathname: string): RouteName {
  return matchPage(pathname)?.name ?? 'not-found';
}

// ---------------------------------------------------------------- titles and descriptions

/** What a page knows beyond its route: from the URL (query) or from its data (the rest). */
export interface PageDetail {
  /** Restaurant name and area on a menu. */
  restaurant?: string;
  area?: string;
  /** The search query (?q=). */
  query?: string;
  /** The order number (e.g. OD1A2B3C) on the tracking page. */
  orderNumber?: string;
}

const TITLES: Record<RouteName, string> = {
  index: 'Order food online from restaurants near you',
  about: 'About us',
  restaurants: 'Restaurants near you',
  'restaurants-slug': 'Restaurant menu',
  search: 'Search for dishes and restaurants',
  offers: 'Offers and coupons',
  login: 'Log in',
  register: 'Sign up',
  checkout: 'Cart and checkout',
  'checkout-success': 'Order placed',
  myaccount: 'My account',
  'myaccount-addresses': 'Saved addresses',
  'myaccount-orders': 'Your orders',
  'myaccount-payments': 'Payments',
  'request-remove': 'Delete your account',
  tracking: 'Track your order',
  'm-orderid': 'Order status',
  'partner-login': 'Restaurant partner log in',
  'partner-orders': 'Live orders',
  'not-found': 'Page not found',
};

const MAX_DETAIL = 60;
export const clip = (s: string) => {
  const t = s.trim().replace(/\s+/g, ' ');
  return t.length > MAX_DETAIL ? `${t.slice(0, MAX_DETAIL - 1)}…` : t;
};

/** The document title of a page: what is on it, then the brand ("Search: biryani | Bhojan"). */
export function pageTitle(name: RouteName, detail: PageDetail = {}): string {
  let what = TITLES[name];
  if (name === 'restaurants-slug' && detail.restaurant) {
    what = `${clip(detail.restaurant)}${detail.area ? `, ${clip(detail.area)}` : ''}: menu`;
  } else if (name === 'restaurants' && detail.area) {
    what = `Restaurants near ${clip(detail.area)}`;
  } else if (name === 'search' && detail.query?.trim()) {
    what = `Search: ${clip(detail.query)}`;
  } else if ((name === 'tracking' || name === 'm-orderid') && detail.orderNumber) {
    what = `${name === 'tracking' ? 'Track order' : 'Order'} ${clip(detail.orderNumber)}`;
  }
  return `${what} | ${BRAND}`;
}

/** What the URL alone tells about a page: the search query. */
export function detailFromUrl(name: RouteName, search: string): PageDetail {
  if (name !== 'search') return {};
  const q = new URLSearchParams(search).get('q');
  return q ? { query: q } : {};
}
