// Entry: colour mode first (before anything renders; CSP rules out an inline script in index.html),
// then styles, start-up state and the router. The shell registers the service worker.
import { initColorMode } from '../lib/color-mode.ts';
import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { bootstrap } from './bootstrap.ts';
import { AppRouter, preloadRoute } from './app-router.tsx';
import './styles/global.css';

initColorMode();
bootstrap();

const root = createRoot(document.getElementById('root')!);
// In a transition React renders the first tree in slices, yielding to the browser between them,
// instead of one long task (Total Blocking Time) now that the page renders with its frame at once.
const render = () =>
  startTransition(() =>
    root.render(
      <StrictMode>
        <AppRouter />
      </StrictMode>,
    ),
  );
// A chunk that fails to load here fails again inside the app, which shows its error page.
preloadRoute(location.pathname).then(render, render);
