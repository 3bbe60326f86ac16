// /restaurants: banners, then the restaurants that deliver to the chosen point with filters and sorts
// kept in the URL. Shows the last list while revalidating, and offline (from the service worker cache).
import { useEffect, useMemo } from 'react';
import { useSearchParams } from '../../lib/router.tsx';
import { emit } from '../../lib/events.ts';
import { useAppState } from '../../lib/app-state.ts';
import { discoveryPaths } from '../../shared/api/paths.ts';
import { useApi } from '../../lib/use-api.ts';
import type { BannersResponse, RestaurantListResponse } from '../../shared/api/discovery.ts';
import { BannerCarousel } from './banner-carousel.tsx';
import {
  activeFilterCount,
  applyFilters,
  readFilters,
  SORTS,
  writeFilters,
  type ListFilters,
} from './filters.ts';
import { LoadingBar } from './loading-bar.tsx';
import { RestaurantCard, RestaurantCardSkeleton } from './restaurant-card.tsx';
import { useOnline } from '../../lib/use-online.ts';
import { useRenderedCount } from './use-progressive.ts';
import { pageTitle } from '../../shared/routes.ts';
import './restaurants.css';
import { useVegMode } from '../../lib/veg-mode.ts';

const PRIORITY_CARDS = 2;
/** Cards rendered in the first pass; the rest follow in a transition. */
const FIRST_PASS_CARDS = 8;

export function RestaurantListPage() {
  const location = useAppState((s) => s.userLocation);
  const [params, setParams] = useSearchParams();
  const filters = useMemo(() => readFilters(params), [params]);
  const list = useApi<RestaurantListResponse>(
    location ? discoveryPaths.restaurantList(location.lat, location.lng) : null,
  );
  const banners = useApi<BannersResponse>(discoveryPaths.banners());
  const title = pageTitle('restaurants', location ? { area: location.area } : {});
  useEffect(() => {
    document.title = title;
  }, [title]);

  const setFilters = (patch: Partial<ListFilters>) =>
    setParams(writeFilters(params, { ...filters, ...patch }), { replace: true });
  const changeLocation = () => emit('show-location', {});

  const vegMode = useVegMode();
  const shown = useMemo(
    () => (list.data ? applyFilters(list.data.results, filters, vegMode) : []),
    [list.data, filters, vegMode],
  );
  const renderedCards = useRenderedCount(!!list.data, FIRST_PASS_CARDS, shown.length);
  const online = useOnline();
  const offline = !online || (!!list.error && list.error.status === 0);

  return (
    <main id="main" className="page rl-page">
      <LoadingBar active={list.isLoading} />
      <div className="rl-heading">
        <h1 className="rl-heading__title">
          {location ? (
            <>
              Restaurants near <span className="rl-heading__area">{location.area}</span>
            </>
          ) : (
            'Restaurants near you'
          )}
        </h1>
        {/* Phones have the location header right above; this is for wide screens. */}
        <button
          type="button"
          className="button rl-heading__change large-screen-only"
          onClick={changeLocation}
        >
          Change location
        </button>
      </div>

      {(list.error || offline) && list.data && (
        <p className="rl-notice" role="status">
          {offline
            ? 'You are offline. Showing the restaurants we loaded last.'
            : 'Could not refresh the list. Showing what we loaded last.'}
        </p>
      )}

      {banners.data ? (
        <BannerCarousel banners={banners.data.results} />
      ) : banners.isLoading ? (
        <div className="rl-carousel rl-carousel--placeholder skeleton" aria-hidden="true" />
      ) : null}

      {!location ? (
        <section className="rl-state">
          <h2>Where should we deliver?</h2>
          <p>Choose a delivery location to see restaurants near you.</p>
          <button type="button" className="button button--primary" onClick={changeLocation}>
            Choose location
          </button>
        </section>
      ) : list.error && !list.data ? (
        <section className="rl-state" role="alert">
          <h2>{offline ? 'You are offline' : 'Could not load restaurants'}</h2>
          <p>{offline ? 'Connect to the internet and try again.' : list.error.message}</p>
          <button type="button" className="button button--primary" onClick={() => void list.mutate()}>
            Retry
          </button>
        </section>
      ) : !list.data ? (
        <ul className="rl-grid" aria-busy="true" aria-label="Loading restaurants">
          {Array.from({ length: 6 }, (_, i) => (
            <RestaurantCardSkeleton key={i} />
          ))}
        </ul>
      ) : list.data.total_nearby === 0 ? (
        <section className="rl-state">
          <h2>No restaurants deliver here yet</h2>
          <p>We do not deliver to {location.area} yet. Try another location nearby.</p>
          <button type="button" className="button button--primary" onClick={changeLocation}>
            Change location
          </button>
        </section>
      ) : (
        <>
          <FilterBar filters={filters} cuisines={list.data.cuisines} onChange={setFilters} />
          <h2 className="rl-count" aria-live="polite">
            {shown.length} {shown.length === 1 ? 'restaurant' : 'restaurants'}
          </h2>
          {shown.length === 0 ? (
            <section className="rl-state">
              <p>No restaurants match these filters.</p>
              <button
                type="button"
                className="button"
                onClick={() => setFilters({ veg: false, rating4: false, fast: false, cuisine: '' })}
              >
                Clear filters
              </button>
            </section>
          ) : (
            <ul className="rl-grid" data-testid="restaurant-list">
              {shown.slice(0, renderedCards).map((r, i) => (
                <RestaurantCard key={r.id} restaurant={r} priority={i < PRIORITY_CARDS} />
              ))}
            </ul>
          )}
        </>
      )}
    </main>
  );
}

