// Entry: colour mode first (before anything renders; CSP rules out an inline script in index.html),
// then styles, start-up state and the router. The shell registers the service worker.
import { initColorMode } from '../lib/color-mode.ts';
import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { firstPageData, readFirstPageData, setFirstPageData } from '../lib/first-page-data.ts';
import { bootstrap } from './bootstrap.ts';
import { AppRouter, preloadRoute } from './app-router.tsx';
import './styles/global.css';

initColorMode();
// A server-rendered first page (docs/architecture.md#first-paint) brings the answers it was rendered
// from; read before start-up so nothing it holds is fetched again.
setFirstPageData(readFirstPageData());
bootstrap();

const container = document.getElementById('root')!;
const app = (
  <StrictMode>
    <AppRouter />
  </StrictMode>
);

function start() {
  const root = createRoot(container);
  // In a transition React renders the first tree in slices, yielding to the browser between them,
  // instead of one long task (Total Blocking Time) now that the page renders with its frame at once.
  startTransition(() => root.render(app));
}

if (firstPageData()) {
  // At once: React listens for taps from here on, and hydrates each part of the page as its code
  // arrives (the parts still loading keep the server's HTML meanwhile).
  // In a transition, too: hydration then yields to the browser every few milliseconds instead of
  // one long task (a tap still hydrates what it lands on first, at once).
  startTransition(() => {
    hydrateRoot(container, app, {
      // A difference between the server's HTML and the first client render: React renders the page
      // again in the browser (no visitor sees an error), and the journeys fail on this line.
      onRecoverableError: (error) => console.error('Hydration mismatch:', error),
    });
  });
  void preloadRoute(location.pathname).catch(() => undefined);
} else {
  // A chunk that fails to load here fails again inside the app, which shows its error page.
  preloadRoute(location.pathname).then(start, start);
}
