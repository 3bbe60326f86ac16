// "Rate your order": once an order is delivered its customer gives it 1-5 stars, may rate each dish
// and leave a comment, and sends it once; afterwards the card shows the rating given. Loaded lazily
// (tracking page and orders list) so no first route carries it.
import { useId, useState, type FormEvent } from 'react';
import { revalidate, useData } from '../../lib/use-api.ts';
import { snackbar } from '../../lib/events.ts';
import { ApiError, fetcher, firstMessage } from '../../lib/http.ts';
import { appState } from '../../lib/app-state.ts';
import { restaurantListPath } from '../../lib/restaurant-list-path.ts';
import { RATING_COMMENT_MAX, type GivenRating, type OrderRatingState } from '../../shared/api/ratings.ts';
import { ratingsPaths } from '../../shared/api/paths.ts';
import { discoveryPaths } from '../../shared/api/paths.ts';
import { getOrderRating } from './api/get-order-rating.ts';
import { rateOrder } from './api/rate-order.ts';
import { reloadCachedAnswer } from './api/reload-cached-answer.ts';
import { StarRating, StarsShown, STAR_WORDS } from './star-rating.tsx';
import './ratings.css';

export function RateOrderCard({ orderId, compact = false }: { orderId: number; compact?: boolean }) {
  const { data, error, mutate } = useData<OrderRatingState>(ratingsPaths.order(orderId), fetcher, {
    revalidateOnFocus: false,
  });
  if (error && !data) {
    return compact ? null : (
      <section className="card rate-card" aria-label="Rate your order">
        <p className="text-danger">{firstMessage(error, 'Could not load your rating.')}</p>
        <button type="button" className="button" onClick={() => void mutate()}>
          Try again
        </button>
      </section>
    );
  }
  if (!data) return compact ? null : <div className="skeleton rate-card__skeleton" aria-hidden="true" />;
  if (data.rating) return <RatingGiven rating={data.rating} compact={compact} />;
  if (!data.can_rate) return null;
  return <RateForm state={data} compact={compact} onRated={(s) => void mutate(s, { revalidate: false })} />;
}

/** A section heading in the page's outline: under an order card (h3) in the list, else h2. */
function Heading({ compact, id, children }: { compact: boolean; id?: string; children: string }) {
  const Tag = compact ? 'h4' : 'h2';
  return (
    <Tag className="rate-card__title" id={id}>
      {children}
    </Tag>
  );
}

/**
 * The list and menu answers are cached for a minute by the browser and kept by the service worker;
 * once the customer has rated, fetch them afresh so their own screens show the new rating at once:
 * now, and again a moment later in case this server heard its database's change notification (which
 * drops its caches) only just after the commit.
 */
function refreshRestaurantViews(slug: string): void {
  const here = appState.get().userLocation;
  const paths = [discoveryPaths.restaurant(slug)];
  if (here) paths.push(restaurantListPath(here));
  const refresh = () => {
    for (const path of paths) {
      void reloadCachedAnswer(path)
        .then(() => revalidate(path))
        .catch(() => undefined);
    }
  };
  refresh();
  setTimeout(refresh, 1000);
}

function RatingGiven({ rating, compact }: { rating: GivenRating; compact: boolean }) {
  return (
    <section className={`card rate-card${compact ? ' rate-card--compact' : ''}`} aria-label="Your rating">
      <Heading compact={compact}>Your rating</Heading>
      <p className="rate-card__given">
        <StarsShown value={rating.rating} label="You rated this order" />{' '}
        <span className="rate-card__word">{STAR_WORDS[rating.rating - 1]}</span>
      </p>
      {rating.items.length > 0 && (
        <ul className="rate-card__dishes">
          {rating.items.map((i) => (
            <li key={i.menu_item_id}>
              <span>{i.name}</span> <StarsShown value={i.rating} label={i.name} />
            </li>
          ))}
        </ul>
      )}
      {rating.comment && <p className="rate-card__comment">“{rating.comment}”</p>}
    </section>
  );
}

function RateForm({
  state,
  compact,
  onRated,
}: {
  state: OrderRatingState;
  compact: boolean;
  onRated: (s: OrderRatingState) => void;
}) {
  const [stars, setStars] = useState<number | null>(null);
  const [dishes, setDishes] = useState<Record<number, number>>({});
  const [comment, setComment] = useState('');
  const [sending, setSending] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const id = useId();

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (stars === null) {
      setProblem('Choose from 1 to 5 stars for your order.');
      return;
    }
    setSending(true);
    setProblem(null);
    try {
      const answer = await rateOrder(state.order_id, {
        rating: stars,
        items: Object.entries(dishes).map(([menu_item_id, rating]) => ({
          menu_item_id: Number(menu_item_id),
          rating,
        })),
        ...(comment.trim() ? { comment } : {}),
      });
      snackbar.success('Thanks for rating your order!');
      onRated(answer);
      refreshRestaurantViews(answer.restaurant.slug);
    } catch (err) {
      setProblem(firstMessage(err));
      // Rated meanwhile (another tab): show the rating that counts.
      if (err instanceof ApiError && err.status === 409) {
        const fresh = await getOrderRating(state.order_id).catch(() => null);
        if (fresh?.rating) onRated(fresh);
      }
    } finally {
      setSending(false);
    }
  }

  return (
    <section
      className={`card rate-card${compact ? ' rate-card--compact' : ''}`}
      aria-labelledby={`${id}-title`}
    >
      <Heading compact={compact} id={`${id}-title`}>
        Rate your order
      </Heading>
      <form onSubmit={(e) => void submit(e)} noValidate>
        <p className="rate-card__hint text-muted" id={`${id}-hint`}>
          How was it? Your stars count towards the restaurant’s rating.
        </p>
        <div className="rate-card__overall">
          <StarRating
            label="Your rating for this order"
            value={stars}
            onChange={setStars}
            describedBy={`${id}-hint`}
          />
          <span className="rate-card__word" aria-live="polite">
            {stars ? STAR_WORDS[stars - 1] : ''}
          </span>
        </div>
        {stars !== null && (
          <>
            {state.items.length > 0 && (
              <fieldset className="rate-card__dishes-form">
                <legend>Rate the dishes (optional)</legend>
                <ul className="rate-card__dishes">
                  {state.items.map((d) => (
                    <li key={d.menu_item_id}>
                      <span aria-hidden="true">{d.name}</span>
                      <StarRating
                        label={d.name}
                        size="small"
                        value={dishes[d.menu_item_id] ?? null}
                        onChange={(n) => setDishes((s) => ({ ...s, [d.menu_item_id]: n }))}
                      />
                    </li>
                  ))}
                </ul>
              </fieldset>
            )}
            <div className="rate-card__comment-field">
              <label htmlFor={`${id}-comment`}>Comment (optional)</label>
              <textarea
                id={`${id}-comment`}
                value={comment}
                maxLength={RATING_COMMENT_MAX}
                rows={3}
                onChange={(e) => setComment(e.target.value)}
                aria-describedby={`${id}-count`}
              />
              <span className="rate-card__count text-muted" id={`${id}-count`}>
                {comment.length}/{RATING_COMMENT_MAX}
              </span>
            </div>
          </>
        )}
        {problem && (
          <p className="text-danger" role="alert">
            {problem}
          </p>
        )}
        <button type="submit" className="button button--primary rate-card__submit" disabled={sending}>
          {sending ? 'Sending…' : 'Submit rating'}
        </button>
      </form>
    </section>
  );
}
