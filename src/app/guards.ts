// Route guards and named middleware (docs/product.md#route-guards), as a pure
// function so every rule is unit-tested; the router turns its answer into a redirect or an error.
import { COOKIES } from '../shared/constants.ts';
import { parseUserLocation, type UserLocation } from '../shared/user-location.ts';

export type MiddlewareName = 'cart' | 'guest' | 'userlocation';

export interface RouteMeta {
  /** false: the route is public and the auth check is skipped. */
  auth?: boolean;
  /** Guest routes (login, register): signed-in users are sent home. */
  guest?: boolean;
  /** The auth callback route never redirects to login. */
  callback?: boolean;
  middleware?: readonly string[];
  /** Guard 1 (staff live orders), Guard 2 (home with a saved location). */
  guard?: 1 | 2;
}

export interface GuardContext {
  loggedIn: boolean;
  cookie(name: string): string | undefined;
  setUserLocation(location: UserLocation): void;
  loadCart(): void;
}

export class RouteError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

export const LOGIN_PATH = '/login';
export const HOME_PATH = '/';

/** Returns the path to redirect to, or null to render the route. Throws RouteError for a 500. */
export function runGuards(meta: RouteMeta, ctx: GuardContext, currentPath: string): string | null {
  if (meta.guard === 1 && (!ctx.cookie('res_id') || !ctx.cookie('auth._token.local'))) return HOME_PATH;
  if (meta.guard === 2 && savedLocation(ctx)) return '/restaurants';

  if (meta.auth !== false) {
    if (meta.guest && ctx.loggedIn) return HOME_PATH;
    if (!meta.guest && !meta.callback && !ctx.loggedIn) {
      return `${LOGIN_PATH}?redirect=${encodeURIComponent(currentPath)}`;
    }
  }

  for (const name of meta.middleware ?? []) {
    switch (name) {
      case 'guest':
        if (ctx.loggedIn) return HOME_PATH;
        break;
      case 'userlocation': {
        // Guard 3: no saved location means the visitor must pick one first.
        const loc = savedLocation(ctx);
        if (!loc) return HOME_PATH;
        ctx.setUserLocation(loc);
        break;
      }
      case 'cart':
        ctx.loadCart();
        break;
      default:
        throw new RouteError(500, 'Unknown middleware');
    }
  }
  return null;
}

/** The userLocation cookie when it holds a usable location (Guard 2). */
export function savedLocation(ctx: Pick<GuardContext, 'cookie'>): UserLocation | null {
  return parseUserLocation(ctx.cookie(COOKIES.userLocation));
}
