// The spec's name of the route at the current location, for the layout rules and the page title:
// matched by the same table and matcher the server uses (src/shared/routes.ts).
import { useMemo } from 'react';
import { useLocation } from '../lib/router.tsx';
import { routeNameOf, type RouteName } from '../shared/routes.ts';

export { routeNameOf };

export function useRouteName(): RouteName {
  const { pathname } = useLocation();
  return useMemo(() => routeNameOf(pathname), [pathname]);
}
