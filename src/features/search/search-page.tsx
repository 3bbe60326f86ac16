// /search: suggestions while typing, then dishes (with their restaurant) and restaurants for ?q=.
import { useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import useSWR from 'swr';
import { CartStepper } from '../cart/index.tsx';
import { formatRupees } from '../../lib/format.ts';
import { type ApiError, fetcher } from '../../lib/http.ts';
import { useAppState } from '../../lib/store.ts';
import {
  SEARCH_QUERY_MAX,
  searchPaths,
  swrOptions,
  type DishHit,
  type RestaurantCard,
  type SearchResponse,
} from './api.ts';
import { SearchBox } from './search-box.tsx';
import './search.css';

const POPULAR = ['Biryani', 'Paneer', 'Pizza', 'Dosa', 'Burger', 'Chinese'];
type Tab = 'dishes' | 'restaurants';

export function SearchPage() {
  const [params, setParams] = useSearchParams();
  const navigate = useNavigate();
  const q = (params.get('q') ?? '').trim().slice(0, SEARCH_QUERY_MAX);
  const near = useAppState((s) => s.userLocation);
  const { data, error, isLoading, mutate } = useSWR<SearchResponse, ApiError>(
    q ? searchPaths.search(q, near) : null,
    fetcher,
    swrOptions,
  );
  const [tab, setTab] = useState<Tab | null>(null);
  const dishes = data?.dishes ?? [];
  const restaurants = data?.restaurants ?? [];
  const current: Tab = tab ?? (dishes.length === 0 && restaurants.length > 0 ? 'restaurants' : 'dishes');

  const search = (query: string) => {
    setTab(null);
    setParams(query ? { q: query } : {}, { replace: false });
  };

  return (
    <main id="main" className="page sr-page">
      <h1 className="sr-title">Search</h1>
      <SearchBox
        key={q}
        initial={q}
        onSearch={search}
        onPickRestaurant={(s) => navigate(`/restaurants/${encodeURIComponent(s.restaurant_slug)}`)}
      />

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
                <ul className="sr-dishes">
                  {dishes.map((d, i) => (
                    <DishRow key={d.id} dish={d} priority={i < 2} />
                  ))}
                </ul>
              )
            ) : restaurants.length === 0 ? (
              <p className="sr-state">No restaurants match “{q}”.</p>
            ) : (
              <ul className="sr-restaurants">
                {restaurants.map((r, i) => (
                  <RestaurantRow key={r.id} restaurant={r} priority={i < 2} />
                ))}
              </ul>
            )}
          </div>
        </section>
      )}
    </main>
  );
}

function DishRow({ dish: d, priority }: { dish: DishHit; priority: boolean }) {
  const r = d.restaurant;
  return (
    <li className="sr-dish" data-testid="dish-result">
      <Link className="sr-dish__restaurant" to={`/restaurants/${encodeURIComponent(r.slug)}`}>
        <span className="sr-dish__rname">{r.name}</span>
        <span className="sr-dish__rmeta">
          ★ {r.rating.toFixed(1)} • {r.delivery_time_min} mins • {r.area}
          {r.is_open ? '' : ' • Closed'}
        </span>
      </Link>
      <div className="sr-dish__main">
        <div className="sr-dish__info">
          <span className={`sr-veg ${d.is_veg ? 'sr-veg--veg' : 'sr-veg--nonveg'}`}>
            <span className="visually-hidden">{d.is_veg ? 'Veg' : 'Non-veg'}</span>
          </span>
          <h2 className="sr-dish__name">{d.name}</h2>
          <p className="sr-dish__price">{formatRupees(d.price)}</p>
          {d.description && <p className="sr-dish__desc">{d.description}</p>}
          {!d.in_stock && <p className="sr-dish__out">Out of stock</p>}
        </div>
        <div className="sr-dish__side">
          {d.image && (
            <img
              className="sr-dish__img"
              src={d.image}
              alt=""
              width={96}
              height={96}
              loading={priority ? 'eager' : 'lazy'}
              decoding={priority ? 'auto' : 'async'}
              {...(priority ? { fetchPriority: 'high' as const } : {})}
              onError={(e) => {
                if (!e.currentTarget.src.endsWith('/img/default-restaurant.svg'))
                  e.currentTarget.src = '/img/default-restaurant.svg';
              }}
            />
          )}
          <CartStepper
            item={{ id: d.id, name: d.name, price: d.price, restaurantId: r.id, inStock: d.in_stock }}
          />
        </div>
      </div>
    </li>
  );
}

function RestaurantRow({ restaurant: r, priority }: { restaurant: RestaurantCard; priority: boolean }) {
  return (
    <li className={`sr-rest${r.is_open ? '' : ' sr-rest--closed'}`}>
      <Link className="sr-rest__link" to={`/restaurants/${encodeURIComponent(r.slug)}`}>
        <img
          className="sr-rest__img"
          src={r.image}
          alt=""
          width={88}
          height={88}
          loading={priority ? 'eager' : 'lazy'}
          decoding={priority ? 'auto' : 'async'}
          onError={(e) => {
            if (!e.currentTarget.src.endsWith('/img/default-restaurant.svg'))
              e.currentTarget.src = '/img/default-restaurant.svg';
          }}
        />
        <span className="sr-rest__text">
          <h2 className="sr-rest__name">{r.name}</h2>
          <span className="sr-rest__meta">
            ★ {r.rating.toFixed(1)} • {r.delivery_time_min} mins • {formatRupees(r.cost_for_two)} for two
          </span>
          <span className="sr-rest__cuisines">{r.cuisines.join(', ')}</span>
          {!r.is_open && <span className="sr-rest__closed">{r.next_open_label ?? 'Closed now'}</span>}
        </span>
      </Link>
    </li>
  );
}
