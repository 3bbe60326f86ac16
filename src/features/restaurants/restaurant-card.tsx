// One restaurant in the list: picture, name, rating, delivery time, cost for two, cuisines, offer and
// distance. A closed restaurant is greyed and says when it opens next; a paused one says it is not
// accepting orders (docs/kitchen-controls.md).
import { Link } from '../../lib/router.tsx';
import { formatDistance, formatRupees } from '../../lib/format.ts';
import { HeartButton } from '../favourites/index.tsx';
import type { RestaurantCard as Card } from '../../shared/api/discovery.ts';
import { FallbackImage } from '../../lib/fallback-image.tsx';

export const CARD_IMAGE_SIZES = '(min-width: 1024px) 280px, (min-width: 640px) 45vw, 100vw';

export function RestaurantCard({
  restaurant: r,
  priority = false,
}: {
  restaurant: Card;
  priority?: boolean;
}) {
  const distance = r.distance_m == null ? null : formatDistance(r.distance_m);
  return (
    <li className={`rl-card${r.is_open ? '' : ' rl-card--closed'}`}>
      <Link className="rl-card__link" to={`/restaurants/${encodeURIComponent(r.slug)}`}>
        <span className="rl-card__media">
          <FallbackImage
            className="rl-card__img"
            src={r.image}
            width={480}
            height={320}
            sizes={CARD_IMAGE_SIZES}
            priority={priority}
          />
          {r.offer_text && <span className="rl-card__offer">{r.offer_text}</span>}
          {!r.is_open && <span className="rl-card__closed-badge">Closed</span>}
        </span>
        <span className="rl-card__body">
          <h3 className="rl-card__name">{r.name}</h3>
          <span className="rl-card__meta">
            <span className="rl-card__rating" aria-label={`Rated ${r.rating.toFixed(1)} out of 5`}>
              <span aria-hidden="true">★ {r.rating.toFixed(1)}</span>
            </span>
            <span aria-hidden="true">•</span>
            <span>{r.delivery_time_min} mins</span>
            <span aria-hidden="true">•</span>
            <span>{formatRupees(r.cost_for_two)} for two</span>
          </span>
          <span className="rl-card__cuisines">{r.cuisines.join(', ')}</span>
          <span className="rl-card__foot">
            <span>{r.area}</span>
            {distance && (
              <>
                <span aria-hidden="true">•</span>
                <span>{distance}</span>
              </>
            )}
            {r.pure_veg && <span className="rl-card__veg">Pure veg</span>}
          </span>
          {!r.is_open && <span className="rl-card__next-open">{r.next_open_label ?? 'Closed now'}</span>}
          {r.is_open && r.accepting_orders === false && (
            <span className="rl-card__paused">{r.not_accepting_reason}</span>
          )}
        </span>
      </Link>
      <HeartButton restaurantId={r.id} name={r.name} className="heart--card" />
    </li>
  );
}

export function RestaurantCardSkeleton() {
  return (
    <li className="rl-card rl-card--skeleton" aria-hidden="true">
      <span className="rl-card__media skeleton" />
      <span className="rl-card__body">
        <span className="skeleton rl-skel-line rl-skel-line--wide" />
        <span className="skeleton rl-skel-line" />
        <span className="skeleton rl-skel-line rl-skel-line--short" />
      </span>
    </li>
  );
}
