// /restaurants: banners, then the restaurants that deliver to the chosen point, a page at a time, with
// filters and sorts kept in the URL and applied by the server. Shows the last list while revalidating,
// and offline (from the service worker cache).
import { useEffect, useEffectEvent, useMemo, useRef, useState } from 'react';
import { useSearchParams } from '../../lib/router.tsx';
import { emit } from '../../lib/events.ts';
import { useAppState } from '../../lib/app-state.ts';
import { discoveryPaths } from '../../shared/api/paths.ts';
import { useApi } from '../../lib/use-api.ts';
import type { BannersResponse, RestaurantListResponse } from '../../shared/api/discovery.ts';
import { readListFilters, writeListFilters, type ListFilters } from '../../shared/list-filters.ts';
import { restaurantListPath } from '../../lib/restaurant-list-path.ts';
import { BannerCarousel } from './banner-carousel.tsx';
import { activeFilterCount, SORTS, withoutFilters } from './filters.ts';
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
/** The next page is asked for once the "Show more" button is this close below the screen. */
const AUTO_MORE_MARGIN_PX = 800;
const REACHED_ABOVE_PX = 1_000_000;

export function RestaurantListPage() {
  const location = useAppState((s) => s.userLocation);
  const [params, setParams] = useSearchParams();
  const filters = useMemo(() => readListFilters(params), [params]);
  const vegMode = useVegMode();
  const firstPage = location ? restaurantListPath(location, { filters, vegMode }) : null;
  const list = useApi<RestaurantListResponse>(firstPage);
  const banners = useApi<BannersResponse>(discoveryPaths.banners());
  const title = pageTitle('restaurants', location ? { area: location.area } : {});
  useEffect(() => {
    document.title = title;
  }, [title]);

  const setFilters = (next: ListFilters) => setParams(writeListFilters(params, next), { replace: true });
  const clearFilters = () => setFilters(withoutFilters(filters));
  const changeLocation = () => emit('show-location', {});

  const online = useOnline();
  const offline = !online || (!!list.error && list.error.status === 0);
  const filtered = activeFilterCount(filters) > 0;

  return (
    <main id="main" className="page rl-page">
      <LoadingBar active={list.isLoading || (list.isPrevious && !list.error)} />
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

      {(list.error || offline) && list.data && !list.isPrevious && (
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

      {!location || firstPage === null ? (
        <section className="rl-state">
          <h2>Where should we deliver?</h2>
          <p>Choose a delivery location to see restaurants near you.</p>
          <button type="button" className="button button--primary" onClick={changeLocation}>
            Choose location
          </button>
        </section>
      ) : list.error && !list.data ? (
        <ListFailed
          offline={offline}
          message={list.error.message}
          retry={() => void list.mutate()}
          clear={filtered ? clearFilters : undefined}
        />
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
          {list.isPrevious && list.error ? (
            // The cards on screen are the last filters'; these need their own answer.
            <ListFailed
              offline={offline}
              message={list.error.message}
              retry={() => void list.mutate()}
              clear={filtered ? clearFilters : undefined}
            />
          ) : (
            <>
              <h2 className="rl-count" aria-live="polite">
                {list.data.count} {list.data.count === 1 ? 'restaurant' : 'restaurants'}
              </h2>
              {list.data.count === 0 ? (
                <section className="rl-state">
                  <p>No restaurants match these filters.</p>
                  <button type="button" className="button" onClick={clearFilters}>
                    Clear filters
                  </button>
                </section>
              ) : (
                <RestaurantPages
                  key={firstPage}
                  firstPath={firstPage}
                  first={list.data}
                  busy={list.isPrevious}
                />
              )}
            </>
          )}
        </>
      )}
    </main>
  );
}

function ListFailed({
  offline,
  message,
  retry,
  clear,
}: {
  offline: boolean;
  message: string;
  retry: () => void;
  clear: (() => void) | undefined;
}) {
  return (
    <section className="rl-state" role="alert">
      <h2>{offline ? 'You are offline' : 'Could not load restaurants'}</h2>
      <p>{offline ? 'Connect to the internet and try again.' : message}</p>
      <button type="button" className="button button--primary" onClick={retry}>
        Retry
      </button>
      {clear && (
        <button type="button" className="button rl-state__second" onClick={clear}>
          Clear filters
        </button>
      )}
    </section>
  );
}

/** The pages shown after the first, per first page: back on the list, the same cards are there. */
const shownPages = new Map<string, string[]>();
const SHOWN_LISTS_KEPT = 20;

/**
 * The first page's cards, then each further page the customer scrolled to (or asked for with "Show
 * more"), each under its own API path (its `next` link), so the browser and the service worker keep
 * every page as they keep the first.
 */
function RestaurantPages({
  firstPath,
  first,
  busy,
}: {
  firstPath: string;
  first: RestaurantListResponse;
  busy: boolean;
}) {
  const [more, setMore] = useState<string[]>(() => shownPages.get(firstPath) ?? []);
  const rendered = useRenderedCount(true, FIRST_PASS_CARDS, first.results.length);
  const lastPath = more.at(-1) ?? null;
  const last = useApi<RestaurantListResponse>(lastPath);
  const next = lastPath === null ? first.next : (last.data?.next ?? null);

  const showMore = () => {
    if (!next) return;
    const pages = [...more, next];
    setMore(pages);
    if (shownPages.size >= SHOWN_LISTS_KEPT) shownPages.clear();
    shownPages.set(firstPath, pages);
  };

  return (
    <>
      <ul
        className={`rl-grid${busy ? ' rl-grid--stale' : ''}`}
        data-testid="restaurant-list"
        aria-busy={busy}
      >
        {first.results.slice(0, rendered).map((r, i) => (
          <RestaurantCard key={r.id} restaurant={r} priority={i < PRIORITY_CARDS} />
        ))}
        {more.map((path) => (
          <MoreCards key={path} path={path} />
        ))}
      </ul>
      {lastPath !== null && last.error ? (
        <div className="rl-more" role="alert">
          <p>Could not load more restaurants.</p>
          <button type="button" className="button" onClick={() => void last.mutate()}>
            Retry
          </button>
        </div>
      ) : next && rendered >= first.results.length ? (
        <ShowMore key={next} onShow={showMore} />
      ) : null}
    </>
  );
}

/** A further page's cards, placeholders while it loads (its failure is told below the list). */
function MoreCards({ path }: { path: string }) {
  const page = useApi<RestaurantListResponse>(path);
  if (!page.data) {
    return page.error
      ? null
      : Array.from({ length: 4 }, (_, i) => <RestaurantCardSkeleton key={`loading-${i}`} />);
  }
  return page.data.results.map((r) => <RestaurantCard key={r.id} restaurant={r} />);
}

/**
 * "Show more restaurants", under a page once all its cards are on screen: tapped, or reached while
 * scrolling (it asks once it is within AUTO_MORE_MARGIN_PX of the screen). Keyed by the page it
 * shows, so a new one observes afresh and a button still in view after a short page asks at once.
 */
function ShowMore({ onShow }: { onShow: () => void }) {
  const button = useRef<HTMLButtonElement>(null);
  const reached = useEffectEvent(onShow);
  useEffect(() => {
    const el = button.current;
    if (!el || typeof IntersectionObserver === 'undefined') return;
    const seen = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) {
          seen.disconnect();
          reached();
        }
      },
      // Reached also when it is above the screen: a jump to the end of the page skips past it.
      { rootMargin: `${REACHED_ABOVE_PX}px 0px ${AUTO_MORE_MARGIN_PX}px 0px` },
    );
    seen.observe(el);
    return () => seen.disconnect();
  }, []);
  return (
    <div className="rl-more">
      <button ref={button} type="button" className="button" onClick={onShow}>
        Show more restaurants
      </button>
    </div>
  );
}

function FilterBar({
  filters,
  cuisines,
  onChange,
}: {
  filters: ListFilters;
  cuisines: string[];
  onChange: (next: ListFilters) => void;
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
          onClick={() => onChange({ ...filters, [t.key]: !filters[t.key] })}
        >
          {t.label}
        </button>
      ))}
      <label className="rl-select">
        <span className="visually-hidden">Cuisine</span>
        <select value={filters.cuisine} onChange={(e) => onChange({ ...filters, cuisine: e.target.value })}>
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
          onChange={(e) => onChange({ ...filters, sort: e.target.value as ListFilters['sort'] })}
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
          onClick={() => onChange(withoutFilters(filters))}
        >
          Clear filters ({count})
        </button>
      )}
    </div>
  );
}
