// The 404 page of docs/product.md#unknown-paths, shown for unknown paths and for unknown things
// a page looks up (a restaurant slug the API does not know).
import { Link } from './router.tsx';
import './error-page.css';

export function NotFoundPage() {
  return (
    <main className="error-page" id="main">
      <div className="error-page__art" aria-hidden="true">
        404
      </div>
      <h1>Page not found</h1>
      <p>Uh-oh! Looks like the page you are trying to access, doesn&apos;t exist. Please start afresh.</p>
      <p className="error-page__hint">This page could not be found</p>
      <Link className="button button--primary" to="/restaurants">
        Go Home
      </Link>
    </main>
  );
}
