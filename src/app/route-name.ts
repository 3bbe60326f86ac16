// The spec's name of the route at the current location, for the layout rules.
import { useMemo } from 'react';
import { matchRoutes, useLocation } from 'react-router-dom';
import type { RouteName } from './route-names.ts';
import { appRoutes } from './routes.tsx';

const matchable = appRoutes.map((r) => ({ path: r.path, id: r.name }));

export function routeNameOf(pathname: string): RouteName {
  return (matchRoutes(matchable, pathname)?.[0]?.route.id as RouteName | undefined) ?? 'not-found';
}

export function useRouteName(): RouteName {
  const { pathname } = useLocation();
  return useMemo(() => routeNameOf(pathname), [pathname]);
}
