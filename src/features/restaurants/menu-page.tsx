// /restaurants/{slug}: header info, offers strip, categories with counts and jump links, veg-only
// toggle (or Veg mode), search inside the menu, and each item with its Add / quantity stepper from the cart feature.
import { useDeferredValue, useEffect, useMemo, useRef, useState } from 'react';
import { Link, useParams, useSearchParams } from '../../lib/router.tsx';
import { CartStepper, CustomisableStepper } from '../cart/index.tsx';
import { formatCount, formatDistance, formatRupees } from '../../lib/format.ts';
import { discoveryPaths } from '../../shared/api/paths.ts';
import { servedAt, useApi } from '../../lib/use-api.ts';
import type { MenuItem, RestaurantDetail } from '../../shared/api/discovery.ts';
import { HeartButton } from '../favourites/index.tsx';
import { FallbackImage } from '../../lib/fallback-image.tsx';
import { MenuAge } from './menu-age.tsx';
import { NotFoundPage } from '../../lib/not-found-page.tsx';
import { useOnline } from '../../lib/use-online.ts';
import { useRenderedCount } from './use-progressive.ts';
import type { dishMatcher as DishMatcher } from '../../shared/spelling-key.ts';
import { pageTitle } from '../../shared/routes.ts';

import { setVegMode, useVegMode } from '../../lib/veg-mode.ts';
import { DietMark } from '../veg-mode/index.tsx';
import './restaurants.css';

/** Items rendered in the first pass; the rest follow as many at a time, each in a transition. */
const FIRST_PASS_ITEMS = 10;

