// The page frame: header, page outlet, footer and the small-screen bars, each shown per route by
// layoutFor (layout-rules.ts); plus the skip link, overlays, snackbars and the update prompt.
import { useEffect, useRef, type MouseEvent, type ReactNode } from 'react';
import { Outlet } from 'react-router-dom';
import { hooks } from '../hooks.ts';
import { useRouteName } from '../route-name.ts';
import { layoutFor } from '../layout-rules.ts';
import { OverlayHost } from '../overlays/overlay-host.tsx';
import { SnackbarHost } from '../overlays/snackbar-host.tsx';
import { UpdatePrompt } from '../update-prompt.tsx';
import { BottomNav } from './bottom-nav.tsx';
import { CartBar } from './cart-bar.tsx';
import { NewTabNote } from './external-link.tsx';
import { Footer } from './footer.tsx';
import { Header } from './header.tsx';
import { MobileLocationHeader } from './mobile-location-header.tsx';
import './layout.css';

export function Shell({ children }: { children?: ReactNode }) {
  // SPEC.md section 7: the cart loads when the header mounts, so the badge is right on every page.
  useEffect(() => hooks.loadCart(), []);
  const name = useRouteName();
  const parts = layoutFor(name);
  const bars = parts.bottomNav || parts.cartBar;
  return (
    <div className="app" data-route={name}>
      <a href="#main" className="skip-link" onClick={skipToContent}>
        Skip to content
      </a>
      <NewTabNote />
      {parts.header && <Header />}
      {parts.mobileLocationHeader && <MobileLocationHeader />}
      <Content>{children ?? <Outlet />}</Content>
      {parts.footer && <Footer />}
      {bars && (
        <div className="bottom-bars small-screen-only">
          {parts.cartBar && <CartBar />}
          {parts.bottomNav && <BottomNav />}
        </div>
      )}
      <OverlayHost />
      <SnackbarHost />
      <UpdatePrompt />
    </div>
  );
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
