// Builds the data router: a Shell layout around every route, guards run in each route's loader,
// pages loaded lazily, and the error and 404 pages of SPEC.md section 2.
import { createBrowserRouter, redirect, type RouteObject } from 'react-router-dom';
import { cookies } from '../lib/cookies.ts';
import { store } from '../lib/store.ts';
import { runGuards, type RouteMeta } from './guards.ts';
import { ErrorPage, NotFoundPage } from './error-pages.tsx';
import { hooks } from './hooks.ts';
import { Shell } from './layout/shell.tsx';
import type { RouteName } from './route-names.ts';
import { appRoutes } from './routes.tsx';

export interface RouteHandle {
  name: RouteName;
}

function guardLoader(meta: RouteMeta) {
  return ({ request }: { request: Request }) => {
    const url = new URL(request.url);
    const target = runGuards(
      meta,
      {
        loggedIn: store.get().loggedIn,
        cookie: (name) => cookies.get(name),
        setUserLocation: (userLocation) => store.set({ userLocation }),
        loadCart: () => hooks.loadCart(),
      },
      url.pathname + url.search,
    );
    if (target && target !== url.pathname + url.search) throw redirect(target);
    return null;
  };
}

export function buildRoutes(): RouteObject[] {
  return [
    {
      element: <Shell />,
      errorElement: <ErrorPage />,
      children: [
        ...appRoutes.map<RouteObject>((r) => ({
          path: r.path,
          handle: { name: r.name } satisfies RouteHandle,
          loader: guardLoader(r.meta),
          lazy: async () => ({ Component: await r.page() }),
          errorElement: <ErrorPage />,
        })),
        { path: '*', handle: { name: 'not-found' } satisfies RouteHandle, element: <NotFoundPage /> },
      ],
    },
  ];
}

export const createAppRouter = () => createBrowserRouter(buildRoutes());
