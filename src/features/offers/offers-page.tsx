// /offers: coupons anyone can use and restaurants with offers that deliver to the chosen location.
import { discoveryPaths } from '../../shared/api/paths.ts';
import { useState } from 'react';
import { Link } from '../../lib/router.tsx';
import type { OfferCoupon, OffersResponse, RestaurantCard } from '../../shared/api/discovery.ts';
import { formatValidTill } from '../../shared/coupon-rules.ts';
import { emit } from '../../lib/events.ts';
import { formatRupees } from '../../lib/format.ts';
import { useAppState } from '../../lib/app-state.ts';
import { FallbackImage } from '../../lib/fallback-image.tsx';
import { useApi } from '../../lib/use-api.ts';
import './offers.css';
import { servesVegMode } from '../../shared/diet.ts';
import { useVegMode } from '../../lib/veg-mode.ts';

export function OffersPage() {
  const location = useAppState((s) => s.userLocation);
  const { data, error, mutate } = useApi<OffersResponse>(discoveryPaths.offers(location ?? undefined));
  const vegMode = useVegMode();
  const restaurants = (data?.restaurants ?? []).filter((r) => !vegMode || servesVegMode(r));
  const offline = error?.status === 0;

  return (
    <main id="main" className="page of-page">
      <h1>Offers for you</h1>
      {error && data && (
        <p className="of-notice" role="status">
          {offline
            ? 'You are offline. Showing the offers we loaded last.'
            : 'Showing the offers we loaded last.'}
        </p>
      )}
      {error && !data ? (
        <section className="of-state" role="alert">
          <h2>{offline ? 'You are offline' : 'Could not load offers'}</h2>
          <p>{offline ? 'Connect to the internet and try again.' : error.message}</p>
          <button type="button" className="button button--primary" onClick={() => void mutate()}>
            Retry
          </button>
        </section>
      ) : !data ? (
        <ul className="of-coupons" aria-busy="true" aria-label="Loading offers">
          {Array.from({ length: 3 }, (_, i) => (
            <li key={i} className="of-coupon of-coupon--skeleton skeleton" aria-hidden="true" />
          ))}
        </ul>
      ) : (
        <>
          <section aria-labelledby="of-coupons-title">
            <h2 id="of-coupons-title" className="of-h2">
              Coupons
            </h2>
            {data.coupons.length === 0 ? (
              <p className="of-state">No coupons right now. Check back soon.</p>
            ) : (
              <ul className="of-coupons">
                {data.coupons.map((c) => (
                  <CouponCard key={c.id} coupon={c} />
                ))}
              </ul>
            )}
          </section>

          <section aria-labelledby="of-rest-title" className="of-restaurants-section">
            <h2 id="of-rest-title" className="of-h2">
              {location ? `Restaurants with offers near ${location.area}` : 'Restaurants with offers'}
            </h2>
            {!location ? (
              <div className="of-state">
                <p>Choose a delivery location to see restaurants with offers near you.</p>
                <button
                  type="button"
                  className="button button--primary"
                  onClick={() => emit('show-location', {})}
                >
                  Choose location
                </button>
              </div>
            ) : restaurants.length === 0 ? (
              <p className="of-state">No restaurant near {location.area} has an offer right now.</p>
            ) : (
              <ul className="of-restaurants">
                {restaurants.map((r) => (
                  <OfferRestaurant key={r.id} restaurant={r} />
                ))}
              </ul>
            )}
          </section>
        </>
      )}
    </main>
  );
}

function CouponCard({ coupon: c }: { coupon: OfferCoupon }) {
  const [copied, setCopied] = useState(false);
  const end = new Date(c.end_date);
  return (
    <li className="of-coupon">
      <div className="of-coupon__head">
        <code className="of-coupon__code">{c.coupon_code}</code>
        <button
          type="button"
          className="of-coupon__copy"
          onClick={() => {
            void navigator.clipboard
              ?.writeText(c.coupon_code)
              .then(() => setCopied(true))
              .catch(() => undefined);
          }}
          aria-label={`Copy code ${c.coupon_code}`}
        >
          {copied ? 'Copied' : 'Copy'}
        </button>
      </div>
      <strong className="of-coupon__subtitle">{c.subtitle}</strong>
      <p className="of-coupon__desc">{c.description}</p>
      <p className="of-coupon__terms">
        {c.min_order > 0 ? `On orders above ${formatRupees(c.min_order)}. ` : ''}
        {c.store_type !== 'all' ? 'Offer valid on select restaurants. ' : ''}
        {Number.isNaN(end.getTime()) ? '' : `Offer valid till ${formatValidTill(end)}.`}
      </p>
    </li>
  );
}

function OfferRestaurant({ restaurant: r }: { restaurant: RestaurantCard }) {
  return (
    <li className={`of-rest${r.is_open ? '' : ' of-rest--closed'}`}>
      <Link className="of-rest__link" to={`/restaurants/${encodeURIComponent(r.slug)}`}>
        <FallbackImage className="of-rest__img" src={r.image} width={88} height={88} />
        <span className="of-rest__text">
          <h3 className="of-rest__name">{r.name}</h3>
          {r.offer_text && <span className="of-rest__offer">{r.offer_text}</span>}
          <span className="of-rest__meta">
            ★ {r.rating.toFixed(1)} • {r.delivery_time_min} mins • {r.cuisines.join(', ')}
          </span>
          {!r.is_open && <span className="of-rest__closed">{r.next_open_label ?? 'Closed now'}</span>}
        </span>
      </Link>
    </li>
  );
}