function FilterBar({
  filters,
  cuisines,
  onChange,
}: {
  filters: ListFilters;
  cuisines: string[];
  onChange: (patch: Partial<ListFilters>) => void;
}) {
  const toggles: { key: 'veg' | 'rating4' | 'fast'; label: string }[] = [
    { key: 'veg', label: 'Veg only' },
    { key: 'rating4', label: 'Rating 4.0+' },
    { key: 'fast', label: 'Fast delivery' },
  ];
  const count = activeFilterCount(filters);
  return (
    <div className="rl-filters" role="group" aria-label="Filter and sort restaurants">
      {toggles.map((t) => (
        <button
          key={t.key}
          type="button"
          className={`rl-chip${filters[t.key] ? ' rl-chip--on' : ''}`}
          aria-pressed={filters[t.key]}
          onClick={() => onChange({ [t.key]: !filters[t.key] })}
        >
          {t.label}
        </button>
      ))}
      <label className="rl-select">
        <span className="visually-hidden">Cuisine</span>
        <select value={filters.cuisine} onChange={(e) => onChange({ cuisine: e.target.value })}>
          <option value="">All cuisines</option>
          {filters.cuisine && !cuisines.includes(filters.cuisine) && (
            <option value={filters.cuisine}>{filters.cuisine}</option>
          )}
          {cuisines.map((c) => (
            <option key={c} value={c}>
              {c}
            </option>
          ))}
        </select>
      </label>
      <label className="rl-select">
        <span className="visually-hidden">Sort by</span>
        <select
          value={filters.sort}
          onChange={(e) => onChange({ sort: e.target.value as ListFilters['sort'] })}
        >
          {SORTS.map((s) => (
            <option key={s.value} value={s.value}>
              Sort: {s.label}
            </option>
          ))}
        </select>
      </label>
      {count > 0 && (
        <button
          type="button"
          className="rl-chip rl-chip--clear"
          onClick={() => onChange({ veg: false, rating4: false, fast: false, cuisine: '' })}
        >
          Clear filters ({count})
        </button>
      )}
    </div>
  );
}
