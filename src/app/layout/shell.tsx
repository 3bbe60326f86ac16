// The page frame: header, main outlet, footer and the small-screen bars, each shown per route.
import { Outlet, useMatches } from 'react-router-dom';
import { layoutFor } from '../layout-rules.ts';
import type { RouteHandle } from '../router.tsx';

export function Shell() {
  const matches = useMatches();
  const handle = matches[matches.length - 1]?.handle as RouteHandle | undefined;
  const parts = layoutFor(handle?.name ?? 'not-found');
  return (
    <div className="app">
      {parts.header && <header className="site-header">Header</header>}
      <Outlet />
      {parts.footer && <footer className="site-footer">Footer</footer>}
    </div>
  );
}
