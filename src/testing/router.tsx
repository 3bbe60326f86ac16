// The router for unit tests: the app's own browser router on happy-dom's history, started at `path`,
// so a test runs the same links, hooks and matching as the app (src/lib/router.tsx).
import { useState, type ReactNode } from 'react';
import { BrowserRouter } from '../lib/router.tsx';

export function TestRouter({ path = '/', children }: { path?: string; children: ReactNode }) {
  // Once per mount, before anything reads the location.
  useState(() => window.history.replaceState(null, '', path));
  return <BrowserRouter>{children}</BrowserRouter>;
}
