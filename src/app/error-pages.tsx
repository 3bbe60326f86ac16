// The 404 page, the route error page (status, default 500, and message) and the once-only reload
// after a failed chunk load (a new deploy removed the old chunk).
import { isRouteErrorResponse, Link, useRouteError } from 'react-router-dom';
import { RouteError } from './guards.ts';

export function NotFoundPage() {
  return (
    <main className="error-page" id="main">
      <h1>Page not found</h1>
      <p>Uh-oh! Looks like the page you are trying to access, doesn&apos;t exist. Please start afresh.</p>
      <p className="error-page__hint">This page could not be found</p>
      <Link className="button button--primary" to="/restaurants">
        Go Home
      </Link>
    </main>
  );
}

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

export function ErrorPage() {
  const error = useRouteError();
  if (reloadAfterChunkError(error)) return null;
  let status = 500;
  let message = 'Something went wrong.';
  if (isRouteErrorResponse(error)) {
    status = error.status;
    message = error.statusText || message;
    if (status === 404) return <NotFoundPage />;
  } else if (error instanceof RouteError) {
    status = error.status;
    message = error.message;
  } else if (error instanceof Error) {
    message = error.message;
  }
  return (
    <main className="error-page" id="main">
      <h1>{status}</h1>
      <p>{message}</p>
      <a className="button button--primary" href="/restaurants">
        Go Home
      </a>
    </main>
  );
}
