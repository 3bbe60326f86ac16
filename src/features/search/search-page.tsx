// /search: suggestions while typing, then dishes (with their restaurant) and restaurants for ?q=, for
// the chosen delivery location: what delivers there first and addable; anything else marked "Doesn't
// deliver to {area}" and not addable. Without a location the page asks for one.
import { SEARCH_QUERY_MAX, discoveryPaths } from '../../shared/api/paths.ts';
import { useState, type ReactNode } from 'react';
import { Link, useLocation, useNavigate, useSearchParams } from '../../lib/router.tsx';
import { CartStepper, CustomisableStepper } from '../cart/index.tsx';
import { emit } from '../../lib/events.ts';
import { formatRupees } from '../../lib/format.ts';
import { useAppState } from '../../lib/app-state.ts';
import { FallbackImage } from '../../lib/fallback-image.tsx';
import { useApi } from '../../lib/use-api.ts';
import { spellingMatcher } from '../../shared/spelling-key.ts';
import type { DishHit, SearchRestaurant, SearchResponse } from '../../shared/api/discovery.ts';
import { dishMenuPath, doesNotDeliverTo } from './results.ts';
import { SearchBox } from './search-box.tsx';
import './search.css';
import { servesVegMode, showsInVegMode } from '../../shared/diet.ts';
import { useVegMode } from '../../lib/veg-mode.ts';
import { DietMark } from '../veg-mode/index.tsx';

const POPULAR = ['Biryani', 'Paneer', 'Pizza', 'Dosa', 'Burger', 'Chinese'];
type Tab = 'dishes' | 'restaurants';

