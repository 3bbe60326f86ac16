// The 404 page, the route error page (status, default 500, and message), the once-only reload
// after a failed chunk load (a new deploy removed the old chunk), and a plain fallback for when the
// error page itself fails.
import { Component, type ReactNode } from 'react';
import { RouteError } from './guards.ts';
import { NotFoundPage } from '../lib/not-found-page.tsx';

export { NotFoundPage };

const CHUNK_ERROR =
  /dynamically imported module|Importing a module script failed|error loading dynamically imported/i;
const RELOAD_KEY = 'chunk-reload-at';

/** Reloads at most once a minute so a chunk that is really gone cannot cause a reload loop. */
export function reloadAfterChunkError(
  error: unknown,
  now = Date.now(),
  storage: Storage = sessionStorage,
): boolean {
  if (!(error instanceof Error) || !CHUNK_ERROR.test(error.message)) return false;
  const last = Number(storage.getItem(RELOAD_KEY) ?? 0);
  if (now - last < 60_000) return false;
  storage.setItem(RELOAD_KEY, String(now));
  window.location.reload();
  return true;
}

function RouteErrorContent({ error }: { error: unknown }) {
  if (reloadAfterChunkError(error)) return null;
  let status = 500;
  let message = 'Something went wrong.';
  if (error instanceof RouteError) {
    if (error.status === 404) return <NotFoundPage />;
    status = error.status;
    message = error.message;
  } else if (error instanceof Error) {
    message = error.message;
  }
  return (
    <main className="error-page" id="main">
      <h1 className="error-page__status">{status}</h1>
      <p>{message}</p>
      <a className="button button--primary" href="/restaurants">
        Go Home
      </a>
    </main>
  );
}

/** The route error page; if rendering it fails too, a plain fallback still offers the way home. */
export function ErrorPage({ error }: { error: unknown }) {
  return (
    <ErrorFallbackBoundary>
      <RouteErrorContent error={error} />
    </ErrorFallbackBoundary>
  );
}

export class ErrorFallbackBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override componentDidCatch(error: unknown): void {
    console.error('The error page failed to render', error);
  }

  override render(): ReactNode {
    if (!this.state.failed) return this.props.children;
    return <PlainErrorFallback />;
  }
}

/** Depends on nothing but React: no router, no app state, no feature code. */
export function PlainErrorFallback() {
  return (
    <main className="error-page" id="main">
      <h1>Something went wrong</h1>
      <p>We could not show this page. Please start afresh.</p>
      <a className="button button--primary" href="/restaurants">
        Go Home
      </a>
    </main>
  );
}
