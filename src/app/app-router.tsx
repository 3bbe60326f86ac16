// The router (declarative, see docs/decisions/0002): the shell around every route, each route's
// guards decided by runGuards before its lazily loaded page renders, and an error boundary per page.
import { Component, Suspense, useEffect, useMemo, type ComponentType, type ReactNode } from 'react';
import { BrowserRouter, Navigate, Route, Routes, useLocation, useNavigationType } from '../lib/router.tsx';
import { loadCart } from '../features/cart/boot.ts';
import { cookies } from '../lib/cookies.ts';
import { appState } from '../lib/app-state.ts';
import { ErrorPage, NotFoundPage } from './error-pages.tsx';
import { RouteError, runGuards } from './guards.ts';
import { preloadLayout, Shell } from './layout/shell.tsx';
import { preloadOnIntent } from './preload-on-intent.ts';
import { preloadable } from '../lib/preloadable.ts';
import { replayEarlyTaps } from './replay-early-taps.ts';
import { routeNameOf } from './route-name.ts';
import type { RouteName } from './route-names.ts';
import { appRoutes, type AppRoute } from './routes.tsx';

const pages = new Map<RouteName, ReturnType<typeof preloadable>>(
  appRoutes.map((r) => [r.name, preloadable(r.page)]),
);

/**
 * Loads a page's code and the frame parts it shows: before the first render (main.tsx), and when the
 * visitor is about to open a link (preload-on-intent.ts). A page loaded before it first renders shows
 * at once instead of as a loading state (see preloadable.ts).
 */
export function preloadRoute(pathname: string): Promise<unknown> {
  return preloadPage(routeNameOf(pathname));
}

export function preloadPage(name: RouteName): Promise<unknown> {
  return Promise.all([pages.get(name)?.preload(), preloadLayout(name)]);
}

export interface GuardDecision {
  redirectTo: string | null;
  failure: RouteError | null;
  /** Side effects of the guards (app state writes, cart load), run after the render commits. */
  effects: Array<() => void>;
}

/** The guards' answer for a route (also the server's, for a first page it renders: first-paint.tsx). */
export function decide(route: AppRoute, here: string, loggedIn: boolean): GuardDecision {
  const effects: Array<() => void> = [];
  try {
    const redirectTo = runGuards(
      route.meta,
      {
        loggedIn,
        cookie: (name) => cookies.get(name),
        setUserLocation: (userLocation) => effects.push(() => appState.set({ userLocation })),
        loadCart: () => effects.push(loadCart),
      },
      here,
    );
    return { redirectTo, failure: null, effects };
  } catch (err) {
    if (!(err instanceof RouteError)) throw err;
    return { redirectTo: null, failure: err, effects: [] };
  }
}

function GuardedPage({ route, Page }: { route: AppRoute; Page: ComponentType }) {
  const location = useLocation();
  const here = location.pathname + location.search;
  // Guards run on navigation, like route middleware: signing out on a page (the removal request's
  // confirmation) does not yank the visitor away from it.
  const decision = useMemo(() => decide(route, here, appState.get().loggedIn), [route, here]);
  useEffect(() => {
    for (const effect of decision.effects) effect();
  }, [decision]);

  if (decision.failure) return <ErrorPage error={decision.failure} />;
  if (decision.redirectTo && decision.redirectTo !== here)
    return <Navigate to={decision.redirectTo} replace />;
  return (
    <PageErrorBoundary key={location.pathname}>
      <Suspense fallback={<PageLoading />}>
        <Page />
        <PageReady />
      </Suspense>
    </PageErrorBoundary>
  );
}

/**
 * Runs once the page answers input (rendered by the browser, or its server HTML hydrated; the page
 * sits in its own Suspense boundary, which can hydrate after the root commits). Taps held since the
 * server's HTML was painted replay now, and the document says so: `<html data-page-ready>`.
 */
function PageReady() {
  useEffect(() => {
    replayEarlyTaps();
    document.documentElement.dataset['pageReady'] = '';
  }, []);
  return null;
}

function PageLoading() {
  return (
    <div className="page page--loading" role="status" aria-live="polite">
      <span className="visually-hidden">Loading…</span>
      <div className="skeleton page-loading__bar" />
    </div>
  );
}

class PageErrorBoundary extends Component<{ children: ReactNode }, { error: unknown }> {
  override state: { error: unknown } = { error: null };
  static getDerivedStateFromError(error: unknown) {
    return { error };
  }
  override render() {
    return this.state.error ? <ErrorPage error={this.state.error} /> : this.props.children;
  }
}

/** New pages start at the top; back/forward keeps the browser's own scroll restoration. */
function ScrollToTop() {
  const { pathname } = useLocation();
  const type = useNavigationType();
  useEffect(() => {
    if (type !== 'POP') window.scrollTo(0, 0);
  }, [pathname, type]);
  return null;
}

export function AppRouter() {
  return (
    <BrowserRouter>
      <AppRoutes />
    </BrowserRouter>
  );
}

/** The route tree, in the browser's router or, for a server-rendered first page, a static one. */
export function AppRoutes() {
  useEffect(() => preloadOnIntent((pathname) => void preloadRoute(pathname).catch(() => undefined)), []);
  return (
    <>
      <ScrollToTop />
      <Shell>
        <Routes>
          {appRoutes.map((r) => (
            // Matched by the server's own patterns (src/shared/routes.ts): /About is a 404 on both.
            <Route
              key={r.name}
              path={r.path}
              element={<GuardedPage route={r} Page={pages.get(r.name)!.Component} />}
            />
          ))}
          <Route path="*" element={<NotFoundPage />} />
        </Routes>
      </Shell>
    </>
  );
}
