// The server's render of a visit's first page (docs/architecture.md#first-paint): the same route tree
// the browser runs, in a static router, with the answers the page reads handed in, so the page's content
// is on screen before any JavaScript has loaded. The client hydrates it (main.tsx). Bundled on its own
// by scripts/build-server.mjs; the server loads it when it is there (src/server/http/first-paint.ts).
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { consoleFirstReads } from '../features/live-orders/index.tsx';
import { ordersPageKey } from '../features/orders/index.tsx';
import { preloadOrderPushOptIn, preloadStaffPush } from '../features/push/index.tsx';
import { preloadRateOrderCard } from '../features/ratings/index.tsx';
import { parseOrderId } from '../features/tracking/index.tsx';
import { appState } from '../lib/app-state.ts';
import { renderWithCookies } from '../lib/cookies.ts';
import { StaticRouter } from '../lib/router.tsx';
import { setFirstPageData, type FirstPageData } from '../lib/first-page-data.ts';
import { ordersPaths } from '../shared/api/paths.ts';
import { matchPage } from '../shared/routes.ts';
import { AppRoutes, decide, preloadPage } from './app-router.tsx';
import { preloadFooter } from './layout/shell.tsx';
import { appRoutes } from './routes.tsx';
import { routeNameOf } from './route-name.ts';
import type { RouteName } from './route-names.ts';

/**
 * Pages a visitor lands on whose first screen is the same for everyone at a location. The checkout's
 * is one of two: the empty cart for a browser that holds no cart, else the frame its cart loads into
 * (src/features/cart/cart-known.ts); the cart itself is what only the browser holds.
 */
const PUBLIC_PAGES: readonly RouteName[] = [
  'index',
  'about',
  'restaurants',
  'restaurants-slug',
  'offers',
  'search',
  'checkout',
];

/**
 * Signed-in pages rendered for the customer or staff member whose auth cookie the request carries, and
 * the API paths each reads first (the keys its data hooks use). The server asks the API for them with
 * that token; null: this URL is not rendered (no order id to show, a console view the browser renders).
 */
const SIGNED_IN_PAGES: Partial<Record<RouteName, (url: URL) => string[] | null>> = {
  tracking: (url) => {
    const id = parseOrderId(matchPage(url.pathname)?.params['order_id']);
    return id ? [ordersPaths.tracking(id)] : null;
  },
  'myaccount-orders': (url) => [ordersPageKey(url.searchParams)],
  // The staff console's board (its other views load their parts on use: the browser renders them).
  'partner-orders': (url) => consoleFirstReads(url.searchParams),
};

const FIRST_PAINT_PAGES: readonly RouteName[] = [
  ...PUBLIC_PAGES,
  ...(Object.keys(SIGNED_IN_PAGES) as RouteName[]),
];

/** Loads every server-rendered page's code once, at start-up: a render never waits for a module. */
export function prepareFirstPaint(): Promise<unknown> {
  return Promise.all([
    ...FIRST_PAINT_PAGES.map(preloadPage),
    preloadFooter(),
    // Parts of the order pages that load on their own in the browser: here they render with the page.
    preloadOrderPushOptIn(),
    preloadRateOrderCard(),
    preloadStaffPush(),
  ]);
}

/** True when the page at this path is rendered on the server (its data is then worth reading). */
export function rendersFirstPaint(pathname: string): boolean {
  return FIRST_PAINT_PAGES.includes(routeNameOf(pathname));
}

/**
 * For a signed-in page, the API paths to read with the request's token before rendering it (an empty
 * list never: a signed-in page always proves its reader); null when this URL is not rendered; undefined
 * for a public page, whose answers come from the server's own caches.
 */
export function signedInReads(url: string): string[] | null | undefined {
  const parsed = new URL(url, 'http://page');
  const reads = SIGNED_IN_PAGES[routeNameOf(parsed.pathname)];
  return reads ? reads(parsed) : undefined;
}

/**
 * The HTML inside #root for this request, or null when the page is not rendered here: not a landing
 * page, or its guards would send the visitor elsewhere (the browser does that redirect itself).
 */
export function renderFirstPage(
  url: string,
  cookieJar: Record<string, string | undefined>,
  data: FirstPageData,
): string | null {
  const [pathname = '/'] = url.split('?');
  const name = routeNameOf(pathname);
  if (!FIRST_PAINT_PAGES.includes(name)) return null;
  const route = appRoutes.find((r) => r.name === name)!;
  return renderWithCookies(cookieJar, () => {
    // The guards as they see this request: its cookies, and whether the API took its token.
    const guards = decide(route, url, data.signedIn);
    if (guards.redirectTo !== null || guards.failure !== null) return null;
    setFirstPageData(data);
    // The route's guards in the tree read the app state as it is (appState.get()): for this render,
    // signed in when the API took the request's token, as the browser's state will be when it hydrates.
    appState.set({ loggedIn: data.signedIn });
    try {
      return renderToString(
        <StrictMode>
          <StaticRouter location={url}>
            <AppRoutes />
          </StaticRouter>
        </StrictMode>,
      );
    } finally {
      appState.set({ loggedIn: false });
      setFirstPageData(null);
    }
  });
}
