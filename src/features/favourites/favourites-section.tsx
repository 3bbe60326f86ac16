// The "Favourite restaurants" section of /myaccount: the hearted restaurants, each a link to its
// menu with its heart to remove it (at once, put back if the server refuses); loading, empty and
// error states.
import { Link } from '../../lib/router.tsx';
import { actions, useFavourites } from './use-favourites.ts';
import { HeartButton } from './heart-button.tsx';
import './favourites.css';

export function FavouritesSection() {
  const { status, list, ids } = useFavourites();
  // Un-hearted here: gone at once (put back if the server refuses).
  const shown = list?.filter((r) => ids.has(r.id)) ?? [];
  return (
    <section className="card favourites" aria-labelledby="favourites-title">
      <h2 id="favourites-title">Favourite restaurants</h2>
      {status === 'error' && !list ? (
        <div role="alert">
          <p className="text-danger">Could not load your favourites.</p>
          <button
            type="button"
            className="button"
            onClick={() => void actions().then((a) => a.loadFavourites())}
          >
            Try again
          </button>
        </div>
      ) : !list ? (
        <div aria-busy="true" aria-label="Loading your favourites">
          <div className="skeleton favourites__skeleton" />
        </div>
      ) : shown.length === 0 ? (
        <p className="text-muted">
          No favourites yet. Tap the heart on a restaurant to find it here.{' '}
          <Link to="/restaurants">Browse restaurants</Link>
        </p>
      ) : (
        <ul className="favourites__list">
          {shown.map((r) => (
            <li key={r.id} className="favourites__item">
              <Link className="favourites__link" to={`/restaurants/${encodeURIComponent(r.slug)}`}>
                <span className="favourites__name">{r.name}</span>
                <span className="favourites__meta text-muted">
                  <span aria-label={`Rated ${r.rating.toFixed(1)} out of 5`}>★ {r.rating.toFixed(1)}</span>
                  {' · '}
                  {r.cuisines.join(', ')} · {r.area}
                </span>
              </Link>
              <HeartButton restaurantId={r.id} name={r.name} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
