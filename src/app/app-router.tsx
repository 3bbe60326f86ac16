// The router (declarative, see docs/decisions/0002): the shell around every route, each route's
// guards decided by runGuards before its lazily loaded page renders, and an error boundary per page.
import { Component, lazy, Suspense, useEffect, useRef, type ReactNode } from 'react';
import {
  BrowserRouter,
  Navigate,
  Route,
  Routes,
  useLocation,
  useNavigationType,
} from 'react-router-dom';
import { cookies } from '../lib/cookies.ts';
import { store } from '../lib/store.ts';
import { ErrorPage, NotFoundPage } from './error-pages.tsx';
import { RouteError, runGuards } from './guards.ts';
import { hooks } from './hooks.ts';
import { Shell } from './layout/shell.tsx';
import { appRoutes, type AppRoute } from './routes.tsx';

const pages = new Map(appRoutes.map((r) => [r.name, lazy(async () => ({ default: await r.page() }))]));

function GuardedPage({ route }: { route: AppRoute }) {
  const location = useLocation();
  const here = location.pathname + location.search;
  // Guards decide during render; their side effects (store writes, cart load) run after commit.
  const pending = useRef<Array<() => void>>([]);
  pending.current = [];
  let redirectTo: string | null = null;
  let failure: RouteError | null = null;
  try {
    redirectTo = runGuards(
      route.meta,
      {
        loggedIn: store.get().loggedIn,
        cookie: (name) => cookies.get(name),
        setUserLocation: (userLocation) => pending.current.push(() => store.set({ userLocation })),
        loadCart: () => pending.current.push(() => hooks.loadCart()),
      },
      here,
    );
  } catch (err) {
    if (!(err instanceof RouteError)) throw err;
    failure = err;
  }
  useEffect(() => {
    for (const effect of pending.current) effect();
  }, [here]);

  if (failure) return <ErrorPage error={failure} />;
  if (redirectTo && redirectTo !== here) return <Navigate to={redirectTo} replace />;
  const Page = pages.get(route.name)!;
  return (
    <PageErrorBoundary key={location.pathname}>
      <Suspense fallback={<PageLoading />}>
        <Page />
      </Suspense>
    </PageErrorBoundary>
  );
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
      <ScrollToTop />
      <Routes>
        <Route element={<Shell />}>
          {appRoutes.map((r) => (
            <Route key={r.name} path={r.path} element={<GuardedPage route={r} />} />
          ))}
          <Route path="*" element={<NotFoundPage />} />
        </Route>
      </Routes>
    </BrowserRouter>
  );
}
