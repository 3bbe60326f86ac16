// Entry: colour mode first (before anything renders; CSP rules out an inline script in index.html),
// then styles, start-up state and the router. The shell registers the service worker.
import { initColorMode } from '../lib/color-mode.ts';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { bootstrap } from './bootstrap.ts';
import { AppRouter, preloadFirstRoute } from './app-router.tsx';
import './styles/global.css';

initColorMode();
bootstrap();

const render = () =>
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <AppRouter />
    </StrictMode>,
  );
// A chunk that fails to load here fails again inside the app, which shows its error page.
preloadFirstRoute(location.pathname).then(render, render);