export function RestaurantMenuPage() {
  const { slug = '' } = useParams();
  const { data, error, isLoading, mutate } = useApi<RestaurantDetail>(discoveryPaths.restaurant(slug));
  // Veg mode (the header's switch) shows veg dishes only on every menu; the menu's own toggle does the
  // same for this menu alone.
  const vegMode = useVegMode();
  const [vegChosen, setVegOnly] = useState(false);
  const vegOnly = vegMode || vegChosen;
  const [query, setQuery] = useState('');
  const deferredQuery = useDeferredValue(query);
  const online = useOnline();
  // Named once known. While the menu loads the tab keeps its title: the server's (which already names
  // the restaurant, or says the page is not found) or, after a tap on a link, the route's.
  const title =
    error?.status === 404
      ? pageTitle('not-found')
      : data
        ? pageTitle('restaurants-slug', { restaurant: data.name, area: data.area })
        : null;
  useEffect(() => {
    if (title) document.title = title;
  }, [title]);

  // The spelling rules load with the first search, not with the menu (first-route JavaScript).
  const [spelling, setSpelling] = useState<{ dishMatcher: typeof DishMatcher } | null>(null);
  useEffect(() => {
    if (query && !spelling) void import('../../shared/spelling-key.ts').then(setSpelling, () => undefined);
  }, [query, spelling]);

  const categories = useMemo(() => {
    if (!data) return [];
    // As typed, or by spelling ("panner" for Paneer) when nothing matches as typed: see dishMatcher.
    // Until the rules have loaded, as typed only.
    const q = deferredQuery.trim().toLowerCase();
    const match = spelling
      ? spelling.dishMatcher(q)
      : q
        ? (name: string, description: string) =>
            name.toLowerCase().includes(q) || description.toLowerCase().includes(q) ? 2 : 0
        : null;
    const level = new Map<number, number>();
    let best = 0;
    if (match) {
      for (const c of data.categories) {
        for (const i of c.items) {
          if (vegOnly && !i.is_veg) continue;
          const l = match(i.name, i.description);
          level.set(i.id, l);
          best = Math.max(best, l);
        }
      }
    }
    return data.categories
      .map((c) => ({
        ...c,
        items: c.items.filter(
          (i) => (!vegOnly || i.is_veg) && (!match || (best > 0 && level.get(i.id) === best)),
        ),
      }))
      .filter((c) => c.items.length > 0);
  }, [data, vegOnly, deferredQuery, spelling]);

  const itemCount = categories.reduce((n, c) => n + c.items.length, 0);
  const renderedItems = useRenderedCount(!!data, FIRST_PASS_ITEMS, itemCount);
  const rendered = useMemo(() => {
    const withTotals = categories.map((c) => ({ ...c, total: c.items.length }));
    if (renderedItems >= itemCount) return withTotals;
    let budget = renderedItems;
    const first: typeof withTotals = [];
    for (const c of withTotals) {
      if (budget <= 0) break;
      first.push({ ...c, items: c.items.slice(0, budget) });
      budget -= c.total;
    }
    return first;
  }, [categories, renderedItems, itemCount]);
  // ?dish={id} (a dish picked in search): scroll to it once it is rendered and mark it.
  const [params] = useSearchParams();
  const targetDish = Number(params.get('dish')) || null;
  const scrolledTo = useRef('');
  useEffect(() => {
    if (!targetDish || scrolledTo.current === `${slug}:${targetDish}`) return;
    const el = document.getElementById(`dish-${targetDish}`);
    if (!el) return; // not rendered yet (second pass) or not on this menu
    scrolledTo.current = `${slug}:${targetDish}`;
    el.scrollIntoView?.({ block: 'center' });
    el.focus({ preventScroll: true });
  }, [slug, targetDish, rendered]);
  const sectionIds = rendered.map((c) => c.id).join(',');
  const [activeCat, setActiveCat] = useState<number | null>(null);
  const navList = useRef<HTMLUListElement>(null);
  useEffect(() => {
    if (!sectionIds || typeof IntersectionObserver === 'undefined') return;
    // The category whose section crosses the upper part of the screen is the one being read.
    const io = new IntersectionObserver(
      (entries) => {
        const hit = entries.find((e) => e.isIntersecting);
        if (hit) setActiveCat(Number(hit.target.id.slice(4)));
      },
      { rootMargin: '-80px 0px -70% 0px' },
    );
    for (const id of sectionIds.split(',')) {
      const el = document.getElementById(`cat-${id}`);
      if (el) io.observe(el);
    }
    return () => io.disconnect();
  }, [sectionIds]);
  useEffect(() => {
    // Keep the current category's chip in view in the sideways-scrolling bar on phones.
    const list = navList.current;
    const link = list?.querySelector<HTMLElement>('[aria-current="true"]');
    if (list && link && list.scrollWidth > list.clientWidth) {
      list.scrollTo?.({ left: link.offsetLeft - list.offsetLeft - 16, behavior: 'smooth' });
    }
  }, [activeCat]);

  if (error?.status === 404) return <NotFoundPage />;

  if (!data) {
    return (
      <main id="main" className="page rm-page" aria-busy={isLoading}>
        {error ? (
          <section className="rl-state" role="alert">
            <h1>{error.status === 0 ? 'You are offline' : 'Could not load the menu'}</h1>
            <p>{error.status === 0 ? 'Connect to the internet and try again.' : error.message}</p>
            <button type="button" className="button button--primary" onClick={() => void mutate()}>
              Retry
            </button>
          </section>
        ) : (
          <>
            <h1 className="visually-hidden">Loading menu</h1>
            <div className="rm-header rm-header--skeleton" aria-hidden="true">
              <span className="skeleton rl-skel-line rl-skel-line--wide" />
              <span className="skeleton rl-skel-line" />
              <span className="skeleton rl-skel-line rl-skel-line--short" />
            </div>
            <ul className="rm-items" aria-hidden="true">
              {Array.from({ length: 4 }, (_, i) => (
                <li key={i} className="rm-item rm-item--skeleton">
                  <span className="rm-item__info">
                    <span className="skeleton rl-skel-line rl-skel-line--wide" />
                    <span className="skeleton rl-skel-line rl-skel-line--short" />
                  </span>
                  <span className="skeleton rm-item__media" />
                </li>
              ))}
            </ul>
          </>
        )}
      </main>
    );
  }

  const r = data;
  const distance = r.distance_m == null ? null : formatDistance(r.distance_m);
  const shownCount = categories.reduce((n, c) => n + c.items.length, 0);
  const filtering = vegOnly || deferredQuery.trim() !== '';
  let imageBudget = 2;

  return (
    <main id="main" className="page rm-page">
      {(error || !online) && (
        <p className="rl-notice" role="status">
          {!online || error?.status === 0
            ? 'You are offline. Showing the menu we loaded last.'
            : 'Could not refresh the menu. Showing what we loaded last.'}
          <MenuAge at={servedAt(discoveryPaths.restaurant(slug))} />
        </p>
      )}
      {/* Phones show no header on this page: a way back to the list. */}
      <Link className="rm-back small-screen-only" to="/restaurants">
        <span aria-hidden="true">←</span> All restaurants
      </Link>
      <header className={`rm-header${r.is_open ? '' : ' rm-header--closed'}`}>
        <div className="rm-header__title">
          <h1 className="rm-header__name">{r.name}</h1>
          <HeartButton restaurantId={r.id} name={r.name} className="heart--menu" />
        </div>
        <p className="rm-header__cuisines">{r.cuisines.join(', ')}</p>
        <p className="rm-header__address">
          {r.area}
          {r.city ? `, ${r.city}` : ''}
          {distance ? ` • ${distance}` : ''}
        </p>
        <ul className="rm-facts">
          <li>
            <strong aria-label={`Rated ${r.rating.toFixed(1)} out of 5`}>★ {r.rating.toFixed(1)}</strong>
            <span>{formatCount(r.rating_count)} ratings</span>
          </li>
          <li>
            <strong>{r.delivery_time_min} mins</strong>
            <span>Delivery time</span>
          </li>
          <li>
            <strong>{formatRupees(r.cost_for_two)}</strong>
            <span>Cost for two</span>
          </li>
        </ul>
        <p className={r.is_open ? 'rm-header__hours' : 'rm-header__hours rm-header__hours--closed'}>
          {r.is_open ? r.hours_label : `Closed now. ${r.next_open_label ?? ''}`}
        </p>
        {r.accepting_orders === false && <p className="rm-header__paused">{r.not_accepting_reason}</p>}
      </header>

      {r.offers.length > 0 && (
        <section className="rm-offers" aria-labelledby="rm-offers-title">
          <h2 id="rm-offers-title" className="visually-hidden">
            Offers
          </h2>
          {/* Focusable so a keyboard can scroll the strip sideways (it holds nothing else to focus). */}
          <ul className="rm-offers__list" tabIndex={0} aria-labelledby="rm-offers-title">
            {r.offers.map((o) => (
              <li key={o.id} className="rm-offer">
                <strong className="rm-offer__title">{o.subtitle}</strong>
                <span className="rm-offer__code">
                  Use <code>{o.coupon_code}</code>
                </span>
              </li>
            ))}
          </ul>
        </section>
      )}

      <div className="rm-tools">
        <label className="rm-search">
          <span className="visually-hidden">Search in the menu</span>
          <input
            type="search"
            placeholder="Search for dishes"
            value={query}
            onChange={(e) => setQuery(e.target.value)}
            maxLength={100}
          />
        </label>
        {vegMode ? (
          <p className="rm-veg-toggle">
            <span>Veg mode is on: veg dishes only</span>
            {/* On a phone the switch is on the list's header, not here: turning it off is one tap too. */}
            <button type="button" className="rm-veg-off" onClick={() => setVegMode(false)}>
              Turn off
            </button>
          </p>
        ) : (
          <label className="rm-veg-toggle">
            <input type="checkbox" checked={vegOnly} onChange={(e) => setVegOnly(e.target.checked)} />
            <span>Veg only</span>
          </label>
        )}
      </div>

      <div className="rm-body">
        <nav className="rm-categories" aria-label="Menu categories">
          <ul ref={navList}>
            {categories.map((c) => (
              <li key={c.id}>
                <a href={`#cat-${c.id}`} aria-current={activeCat === c.id ? 'true' : undefined}>
                  {c.name} <span className="rm-categories__count">({c.items.length})</span>
                </a>
              </li>
            ))}
          </ul>
        </nav>

        <div className="rm-menu">
          {filtering && (
            <p className="rm-menu__summary" role="status">
              {shownCount === 0
                ? 'No dishes match.'
                : `${shownCount} ${shownCount === 1 ? 'dish' : 'dishes'} found`}
            </p>
          )}
          {rendered.map((c) => (
            <section
              key={c.id}
              id={`cat-${c.id}`}
              className="rm-category"
              aria-labelledby={`cat-${c.id}-title`}
            >
              <h2 id={`cat-${c.id}-title`} className="rm-category__title">
                {c.name} <span className="rm-categories__count">({c.total})</span>
              </h2>
              <ul className="rm-items">
                {c.items.map((item) => {
                  const priority = !!item.image && imageBudget > 0;
                  if (priority) imageBudget--;
                  return (
                    <MenuItemRow
                      key={item.id}
                      item={item}
                      restaurantId={r.id}
                      priority={priority}
                      targeted={item.id === targetDish}
                    />
                  );
                })}
              </ul>
            </section>
          ))}
        </div>
      </div>
    </main>
  );
}

