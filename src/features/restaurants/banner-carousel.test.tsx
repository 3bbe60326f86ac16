import { act, fireEvent, render, screen } from '@testing-library/react';
import type { ReactElement } from 'react';
import { Route, Routes } from '../../lib/router.tsx';
import { TestRouter } from '../../testing/router.tsx';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { BannerCarousel } from './banner-carousel.tsx';

const banners = [1, 2, 3, 4].map((id) => ({
  id,
  title: `Banner ${id}`,
  subtitle: 's',
  image: `/img/b${id}.svg`,
  link: '/offers',
}));
const visibleSlide = () =>
  screen
    .getAllByRole('group', { hidden: true })
    .find((el) => el.getAttribute('aria-hidden') === 'false')
    ?.getAttribute('aria-label');

const renderIn = (ui: ReactElement) => render(<TestRouter>{ui}</TestRouter>);
/** The carousel on / with the page its banners open, to see whether a tap opened it. */
const renderWithOffers = () =>
  render(
    <TestRouter>
      <Routes>
        <Route path="/" element={<BannerCarousel banners={banners} />} />
        <Route path="/offers" element={<p>Offers page</p>} />
      </Routes>
    </TestRouter>,
  );

function mockMedia(reduced = false) {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: reduced && query.includes('reduced-motion'),
    media: query,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
  }));
}

