// Banners carousel of the restaurant list (docs/product.md#constants-and-limits): autoplay every 3000 ms, a
// swipe needs 50 px, moves are throttled to one per 500 ms. Autoplay stops while hovered, focused or dragged,
// while a dialog or overlay is open, when the user pressed pause, and for people who prefer reduced
// motion. The track follows a finger or a mouse drag; a drag never opens the banner's link (only a
// click does). Off-screen slides are inert.
import {
  useCallback,
  useEffect,
  useRef,
  useState,
  useSyncExternalStore,
  type MouseEvent as ReactMouseEvent,
  type PointerEvent as ReactPointerEvent,
} from 'react';
import { Link } from '../../lib/router.tsx';
import { CAROUSEL } from '../../shared/constants.ts';

export interface CarouselBanner {
  id: number | string;
  title: string;
  subtitle?: string;
  image: string;
  link?: string;
}

/**
 * Whether a media query matches. A server-rendered page hydrates with `fallback` (the server knows no
 * screen), then renders with the real answer; what the server HTML shows must not depend on it.
 */
function useMedia(query: string, fallback: boolean): boolean {
  const subscribe = useCallback(
    (onChange: () => void) => {
      const mq = window.matchMedia?.(query);
      mq?.addEventListener?.('change', onChange);
      return () => mq?.removeEventListener?.('change', onChange);
    },
    [query],
  );
  return useSyncExternalStore(
    subscribe,
    () => window.matchMedia?.(query).matches ?? fallback,
    () => fallback,
  );
}

/** Movement after which a press is a drag, not a click (a hand is never perfectly still). */
const DRAG_SLOP_PX = 8;

/**
 * True while a modal is open: the overlay host marks the body (data-overlay="open"), a native dialog
 * carries the open attribute. Content moving behind a dialog distracts and is announced for nothing.
 */
function useDialogOpen(): boolean {
  const [open, setOpen] = useState(false);
  useEffect(() => {
    if (typeof MutationObserver === 'undefined') return;
    const check = () =>
      setOpen(document.body.dataset['overlay'] === 'open' || !!document.querySelector('dialog[open]'));
    check();
    const observer = new MutationObserver(check);
    observer.observe(document.body, {
      attributes: true,
      subtree: true,
      attributeFilter: ['data-overlay', 'open'],
    });
    return () => observer.disconnect();
  }, []);
  return open;
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
  /** Horizontal offset of a drag in progress, in px (the track follows the pointer). */
  const [dragX, setDragX] = useState<number | null>(null);
  const dialogOpen = useDialogOpen();
  const lastMove = useRef(-Infinity);
  const swipeStart = useRef<number | null>(null);
  /** Set when a press became a drag: the click the browser sends after it must not open a link. */
  const dragged = useRef(false);

  const current = Math.min(index, pages - 1);
  const playing =
    !paused && !reducedMotion && !hovered && !focused && !dialogOpen && dragX === null && pages > 1;

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
    if (e.button !== 0) return;
    swipeStart.current = e.clientX;
    dragged.current = false;
  };
  const onPointerMove = (e: ReactPointerEvent<HTMLElement>) => {
    if (swipeStart.current === null) return;
    const dx = e.clientX - swipeStart.current;
    if (!dragged.current && Math.abs(dx) < DRAG_SLOP_PX) return;
    if (!dragged.current) {
      dragged.current = true;
      // Keep the drag when the pointer leaves the banners; the click then goes to the viewport.
      e.currentTarget.setPointerCapture?.(e.pointerId);
    }
    setDragX(dx);
  };
  const endDrag = (e: ReactPointerEvent | null) => {
    if (swipeStart.current === null) return;
    const dx = e ? e.clientX - swipeStart.current : 0;
    swipeStart.current = null;
    setDragX(null);
    if (Math.abs(dx) >= CAROUSEL.swipeDistance) move(dx < 0 ? 1 : -1);
    // The browser sends its click right after the release; a swipe by finger sends none, and a
    // later click (Enter on a banner) must not be swallowed.
    if (dragged.current) setTimeout(() => (dragged.current = false), 0);
  };
  const onClickCapture = (e: ReactMouseEvent) => {
    if (!dragged.current) return;
    dragged.current = false;
    e.preventDefault();
    e.stopPropagation();
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
        onPointerMove={onPointerMove}
        onPointerUp={endDrag}
        onPointerCancel={() => endDrag(null)}
        onClickCapture={onClickCapture}
      >
        <div
          className={`rl-carousel__track${banners.length < 3 ? ` rl-carousel__track--of-${banners.length}` : ''}${dragX === null ? '' : ' rl-carousel__track--dragging'}`}
          aria-live={playing ? 'off' : 'polite'}
          // No style attribute in the server's HTML (the CSP allows none): at rest on the first banner
          // the track needs no offset, and the slides' widths come from the stylesheet.
          style={
            current === 0 && dragX === null
              ? undefined
              : { transform: `translateX(calc(${(-current * 100) / perView}% + ${dragX ?? 0}px))` }
          }
          data-testid="carousel-track"
        >
          {banners.map((b, i) => {
            const visible = i >= current && i < current + perView;
            return (
              <div
                key={b.id}
                className="rl-carousel__slide"
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