/** The dish a search led to (?dish=): tinted beyond its edges, so that nothing moves. */
const TARGET_STYLE = {
  background: 'color-mix(in srgb, var(--brand) 30%, var(--bg))',
  boxShadow: '0 0 0 var(--space-2) color-mix(in srgb, var(--brand) 30%, var(--bg))',
  borderRadius: 'var(--space-1)',
  outline: 'none',
} as const;

function MenuItemRow({
  item,
  restaurantId,
  priority,
  targeted = false,
}: {
  item: MenuItem;
  restaurantId: number;
  priority: boolean;
  targeted?: boolean;
}) {
  return (
    <li
      id={`dish-${item.id}`}
      className={`rm-item${item.in_stock ? '' : ' rm-item--out'}`}
      data-testid="menu-item"
      // Focusable only as the target, so a screen reader starts reading at the dish.
      tabIndex={targeted ? -1 : undefined}
      aria-current={targeted ? 'true' : undefined}
      style={targeted ? TARGET_STYLE : undefined}
    >
      <div className="rm-item__info">
        <DietMark diet={item.diet} />
        {item.is_bestseller && <span className="rm-item__bestseller">★ Bestseller</span>}
        <h3 className="rm-item__name">{item.name}</h3>
        <p className="rm-item__price">{formatRupees(item.price)}</p>
        {item.description && <p className="rm-item__desc">{item.description}</p>}
        {!item.in_stock && <p className="rm-item__out">Out of stock</p>}
      </div>
      <div className="rm-item__side">
        {item.image && (
          <FallbackImage
            className="rm-item__media"
            src={item.image}
            width={144}
            height={144}
            sizes="(min-width: 1024px) 144px, 112px"
            priority={priority}
          />
        )}
        <div className="rm-item__stepper">
          {item.option_groups?.length ? (
            <CustomisableStepper item={item} groups={item.option_groups} restaurantId={restaurantId} />
          ) : (
            <CartStepper
              item={{ id: item.id, name: item.name, price: item.price, restaurantId, inStock: item.in_stock }}
            />
          )}
        </div>
      </div>
    </li>
  );
}
