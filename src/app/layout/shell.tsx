// The page frame: header, page outlet, footer and the small-screen bars, each shown per route by
// layoutFor (layout-rules.ts); plus the skip link, overlays, snackbars, the update prompt and the
// install offer.
import { lazy, Suspense, useEffect, useRef, useState, type MouseEvent, type ReactNode } from 'react';
import { logout } from '../../features/auth/boot.ts';
import { loadCart } from '../../features/cart/boot.ts';
import { useRouteName } from '../route-name.ts';
import { layoutFor } from '../layout-rules.ts';
import { usePageMeta } from '../page-meta.ts';
import { preloadable } from '../../lib/preloadable.ts';
import type { RouteName } from '../route-names.ts';
import { NewTabNote } from './external-link.tsx';
import './layout.css';

// Kept out of the entry chunk (docs/architecture.md#bars: first-route JavaScript). The chrome loads with
// the page that shows it, in reserved space, the footer right after (see preloadLayout); the overlay host, snackbars and the update
// prompt load once the page is idle (events sent before then wait for their host, see events.ts).
const chrome = () => import('./chrome.tsx');
const header = preloadable(() => chrome().then((m) => m.Header));
const mobileLocationHeader = preloadable(() => chrome().then((m) => m.MobileLocationHeader));
const bottomNav = preloadable(() => chrome().then((m) => m.BottomNav));
const cartBar = preloadable(() => chrome().then((m) => m.CartBar));
const Header = header.Component;
const MobileLocationHeader = mobileLocationHeader.Component;
const BottomNav = bottomNav.Component;
const CartBar = cartBar.Component;
const footer = preloadable(() => import('./footer.tsx').then((m) => m.Footer));
const Footer = footer.Component;

/**
 * Loads the frame parts the route shows on its first screen, so the first render needs no Suspense
 * fallback. Not the footer: it sits below the fold on every page and loads right after the first
 * render (a server-rendered page shows the footer's HTML meanwhile), out of the first route's budget.
 */
export function preloadLayout(name: RouteName): Promise<unknown> {
  const parts = layoutFor(name);
  const wanted = [
    parts.header && header,
    parts.mobileLocationHeader && mobileLocationHeader,
    parts.bottomNav && bottomNav,
    parts.cartBar && cartBar,
  ];
  return Promise.all(wanted.map((p) => p && p.preload()));
}

/** The footer's code, for the server: it renders a first page whole, footer included. */
export const preloadFooter = (): Promise<unknown> => footer.preload();

const OverlayHost = lazy(() =>
  import('../overlays/overlay-host.tsx').then((m) => ({ default: m.OverlayHost })),
);
const SnackbarHost = lazy(() =>
  import('../overlays/snackbar-host.tsx').then((m) => ({ default: m.SnackbarHost })),
);
const AppPrompts = lazy(() => import('../app-prompts.tsx').then((m) => ({ default: m.AppPrompts })));

export function Shell({ children }: { children: ReactNode }) {
  const name = useRouteName();
  const parts = layoutFor(name);
  usePageMeta(name);
  const idle = useIdle();
  // docs/product.md#layout: the cart loads with the header, so the badge is right on every page; it waits
  // for the first paint (cart pages load it at once through their 'cart' middleware).
  useEffect(() => {
    if (idle) loadCart();
  }, [idle]);
  const bars = parts.bottomNav || parts.cartBar;
  return (
    <div className="app" data-route={name}>
      <a href="#main" className="skip-link" onClick={skipToContent}>
        Skip to content
      </a>
      <NewTabNote />
      {parts.header && (
        <Suspense fallback={<div className="site-header-space large-screen-only" aria-hidden="true" />}>
          <Header onLogout={logout} />
        </Suspense>
      )}
      {parts.mobileLocationHeader && (
        <Suspense fallback={<div className="mobile-location-space small-screen-only" aria-hidden="true" />}>
          <MobileLocationHeader />
        </Suspense>
      )}
      <Content>{children}</Content>
      <Suspense fallback={null}>{parts.footer && <Footer />}</Suspense>
      {bars && (
        <div className="bottom-bars small-screen-only">
          <Suspense fallback={null}>
            {parts.cartBar && <CartBar />}
            {parts.bottomNav && <BottomNav />}
          </Suspense>
        </div>
      )}
      {idle && (
        <Suspense fallback={null}>
          <SnackbarHost />
          <OverlayHost />
          <AppPrompts />
        </Suspense>
      )}
    </div>
  );
}

/** True once the first page has rendered and the browser is idle (at most 2 s after mount). */
function useIdle(): boolean {
  const [idle, setIdle] = useState(false);
  useEffect(() => {
    const done = () => setIdle(true);
    if ('requestIdleCallback' in window) {
      const id = window.requestIdleCallback(done, { timeout: 2000 });
      return () => window.cancelIdleCallback(id);
    }
    const t = setTimeout(done, 200);
    return () => clearTimeout(t);
  }, []);
  return idle;
}

/**
 * Pages render their own <main id="main">, so the shell must not wrap them in another. For a page
 * that renders none (a loading or legacy screen) the wrapper itself becomes the main landmark.
 */
function Content({ children }: { children: ReactNode }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    const sync = () => {
      const pageHasMain = el.querySelector('main, [role="main"]') !== null;
      if (pageHasMain) el.removeAttribute('role');
      else el.setAttribute('role', 'main');
    };
    sync();
    const observer = new MutationObserver(sync);
    observer.observe(el, { childList: true, subtree: true });
    return () => observer.disconnect();
  }, []);
  return (
    <div className="app__content" id="content" ref={ref}>
      {children}
    </div>
  );
}

function skipToContent(e: MouseEvent<HTMLAnchorElement>) {
  const target = document.getElementById('main') ?? document.getElementById('content');
  if (!target) return;
  e.preventDefault();
  if (!target.hasAttribute('tabindex')) target.setAttribute('tabindex', '-1');
  target.focus();
  target.scrollIntoView?.();
}
