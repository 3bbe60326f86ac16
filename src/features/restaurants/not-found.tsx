// The app's 404 texts (SPEC.md section 2, Unknown path) for a restaurant slug the API does not know.
import { Link } from 'react-router-dom';

export function RestaurantNotFound() {
  return (
    <main className="error-page page" id="main">
      <h1>Page not found</h1>
      <p>Uh-oh! Looks like the page you are trying to access, doesn&apos;t exist. Please start afresh.</p>
      <p className="error-page__hint">This page could not be found</p>
      <Link className="button button--primary" to="/restaurants">
        Go Home
      </Link>
    </main>
  );
}
