// Banners carousel of the restaurant list (SPEC.md section 9): autoplay every 3000 ms, a swipe needs
// 50 px, moves are throttled to one per 500 ms. Autoplay stops while hovered or focused, when the user
// pressed pause, and for people who prefer reduced motion. Off-screen slides are inert.
import { useCallback, useEffect, useRef, useState, type PointerEvent as ReactPointerEvent } from 'react';
import { Link } from 'react-router-dom';
import { CAROUSEL } from '../../shared/constants.ts';

export interface CarouselBanner {
  id: number | string;
  title: string;
  subtitle?: string;
  image: string;
  link?: string;
}

function useMedia(query: string, fallback: boolean): boolean {
  const [matches, setMatches] = useState(() =>
    typeof window !== 'undefined' && window.matchMedia ? window.matchMedia(query).matches : fallback,
  );
  useEffect(() => {
    if (!window.matchMedia) return;
    const mq = window.matchMedia(query);
    const onChange = () => setMatches(mq.matches);
    onChange();
    mq.addEventListener?.('change', onChange);
    return () => mq.removeEventListener?.('change', onChange);
  }, [query]);
  return matches;
}

export function BannerCarousel({ banners }: { banners: CarouselBanner[] }) {
  const reducedMotion = useMedia('(prefers-reduced-motion: reduce)', false);
  const twoUp = useMedia('(min-width: 640px)', false);
  const threeUp = useMedia('(min-width: 1024px)', false);
  const perView = Math.min(banners.length || 1, threeUp ? 3 : twoUp ? 2 : 1);
  const pages = Math.max(1, banners.length - perView + 1);

  const [index, setIndex] = useState(0);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const [paused, setPaused] = useState(false);
  const lastMove = useRef(-Infinity);
  const swipeStart = useRef<number | null>(null);

  const current = Math.min(index, pages - 1);
  const playing = !paused && !reducedMotion && !hovered && !focused && pages > 1;

  /** Moves by `delta` pages unless the last move was under 500 ms ago. */
  const move = useCallback(
    (delta: number) => {
      const now = Date.now();
      if (now - lastMove.current < CAROUSEL.throttleMs) return;
      lastMove.current = now;
      setIndex((i) => (((Math.min(i, pages - 1) + delta) % pages) + pages) % pages);
    },
    [pages],
  );

  useEffect(() => {
    if (!playing) return;
    const t = setInterval(() => move(1), CAROUSEL.autoplayMs);
    return () => clearInterval(t);
  }, [playing, move]);

  const onPointerDown = (e: ReactPointerEvent) => {
    swipeStart.current = e.clientX;
  };
  const onPointerUp = (e: ReactPointerEvent) => {
    if (swipeStart.current === null) return;
    const dx = e.clientX - swipeStart.current;
    swipeStart.current = null;
    if (Math.abs(dx) >= CAROUSEL.swipeDistance) move(dx < 0 ? 1 : -1);
  };

  if (banners.length === 0) return null;

  return (
    <section
      className="rl-carousel"
      aria-roledescription="carousel"
      aria-label="Offers and highlights"
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      onFocus={() => setFocused(true)}
      onBlur={(e) => {
        if (!e.currentTarget.contains(e.relatedTarget as Node | null)) setFocused(false);
      }}
    >
      <div
        className="rl-carousel__viewport"
        onPointerDown={onPointerDown}
        onPointerUp={onPointerUp}
        onPointerCancel={() => (swipeStart.current = null)}
      >
        <div
          className="rl-carousel__track"
          aria-live={playing ? 'off' : 'polite'}
          style={{ transform: `translateX(-${(current * 100) / perView}%)` }}
          data-testid="carousel-track"
        >
          {banners.map((b, i) => {
            const visible = i >= current && i < current + perView;
            return (
              <div
                key={b.id}
                className="rl-carousel__slide"
                style={{ flexBasis: `${100 / perView}%` }}
                role="group"
                aria-roledescription="slide"
                aria-label={`${i + 1} of ${banners.length}`}
                aria-hidden={!visible}
                inert={!visible}
              >
                <BannerBody banner={b} eager={i < perView} />
              </div>
            );
          })}
        </div>
      </div>
      {pages > 1 && (
        <div className="rl-carousel__controls">
          <button
            type="button"
            className="rl-carousel__btn"
            onClick={() => move(-1)}
            aria-label="Previous banner"
          >
            <span aria-hidden="true">‹</span>
          </button>
          <span className="rl-carousel__dots" aria-hidden="true">
            {Array.from({ length: pages }, (_, i) => (
              <span key={i} className={`rl-carousel__dot${i === current ? ' rl-carousel__dot--on' : ''}`} />
            ))}
          </span>
          <span className="visually-hidden" aria-live="polite">
            {!playing ? `Banner ${current + 1} of ${pages}` : ''}
          </span>
          <button type="button" className="rl-carousel__btn" onClick={() => move(1)} aria-label="Next banner">
            <span aria-hidden="true">›</span>
          </button>
          {!reducedMotion && (
            <button
              type="button"
              className="rl-carousel__btn"
              onClick={() => setPaused((p) => !p)}
              aria-label={paused ? 'Play banners' : 'Pause banners'}
            >
              <span aria-hidden="true">{paused ? '▶' : '❚❚'}</span>
            </button>
          )}
        </div>
      )}
    </section>
  );
}

/** The banner pictures carry their own headline, so the text goes to the alt attribute. */
function BannerBody({ banner, eager }: { banner: CarouselBanner; eager: boolean }) {
  const img = (
    <img
      className="rl-carousel__img"
      src={banner.image}
      alt={banner.subtitle ? `${banner.title}. ${banner.subtitle}` : banner.title}
      width={800}
      height={320}
      sizes="(min-width: 1024px) 400px, (min-width: 640px) 50vw, 100vw"
      loading={eager ? 'eager' : 'lazy'}
      decoding="async"
      draggable={false}
    />
  );
  if (banner.link && banner.link.startsWith('/'))
    return (
      <Link className="rl-carousel__link" to={banner.link} draggable={false}>
        {img}
      </Link>
    );
  return <div className="rl-carousel__link">{img}</div>;
}
