// The server's render of a visit's first page (docs/architecture.md#first-paint): the same route tree
// the browser runs, in a static router, with the answers the page reads handed in, so the page's content
// is on screen before any JavaScript has loaded. The client hydrates it (main.tsx). Bundled on its own
// by scripts/build-server.mjs; the server loads it when it is there (src/server/http/first-paint.ts).
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { renderWithCookies } from '../lib/cookies.ts';
import { StaticRouter } from '../lib/router.tsx';
import { setFirstPageData, type FirstPageData } from '../lib/first-page-data.ts';
import { AppRoutes, decide, preloadPage } from './app-router.tsx';
import { preloadFooter } from './layout/shell.tsx';
import { appRoutes } from './routes.tsx';
import { routeNameOf } from './route-name.ts';
import type { RouteName } from './route-names.ts';

/**
 * Pages a visitor lands on whose first screen is the same for everyone at a location. Signed-in pages
 * and the cart's pages render from what only the browser holds (tokens, the saved cart): they keep the
 * plain shell and render in the browser.
 */
const FIRST_PAINT_PAGES: readonly RouteName[] = [
  'index',
  'about',
  'restaurants',
  'restaurants-slug',
  'offers',
  'search',
];

/** Loads every server-rendered page's code once, at start-up: a render never waits for a module. */
export function prepareFirstPaint(): Promise<unknown> {
  return Promise.all([...FIRST_PAINT_PAGES.map(preloadPage), preloadFooter()]);
}

/** True when the page at this path is rendered on the server (its data is then worth reading). */
export function rendersFirstPaint(pathname: string): boolean {
  return FIRST_PAINT_PAGES.includes(routeNameOf(pathname));
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
    // The guards as they see this request: its cookies, nobody signed in.
    const guards = decide(route, url, false);
    if (guards.redirectTo !== null || guards.failure !== null) return null;
    setFirstPageData(data);
    try {
      return renderToString(
        <StrictMode>
          <StaticRouter location={url}>
            <AppRoutes />
          </StaticRouter>
        </StrictMode>,
      );
    } finally {
      setFirstPageData(null);
    }
  });
}
