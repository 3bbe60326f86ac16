// The app's routing vocabulary on wouter (docs/decisions/0016): the only module that imports wouter.
// Paths are matched by the server's own patterns (src/shared/routes.ts: case-sensitive, parameters
// decoded once), the location is the raw URL (callers parse the query once), and links, redirects
// and the navigation type behave as they did with react-router.
import {
  Children,
  createContext,
  isValidElement,
  use,
  useEffect,
  useMemo,
  type AnchorHTMLAttributes,
  type MouseEvent,
  type ReactNode,
  type Ref,
} from 'react';
import { Router, useRouter } from 'wouter';
import {
  navigate as historyNavigate,
  useHistoryState,
  useLocationProperty,
  usePathname,
  useSearch,
} from 'wouter/use-browser-location';
import { matchPattern, pagePattern, type PagePattern } from '../shared/routes.ts';

export interface AppLocation {
  /** Still percent-encoded, as in the address bar. */
  pathname: string;
  /** '?…' or '', still encoded: parse it once with URLSearchParams. */
  search: string;
  hash: string;
  state: unknown;
}

export interface NavigateOptions {
  replace?: boolean;
  state?: unknown;
}

export type NavigationType = 'POP' | 'PUSH' | 'REPLACE';

// ---------------------------------------------------------------- routers

/** The browser's router: wouter's default one already reads the browser's location. */
export function BrowserRouter({ children }: { children: ReactNode }) {
  return children;
}

/** The server's router for one request's URL (src/app/first-paint.tsx); nothing navigates there. */
export function StaticRouter({ location, children }: { location: string; children: ReactNode }) {
  const at = location.indexOf('?');
  const path = at < 0 ? location : location.slice(0, at);
  const search = at < 0 ? '' : location.slice(at + 1);
  return (
    <Router ssrPath={path} ssrSearch={search}>
      {children}
    </Router>
  );
}

// ---------------------------------------------------------------- location and navigation

let navigationType: NavigationType = 'POP';
// Registered before wouter's own listener (it subscribes on the first mount), and in the capture
// phase, so a render caused by back/forward already reads POP.
if (typeof window !== 'undefined') {
  window.addEventListener('popstate', () => (navigationType = 'POP'), { capture: true });
}

function go(to: string, { replace = false, state = null }: NavigateOptions = {}): void {
  navigationType = replace ? 'REPLACE' : 'PUSH';
  historyNavigate(to[0] === '?' ? window.location.pathname + to : to, { replace, state });
}

/** navigate(to, { replace, state }); `to` is a path on this site or a query ('?…') for this page. */
export function useNavigate(): typeof go {
  return go;
}

export function useLocation(): AppLocation {
  const { ssrPath, ssrSearch } = useRouter();
  const pathname = usePathname({ ssrPath });
  const raw = useSearch({ ssrSearch });
  const hash = useLocationProperty(
    () => window.location.hash,
    () => '',
  );
  const state = useHistoryState<unknown>();
  const search = raw && raw[0] !== '?' ? `?${raw}` : raw;
  return useMemo(() => ({ pathname, search, hash, state }), [pathname, search, hash, state]);
}

/** How the current location was reached: POP for the first page and for back/forward. */
export function useNavigationType(): NavigationType {
  return useLocationProperty(
    () => navigationType,
    () => 'POP',
  );
}

/** Navigates to this page with another query (and no hash). */
function setSearch(next: ConstructorParameters<typeof URLSearchParams>[0], options?: NavigateOptions): void {
  const query = new URLSearchParams(next).toString();
  go(`${window.location.pathname}${query ? `?${query}` : ''}`, options);
}

/** The query parsed once, and a setter that navigates to this page with another query. */
export function useSearchParams(): [URLSearchParams, typeof setSearch] {
  const { search } = useLocation();
  const params = useMemo(() => new URLSearchParams(search), [search]);
  return [params, setSearch];
}

/** Redirects once rendered (guards' decisions); renders nothing. */
export function Navigate({ to, replace, state }: { to: string } & NavigateOptions) {
  useEffect(() => go(to, { replace, state }), [to, replace, state]);
  return null;
}

// ---------------------------------------------------------------- links

export interface LinkProps extends Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> {
  to: string;
  replace?: boolean;
  state?: unknown;
  ref?: Ref<HTMLAnchorElement>;
}

/** A scheme or '//': another site, a phone number, an e-mail; the browser follows those itself. */
const OTHER_SITE = /^([a-z][a-z\d+.-]*:|\/\/)/i;

export function Link({ to, replace, state, onClick, ...rest }: LinkProps) {
  const click = (e: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(e);
    const newTab = e.button !== 0 || e.metaKey || e.altKey || e.ctrlKey || e.shiftKey;
    if (e.defaultPrevented || newTab || (rest.target && rest.target !== '_self') || OTHER_SITE.test(to))
      return;
    e.preventDefault();
    const { pathname, search, hash } = window.location;
    // A link to the page on screen replaces its entry (as react-router did): Back leaves the page.
    go(to, { replace: replace ?? to === pathname + search + hash, state });
  };
  return <a {...rest} href={to} onClick={click} />;
}

/**
 * A Link that says when it leads to the current page: aria-current="page" and the class `active`,
 * for its path or a path below it (only its own path with `end`), case-sensitively as pages are.
 */
export function NavLink({ end = false, className, ...props }: LinkProps & { end?: boolean }) {
  const { pathname } = useLocation();
  const to = props.to.split(/[?#]/)[0]!;
  const slashAt = to.length - (to !== '/' && to.endsWith('/') ? 1 : 0);
  const current = pathname === to || (!end && pathname.startsWith(to) && pathname[slashAt] === '/');
  return (
    <Link
      {...props}
      className={current ? (className ? `${className} active` : 'active') : className}
      aria-current={current ? 'page' : undefined}
    />
  );
}

// ---------------------------------------------------------------- routes

/** A path pattern of src/shared/routes.ts's syntax, or '*' for any path, and what it renders. */
export interface RouteProps {
  path: string;
  element: ReactNode;
}

/** Read by Routes, which renders the element of the first one that matches. */
export function Route(_: RouteProps): ReactNode {
  return null;
}

const Params = createContext<Readonly<Record<string, string | undefined>>>({});
const patterns = new Map<string, PagePattern>();

function paramsOf(path: string, pathname: string): Record<string, string> | null {
  if (path === '*') return {};
  let pattern = patterns.get(path);
  if (!pattern) patterns.set(path, (pattern = pagePattern(path)));
  return matchPattern(pattern, pathname);
}

/** The first Route whose pattern matches the location's path, with its parameters for useParams. */
export function Routes({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  for (const child of Children.toArray(children)) {
    if (!isValidElement<RouteProps>(child)) continue;
    const params = paramsOf(child.props.path, pathname);
    if (params) return <Params value={params}>{child.props.element}</Params>;
  }
  return null;
}

/** The matched route's parameters, each decoded once. */
export function useParams(): Readonly<Record<string, string | undefined>> {
  return use(Params);
}
