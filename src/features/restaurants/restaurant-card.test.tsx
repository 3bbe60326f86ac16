import { fireEvent, render, screen } from '@testing-library/react';
import { TestRouter } from '../../testing/router.tsx';
import { describe, expect, it } from 'vitest';
import type { RestaurantCard as Card } from '../../shared/api/discovery.ts';
import { DEFAULT_RESTAURANT_IMAGE } from '../../lib/fallback-image.tsx';
import { restaurantCard } from '../../testing/discovery.ts';
import { RestaurantCard } from './restaurant-card.tsx';

const r: Card = restaurantCard({
  image: '/img/broken.jpg',
  rating: 4.4,
  rating_count: 1200,
  delivery_time_min: 28,
  cuisines: ['Biryani', 'Andhra'],
  offer_text: '50% OFF',
  lat: 12.9352,
  lng: 77.6245,
  distance_m: 1240,
});

const renderCard = (c: Card, priority = false) =>
  render(
    <TestRouter>
      <ul>
        <RestaurantCard restaurant={c} priority={priority} />
      </ul>
    </TestRouter>,
  );

describe('RestaurantCard', () => {
  it('shows name, rating, time, cost for two in rupees, cuisines, offer and distance', () => {
    renderCard(r);
    const link = screen.getByRole('link');
    expect(link).toHaveAttribute('href', '/restaurants/meghana-biryani-house');
    expect(link).toHaveTextContent('Meghana Biryani House');
    expect(screen.getByLabelText('Rated 4.4 out of 5')).toBeInTheDocument();
    expect(link).toHaveTextContent('28 mins');
    expect(link).toHaveTextContent('₹500 for two');
    expect(link).toHaveTextContent('Biryani, Andhra');
    expect(link).toHaveTextContent('50% OFF');
    expect(link).toHaveTextContent('1.2 km');
  });

  it('swaps a failed picture for the default one, once', () => {
    const { container } = renderCard(r);
    const img = container.querySelector('img')!;
    expect(img).toHaveAttribute('src', '/img/broken.jpg');
    fireEvent.error(img);
    expect(img).toHaveAttribute('src', DEFAULT_RESTAURANT_IMAGE);
    fireEvent.error(img);
    expect(img).toHaveAttribute('src', DEFAULT_RESTAURANT_IMAGE);
  });

  it('reserves image space and loads lazily below the fold, eagerly for the first cards', () => {
    const { container, unmount } = renderCard(r);
    let img = container.querySelector('img')!;
    expect(img).toHaveAttribute('width', '480');
    expect(img).toHaveAttribute('height', '320');
    expect(img).toHaveAttribute('loading', 'lazy');
    expect(img).toHaveAttribute('decoding', 'async');
    expect(img.getAttribute('sizes')).toContain('100vw');
    unmount();
    img = renderCard(r, true).container.querySelector('img')!;
    expect(img).toHaveAttribute('loading', 'eager');
    expect(img).toHaveAttribute('fetchpriority', 'high');
  });

  it('greys a closed restaurant and says when it opens', () => {
    const { container } = renderCard({ ...r, is_open: false, next_open_label: 'Opens at 11:00 AM' });
    expect(container.querySelector('.rl-card--closed')).not.toBeNull();
    expect(screen.getByText('Opens at 11:00 AM')).toBeInTheDocument();
  });
});
