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
  // Once the page's code is here, so the page hydrates without waiting on it. A tap before the page
  // has hydrated is held by the server's early-taps script and replayed once it has (PageReady in
  // app-router.tsx): React drops a tap on a part it has not hydrated yet.
  // In a transition: hydration yields to the browser every few milliseconds instead of one long task.
  const hydrate = () =>
    startTransition(() => {
      hydrateRoot(container, app, {
        // A difference between the server's HTML and the first client render: React renders the page
        // again in the browser (no visitor sees an error), and the journeys fail on this line.
        onRecoverableError: (error) => console.error('Hydration mismatch:', error),
      });
    });
  preloadRoute(location.pathname).then(hydrate, hydrate);
} else {
  // A chunk that fails to load here fails again inside the app, which shows its error page.
  preloadRoute(location.pathname).then(start, start);
}
