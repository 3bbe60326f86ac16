import { act, render, screen, within } from '@testing-library/react';
import { Route, Routes } from '../../lib/router.tsx';
import { TestRouter } from '../../testing/router.tsx';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { on } from '../../lib/events.ts';
import { initialState, appState } from '../../lib/app-state.ts';
import type { DishHit, SearchResponse, SearchRestaurant } from '../../shared/api/discovery.ts';
import { SearchPage } from './search-page.tsx';

vi.mock('../cart/index.tsx', () => ({
  CartStepper: ({ item }: { item: { name: string } }) => <button type="button">Add {item.name}</button>,
}));

const KORAMANGALA = { address: '80 Feet Road', area: 'Koramangala', lat: 12.9352, lng: 77.6245 };

const dish = (id: number, name: string, delivers: boolean | null, city = 'Bengaluru'): DishHit => ({
  id,
  name,
  description: `${name}, made fresh`,
  price: 29900,
  is_veg: false,
  diet: 'non_veg',
  is_bestseller: false,
  in_stock: true,
  image: null,
  category: 'Biryani',
  restaurant: {
    id: id * 10,
    slug: `r-${id}`,
    name: `Kitchen ${id}`,
    area: city === 'Pune' ? 'Kalyani Nagar' : 'Koramangala',
    city,
    image: '/img/r.svg',
    rating: 4.2,
    delivery_time_min: 30,
    is_open: true,
    distance_m: delivers === null ? null : 1000,
    delivers,
  },
});

const restaurant = (id: number, delivers: boolean | null): SearchRestaurant => ({
  id,
  slug: `r-${id}`,
  name: `Biryani Place ${id}`,
  image: '/img/r.svg',
  rating: 4,
  rating_count: 10,
  delivery_time_min: 30,
  cost_for_two: 40000,
  cuisines: ['Biryani'],
  offer_text: null,
  pure_veg: false,
  serves_veg: true,
  area: 'Kalyani Nagar',
  city: 'Pune',
  lat: 18.5,
  lng: 73.9,
  delivery_radius_m: 5000,
  distance_m: null,
  is_open: true,
  next_open_at: null,
  next_open_label: null,
  hours_label: 'Open 24 hours',
  delivers,
});

function answer(body: SearchResponse) {
  vi.stubGlobal(
    'fetch',
    vi.fn(() => Promise.resolve(new Response(JSON.stringify(body), { status: 200 }))),
  );
}

function renderAt(path: string) {
  return render(
    <TestRouter path={path}>
      <Routes>
        <Route path="/search" element={<SearchPage />} />
      </Routes>
    </TestRouter>,
  );
}

describe('SearchPage', () => {
  beforeEach(() => appState.set(initialState));
  afterEach(() => {
    vi.unstubAllGlobals();
    appState.set(initialState);
  });

  it('at a location: what delivers is addable and first; the rest says it does not deliver', async () => {
    appState.set({ userLocation: KORAMANGALA });
    answer({
      query: 'fish biryani',
      dishes: [dish(1, 'Egg Biryani', true), dish(2, 'Fish Biryani', false, 'Pune')],
      restaurants: [restaurant(7, false)],
    });
    renderAt('/search?q=fish%20biryani');
    const rows = await screen.findAllByTestId('dish-result');
    expect(vi.mocked(fetch).mock.calls[0]?.[0]).toBe(
      '/api/v1/product/search?query=fish%20biryani&lat=12.9352&lng=77.6245',
    );
    expect(within(rows[0]!).getByRole('button', { name: 'Add Egg Biryani' })).toBeInTheDocument();
    expect(rows[0]).not.toHaveTextContent("Doesn't deliver");
    expect(within(rows[1]!).queryByRole('button')).toBeNull();
    expect(rows[1]).toHaveTextContent("Doesn't deliver to Koramangala");
    expect(rows[1]).toHaveTextContent('Kalyani Nagar, Pune');
    expect(within(rows[1]!).getByRole('link')).toHaveAttribute('href', '/restaurants/r-2?dish=2');
    expect(
      screen.getByText('Nothing called “fish biryani” delivers to Koramangala. Similar dishes that do:'),
    ).toBeInTheDocument();
    expect(
      screen.getByRole('heading', { name: "Farther away: these dishes don't deliver to Koramangala" }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Where should we deliver?' })).toBeNull();
  });

  it('without a location: asks for one, adds nothing, and comes back to this search', async () => {
    answer({ query: 'biryani', dishes: [dish(1, 'Egg Biryani', null)], restaurants: [] });
    renderAt('/search?q=biryani');
    await screen.findByTestId('dish-result');
    expect(vi.mocked(fetch).mock.calls[0]?.[0]).toBe('/api/v1/product/search?query=biryani');
    expect(screen.queryByRole('button', { name: /^Add / })).toBeNull();
    const prompt = screen.getByRole('region', { name: 'Where should we deliver?' });
    const asked = vi.fn();
    const off = on('show-location', asked);
    act(() => within(prompt).getByRole('button', { name: 'Choose location' }).click());
    off();
    expect(asked).toHaveBeenCalledWith({ returnTo: '/search?q=biryani' });
  });
});
