// The app's start, loaded by the entry (main.tsx) as a chunk of its own: its modules evaluate in a task
// of their own, after React DOM's, and each step below is a task of its own too. On a slow phone the
// entry's one evaluation task held the main thread for 50-100 ms, more than a tap may wait.
import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { initColorMode } from '../lib/color-mode.ts';
import { firstPageData, readFirstPageData, setFirstPageData } from '../lib/first-page-data.ts';
import { bootstrap } from './bootstrap.ts';
import { AppRouter, preloadRoute } from './app-router.tsx';

/** Lets the browser run what is waiting (a tap, a frame) before the next step. */
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve));

const app = (
  <StrictMode>
    <AppRouter />
  </StrictMode>
);

export async function startApp(): Promise<void> {
  // Colour mode first (CSP rules out an inline script that would apply it before the paint).
  initColorMode();
  // A server-rendered first page (docs/architecture.md#first-paint) brings the answers it was rendered
  // from; read before start-up so nothing it holds is fetched again.
  setFirstPageData(readFirstPageData());
  bootstrap();
  await nextTask();
  const container = document.getElementById('root')!;
  // A chunk that fails to load here fails again inside the app, which shows its error page.
  await preloadRoute(location.pathname).catch(() => undefined);
  if (firstPageData()) {
    // Once the page's code is here, so the page hydrates without waiting on it. A tap before the page
    // has hydrated is held by the server's early-taps script and replayed once it has (PageReady in
    // app-router.tsx): React drops a tap on a part it has not hydrated yet.
    // In a transition: hydration yields to the browser every few milliseconds instead of one long task.
    startTransition(() => {
      hydrateRoot(container, app, {
        // A difference between the server's HTML and the first client render: React renders the page
        // again in the browser (no visitor sees an error), and the journeys fail on this line.
        onRecoverableError: (error) => console.error('Hydration mismatch:', error),
      });
    });
  } else {
    const root = createRoot(container);
    // In a transition React renders the first tree in slices, yielding to the browser between them,
    // instead of one long task (Total Blocking Time) now that the page renders with its frame at once.
    startTransition(() => root.render(app));
  }
}