describe('BannerCarousel', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    mockMedia();
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('advances every 3000 ms and wraps around', () => {
    renderIn(<BannerCarousel banners={banners} />);
    expect(visibleSlide()).toBe('1 of 4');
    act(() => vi.advanceTimersByTime(2999));
    expect(visibleSlide()).toBe('1 of 4');
    act(() => vi.advanceTimersByTime(1));
    expect(visibleSlide()).toBe('2 of 4');
    act(() => vi.advanceTimersByTime(3000 * 3));
    expect(visibleSlide()).toBe('1 of 4');
  });

  it('pauses while hovered or focused and with the pause button', () => {
    renderIn(<BannerCarousel banners={banners} />);
    const region = screen.getByRole('region', { name: 'Offers and highlights' });
    fireEvent.mouseEnter(region);
    act(() => vi.advanceTimersByTime(9000));
    expect(visibleSlide()).toBe('1 of 4');
    fireEvent.mouseLeave(region);
    act(() => vi.advanceTimersByTime(3000));
    expect(visibleSlide()).toBe('2 of 4');
    fireEvent.click(screen.getByRole('button', { name: 'Pause banners' }));
    fireEvent.blur(screen.getByRole('button', { name: 'Play banners' }));
    act(() => vi.advanceTimersByTime(9000));
    expect(visibleSlide()).toBe('2 of 4');
  });

  it('does not autoplay for people who prefer reduced motion', () => {
    mockMedia(true);
    renderIn(<BannerCarousel banners={banners} />);
    act(() => vi.advanceTimersByTime(10_000));
    expect(visibleSlide()).toBe('1 of 4');
    expect(screen.queryByRole('button', { name: 'Pause banners' })).toBeNull();
  });

  it('moves at most once per 500 ms from the buttons', () => {
    mockMedia(true);
    renderIn(<BannerCarousel banners={banners} />);
    const next = screen.getByRole('button', { name: 'Next banner' });
    fireEvent.click(next);
    fireEvent.click(next);
    expect(visibleSlide()).toBe('2 of 4');
    act(() => vi.advanceTimersByTime(500));
    fireEvent.click(next);
    expect(visibleSlide()).toBe('3 of 4');
    act(() => vi.advanceTimersByTime(500));
    fireEvent.click(screen.getByRole('button', { name: 'Previous banner' }));
    expect(visibleSlide()).toBe('2 of 4');
  });

  it('a swipe needs 50 px', () => {
    mockMedia(true);
    const { container } = renderIn(<BannerCarousel banners={banners} />);
    const viewport = container.querySelector('.rl-carousel__viewport')!;
    fireEvent.pointerDown(viewport, { clientX: 200 });
    fireEvent.pointerUp(viewport, { clientX: 151 });
    expect(visibleSlide()).toBe('1 of 4');
    fireEvent.pointerDown(viewport, { clientX: 200 });
    fireEvent.pointerUp(viewport, { clientX: 150 });
    expect(visibleSlide()).toBe('2 of 4');
    act(() => vi.advanceTimersByTime(500));
    fireEvent.pointerDown(viewport, { clientX: 100 });
    fireEvent.pointerUp(viewport, { clientX: 180 });
    expect(visibleSlide()).toBe('1 of 4');
  });

  it('off-screen slides are hidden from assistive tech and keyboard', () => {
    renderIn(<BannerCarousel banners={banners} />);
    const slides = screen.getAllByRole('group', { hidden: true });
    expect(screen.getByRole('img', { name: 'Banner 1. s' })).toHaveAttribute('width', '800');
    expect(slides[0]).toHaveAttribute('aria-hidden', 'false');
    expect(slides[1]).toHaveAttribute('aria-hidden', 'true');
    expect(slides[1]).toHaveAttribute('inert');
  });

  it('a mouse drag moves the banners and never opens the link; a click opens it', () => {
    mockMedia(true);
    const { container } = renderWithOffers();
    const viewport = container.querySelector('.rl-carousel__viewport')!;
    const track = screen.getByTestId('carousel-track');
    const link = screen.getByRole('link', { name: 'Banner 1. s' });
    fireEvent.pointerDown(link, { clientX: 300, button: 0, pointerId: 1 });
    fireEvent.pointerMove(link, { clientX: 260, pointerId: 1 });
    // The track follows the pointer while dragged.
    expect(track.style.transform).toContain('-40px');
    fireEvent.pointerMove(link, { clientX: 220, pointerId: 1 });
    fireEvent.pointerUp(viewport, { clientX: 220, pointerId: 1 });
    fireEvent.click(link);
    expect(screen.queryByText('Offers page')).toBeNull();
    expect(visibleSlide()).toBe('2 of 4');
    expect(track.style.transform).toContain('+ 0px');

    // A short drag (under the swipe distance) snaps back and still opens nothing.
    act(() => vi.advanceTimersByTime(500));
    const second = screen.getByRole('link', { name: 'Banner 2. s' });
    fireEvent.pointerDown(second, { clientX: 300, button: 0, pointerId: 2 });
    fireEvent.pointerMove(second, { clientX: 280, pointerId: 2 });
    fireEvent.pointerUp(second, { clientX: 280, pointerId: 2 });
    fireEvent.click(second);
    expect(visibleSlide()).toBe('2 of 4');
    expect(screen.queryByText('Offers page')).toBeNull();

    // A press without movement is a click.
    fireEvent.pointerDown(second, { clientX: 300, button: 0, pointerId: 3 });
    fireEvent.pointerUp(second, { clientX: 302, pointerId: 3 });
    fireEvent.click(second);
    expect(screen.getByText('Offers page')).toBeInTheDocument();
  });

  it('a swipe that sends no click (a finger) does not swallow a later click', () => {
    mockMedia(true);
    renderWithOffers();
    const link = screen.getByRole('link', { name: 'Banner 1. s' });
    fireEvent.pointerDown(link, { clientX: 300, button: 0, pointerId: 1 });
    fireEvent.pointerMove(link, { clientX: 200, pointerId: 1 });
    fireEvent.pointerUp(link, { clientX: 200, pointerId: 1 });
    act(() => vi.advanceTimersByTime(600));
    fireEvent.click(screen.getByRole('link', { name: 'Banner 2. s' }));
    expect(screen.getByText('Offers page')).toBeInTheDocument();
  });

  it('pauses while an overlay or dialog is open', async () => {
    renderIn(<BannerCarousel banners={banners} />);
    document.body.dataset['overlay'] = 'open';
    await act(async () => undefined);
    act(() => vi.advanceTimersByTime(9000));
    expect(visibleSlide()).toBe('1 of 4');
    delete document.body.dataset['overlay'];
    await act(async () => undefined);
    act(() => vi.advanceTimersByTime(3000));
    expect(visibleSlide()).toBe('2 of 4');

    const dialog = document.createElement('dialog');
    document.body.append(dialog);
    dialog.setAttribute('open', '');
    await act(async () => undefined);
    act(() => vi.advanceTimersByTime(9000));
    expect(visibleSlide()).toBe('2 of 4');
    dialog.remove();
  });
});