export function SearchPage() {
  const [params, setParams] = useSearchParams();
  const navigate = useNavigate();
  const here = useLocation();
  /** Opens the location overlay; picking a place brings the customer back to this search. */
  const chooseLocation = () => emit('show-location', { returnTo: `${here.pathname}${here.search}` });
  const q = (params.get('q') ?? '').trim().slice(0, SEARCH_QUERY_MAX);
  const place = useAppState((s) => s.userLocation);
  const near = place ? { lat: place.lat, lng: place.lng } : null;
  const area = place?.area;
  const { data, error, isLoading, mutate } = useApi<SearchResponse>(
    q ? discoveryPaths.search(q, near ?? undefined) : null,
  );
  const [tab, setTab] = useState<Tab | null>(null);
  // Veg mode hides egg and non-veg dishes and the restaurants that serve no veg dish.
  const vegMode = useVegMode();
  const dishes = (data?.dishes ?? []).filter((d) => !vegMode || showsInVegMode(d));
  const restaurants = (data?.restaurants ?? []).filter((r) => !vegMode || servesVegMode(r));
  const current: Tab = tab ?? (dishes.length === 0 && restaurants.length > 0 ? 'restaurants' : 'dishes');
  // Without a location nothing is addable: whether a restaurant delivers depends on where to.
  const nearDishes = place ? dishes.filter((d) => d.restaurant.delivers !== false) : [];
  const farDishes = place ? dishes.filter((d) => d.restaurant.delivers === false) : dishes;
  // "fish biryani" made only far away: say so before the similar dishes that do deliver.
  const named = spellingMatcher(q);
  const namedFarOnly =
    !!named &&
    nearDishes.length > 0 &&
    !nearDishes.some((d) => named(d.name) > 0) &&
    farDishes.some((d) => named(d.name) > 0);
  const nearRestaurants = place ? restaurants.filter((r) => r.delivers !== false) : [];
  const farRestaurants = place ? restaurants.filter((r) => r.delivers === false) : restaurants;

  const search = (query: string) => {
    setTab(null);
    setParams(query ? { q: query } : {}, { replace: false });
  };

  return (
    <main id="main" className="page sr-page">
      <h1 className="sr-title">Search</h1>
      {place && (
        // Phones only: the desktop header shows the location already.
        <p className="sr-where small-screen-only">
          <span>
            Delivering to <strong>{place.area}</strong>
          </span>
          <button type="button" className="sr-where__change" onClick={chooseLocation}>
            Change<span className="visually-hidden"> delivery location</span>
          </button>
        </p>
      )}
      <SearchBox
        key={q}
        initial={q}
        near={near}
        area={area}
        onSearch={search}
        onPickRestaurant={(s) => navigate(`/restaurants/${encodeURIComponent(s.restaurant_slug)}`)}
        onPickDish={(s) => navigate(dishMenuPath(s.restaurant_slug, s.id))}
      />
      {!place && (
        <section className="sr-locate" aria-labelledby="sr-locate-title">
          <span className="sr-locate__pin" aria-hidden="true" />
          <div className="sr-locate__text">
            <h2 id="sr-locate-title" className="sr-h2">
              Where should we deliver?
            </h2>
            <p>Choose your delivery location to see the dishes and restaurants that deliver to you.</p>
          </div>
          <button type="button" className="button button--primary sr-locate__go" onClick={chooseLocation}>
            Choose location
          </button>
        </section>
      )}

      {!q ? (
        <section className="sr-empty" aria-labelledby="sr-popular">
          <h2 id="sr-popular" className="sr-h2">
            Popular searches
          </h2>
          <ul className="sr-chips">
            {POPULAR.map((p) => (
              <li key={p}>
                <button type="button" className="sr-chip" onClick={() => search(p)}>
                  {p}
                </button>
              </li>
            ))}
          </ul>
        </section>
      ) : error && !data ? (
        <section className="sr-state" role="alert">
          <h2 className="sr-h2">{error.status === 0 ? 'You are offline' : 'Search failed'}</h2>
          <p>{error.status === 0 ? 'Connect to the internet and try again.' : error.message}</p>
          <button type="button" className="button button--primary" onClick={() => void mutate()}>
            Retry
          </button>
        </section>
      ) : !data ? (
        <p className="sr-state" role="status" aria-busy={isLoading}>
          Searching for “{q}”…
        </p>
      ) : dishes.length === 0 && restaurants.length === 0 ? (
        <section className="sr-state" role="status">
          <h2 className="sr-h2">No results for “{q}”</h2>
          <p>Check the spelling or try a dish or restaurant name, like biryani or pizza.</p>
        </section>
      ) : (
        <section aria-label={`Results for ${q}`}>
          {error && (
            <p className="sr-notice" role="status">
              {error.status === 0 ? 'You are offline. Showing earlier results.' : 'Showing earlier results.'}
            </p>
          )}
          <div className="sr-tabs" role="tablist" aria-label="Result type">
            {(['dishes', 'restaurants'] as const).map((t) => (
              <button
                key={t}
                type="button"
                role="tab"
                id={`sr-tab-${t}`}
                aria-selected={current === t}
                aria-controls={`sr-panel-${t}`}
                tabIndex={current === t ? 0 : -1}
                className={`sr-tab${current === t ? ' sr-tab--on' : ''}`}
                onClick={() => setTab(t)}
                onKeyDown={(e) => {
                  if (e.key === 'ArrowRight' || e.key === 'ArrowLeft') {
                    const next = t === 'dishes' ? 'restaurants' : 'dishes';
                    setTab(next);
                    document.getElementById(`sr-tab-${next}`)?.focus();
                  }
                }}
              >
                {t === 'dishes' ? 'Dishes' : 'Restaurants'} (
                {t === 'dishes' ? dishes.length : restaurants.length})
              </button>
            ))}
          </div>
          <div role="tabpanel" id={`sr-panel-${current}`} aria-labelledby={`sr-tab-${current}`}>
            {current === 'dishes' ? (
              dishes.length === 0 ? (
                <p className="sr-state">No dishes match “{q}”.</p>
              ) : (
                <>
                  {namedFarOnly && place && (
                    <p className="sr-notice sr-notice--far">
                      Nothing called “{q}” delivers to {place.area}. Similar dishes that do:
                    </p>
                  )}
                  <NearThenFar
                    near={nearDishes}
                    far={farDishes}
                    kind="dishes"
                    area={area}
                    q={q}
                    row={(d, priority, far) => (
                      <DishRow
                        key={d.id}
                        dish={d}
                        priority={priority}
                        addable={!far}
                        farFrom={far ? area : undefined}
                      />
                    )}
                  />
                </>
              )
            ) : restaurants.length === 0 ? (
              <p className="sr-state">No restaurants match “{q}”.</p>
            ) : (
              <NearThenFar
                near={nearRestaurants}
                far={farRestaurants}
                kind="restaurants"
                area={area}
                q={q}
                row={(r, priority, far) => (
                  <RestaurantRow
                    key={r.id}
                    restaurant={r}
                    priority={priority}
                    farFrom={far ? area : undefined}
                  />
                )}
              />
            )}
          </div>
        </section>
      )}
    </main>
  );
}

/** Between what delivers and what does not: says which is which. */
/**
 * Results that deliver to the chosen area, then those that do not under their own heading; the first
 * two pictures of the page load at once.
 */
function NearThenFar<T>({
  near,
  far,
  kind,
  area,
  q,
  row,
}: {
  near: T[];
  far: T[];
  kind: 'dishes' | 'restaurants';
  area: string | undefined;
  q: string;
  row: (result: T, priority: boolean, far: boolean) => ReactNode;
}) {
  const className = kind === 'dishes' ? 'sr-dishes' : 'sr-restaurants';
  return (
    <>
      {near.length > 0 && <ul className={className}>{near.map((x, i) => row(x, i < 2, false))}</ul>}
      {area !== undefined && far.length > 0 && (
        <FarHeading count={near.length} area={area} q={q} kind={kind} />
      )}
      {far.length > 0 && (
        <ul className={className}>{far.map((x, i) => row(x, near.length === 0 && i < 2, true))}</ul>
      )}
    </>
  );
}

function FarHeading({
  count,
  area,
  q,
  kind,
}: {
  count: number;
  area: string;
  q: string;
  kind: 'dishes' | 'restaurants';
}) {
  return (
    <h2 className="sr-far-heading">
      {count > 0
        ? `Farther away: these ${kind} don't deliver to ${area}`
        : `No ${kind} matching “${q}” deliver to ${area}. These are farther away:`}
    </h2>
  );
}

function DishRow({
  dish: d,
  priority,
  addable,
  farFrom,
}: {
  dish: DishHit;
  priority: boolean;
  addable: boolean;
  /** The chosen area, when this dish's restaurant does not deliver there. */
  farFrom?: string | undefined;
}) {
  const r = d.restaurant;
  return (
    <li className={`sr-dish${farFrom ? ' sr-dish--far' : ''}`} data-testid="dish-result">
      <Link className="sr-dish__restaurant" to={dishMenuPath(r.slug, d.id)}>
        <span className="sr-dish__rname">{r.name}</span>
        <span className="sr-dish__rmeta">
          ★ {r.rating.toFixed(1)} • {r.delivery_time_min} mins • {r.area}
          {addable ? '' : `, ${r.city}`}
          {r.is_open ? '' : ' • Closed'}
        </span>
      </Link>
      <div className="sr-dish__main">
        <div className="sr-dish__info">
          <DietMark diet={d.diet} />
          <h2 className="sr-dish__name">{d.name}</h2>
          <p className="sr-dish__price">{formatRupees(d.price)}</p>
          {d.description && <p className="sr-dish__desc">{d.description}</p>}
          {!d.in_stock && <p className="sr-dish__out">Out of stock</p>}
          {farFrom && <p className="sr-far">{doesNotDeliverTo(farFrom)}</p>}
        </div>
        <div className="sr-dish__side">
          {d.image && (
            <FallbackImage
              className="sr-dish__img"
              src={d.image}
              width={96}
              height={96}
              priority={priority}
            />
          )}
          {addable &&
            (d.option_groups?.length ? (
              <CustomisableStepper item={d} groups={d.option_groups} restaurantId={r.id} />
            ) : (
              <CartStepper
                item={{ id: d.id, name: d.name, price: d.price, restaurantId: r.id, inStock: d.in_stock }}
              />
            ))}
        </div>
      </div>
    </li>
  );
}

function RestaurantRow({
  restaurant: r,
  priority,
  farFrom,
}: {
  restaurant: SearchRestaurant;
  priority: boolean;
  farFrom?: string | undefined;
}) {
  return (
    <li className={`sr-rest${r.is_open ? '' : ' sr-rest--closed'}${farFrom ? ' sr-rest--far' : ''}`}>
      <Link className="sr-rest__link" to={`/restaurants/${encodeURIComponent(r.slug)}`}>
        <FallbackImage className="sr-rest__img" src={r.image} width={88} height={88} priority={priority} />
        <span className="sr-rest__text">
          <h2 className="sr-rest__name">{r.name}</h2>
          <span className="sr-rest__meta">
            ★ {r.rating.toFixed(1)} • {r.delivery_time_min} mins • {formatRupees(r.cost_for_two)} for two
          </span>
          <span className="sr-rest__cuisines">{r.cuisines.join(', ')}</span>
          {farFrom ? (
            <span className="sr-far">
              {doesNotDeliverTo(farFrom)} • {r.area}, {r.city}
            </span>
          ) : (
            r.delivers === null && (
              <span className="sr-rest__cuisines">
                {r.area}, {r.city}
              </span>
            )
          )}
          {!r.is_open && <span className="sr-rest__closed">{r.next_open_label ?? 'Closed now'}</span>}
        </span>
      </Link>
    </li>
  );
}
