import { fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { SWRConfig } from 'swr';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { RestaurantDetail } from './api.ts';
import { RestaurantMenuPage } from './menu-page.tsx';

vi.mock('../cart/index.tsx', () => ({
  CartStepper: ({
    item,
  }: {
    item: { id: number; name: string; price: number; restaurantId: number; inStock: boolean };
  }) => (
    <button type="button" disabled={!item.inStock} data-item={JSON.stringify(item)}>
      Add {item.name}
    </button>
  ),
}));

const item = (
  id: number,
  name: string,
  over: Partial<RestaurantDetail['categories'][0]['items'][0]> = {},
) => ({
  id,
  name,
  description: `${name} made fresh`,
  price: 24900,
  is_veg: true,
  is_bestseller: false,
  in_stock: true,
  image: null,
  ...over,
});

const detail: RestaurantDetail = {
  id: 1,
  slug: 'meghana-biryani-house',
  name: 'Meghana Biryani House',
  image: '/img/a.svg',
  rating: 4.5,
  rating_count: 12840,
  delivery_time_min: 30,
  cost_for_two: 50000,
  cuisines: ['Biryani', 'Andhra'],
  offer_text: '50% OFF',
  pure_veg: false,
  area: 'Koramangala',
  city: 'Bengaluru',
  lat: 12.93,
  lng: 77.62,
  delivery_radius_m: 7000,
  distance_m: 200,
  is_open: true,
  next_open_at: null,
  next_open_label: null,
  hours_label: 'Open 24 hours',
  address: '80 Feet Road',
  packaging_fee: 2000,
  item_count: 3,
  offers: [
    {
      id: 1,
      coupon_code: 'WELCOME50',
      subtitle: 'Get 50% OFF up to ₹100',
      description: 'd',
      coupon_terms: 't',
      store_type: 'all',
      isWeekDays: false,
      allowed_weeks: {},
      isTimeofDay: false,
      allowed_time: { startTime: '', endTime: '' },
      can_terms_change: false,
      end_date: '2030-01-01T00:00:00Z',
      discount_type: 'percent',
      discount_value: 50,
      max_discount: 10000,
      min_order: 19900,
    },
  ],
  categories: [
    {
      id: 10,
      name: 'Biryani',
      count: 2,
      items: [
        item(100, 'Chicken Biryani', { is_veg: false, is_bestseller: true, price: 29900 }),
        item(101, 'Paneer Biryani'),
      ],
    },
    { id: 11, name: 'Starters', count: 1, items: [item(102, 'Paneer Tikka', { in_stock: false })] },
  ],
};

function renderAt(slug: string) {
  return render(
    <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}>
      <MemoryRouter initialEntries={[`/restaurants/${slug}`]}>
        <Routes>
          <Route path="/restaurants/:slug" element={<RestaurantMenuPage />} />
        </Routes>
      </MemoryRouter>
    </SWRConfig>,
  );
}

describe('RestaurantMenuPage', () => {
  beforeEach(() => {
    vi.stubGlobal(
      'fetch',
      vi.fn((url: string) =>
        Promise.resolve(
          url === '/api/v1/restaurant/meghana-biryani-house/'
            ? new Response(JSON.stringify(detail), { status: 200 })
            : new Response(JSON.stringify({ status: 404, message: 'Restaurant not found' }), { status: 404 }),
        ),
      ),
    );
  });
  afterEach(() => vi.unstubAllGlobals());

  it('shows header facts, offers, categories with counts and items with veg marks and prices', async () => {
    renderAt('meghana-biryani-house');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Meghana Biryani House' }),
    ).toBeInTheDocument();
    expect(screen.getByText('₹500')).toBeInTheDocument();
    expect(screen.getByText('WELCOME50')).toBeInTheDocument();
    const nav = screen.getByRole('navigation', { name: 'Menu categories' });
    expect(within(nav).getByRole('link', { name: 'Biryani (2)' })).toHaveAttribute('href', '#cat-10');
    const chicken = screen.getByRole('heading', { name: 'Chicken Biryani' }).closest('li')!;
    expect(chicken).toHaveTextContent('Non-veg');
    expect(chicken).toHaveTextContent('Bestseller');
    expect(chicken).toHaveTextContent('₹299');
    const add = within(chicken).getByRole('button', { name: 'Add Chicken Biryani' });
    expect(JSON.parse(add.dataset['item']!)).toEqual({
      id: 100,
      name: 'Chicken Biryani',
      price: 29900,
      restaurantId: 1,
      inStock: true,
    });
    const tikka = screen.getByRole('heading', { name: 'Paneer Tikka' }).closest('li')!;
    expect(tikka).toHaveTextContent('Out of stock');
    expect(within(tikka).getByRole('button')).toBeDisabled();
  });

  it('veg only and the menu search narrow the items and the category counts', async () => {
    renderAt('meghana-biryani-house');
    await screen.findByRole('heading', { name: 'Chicken Biryani' });
    fireEvent.click(screen.getByRole('checkbox', { name: 'Veg only' }));
    expect(screen.queryByRole('heading', { name: 'Chicken Biryani' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Biryani (1)' })).toBeInTheDocument();
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search in the menu' }), {
      target: { value: 'tikka' },
    });
    expect(await screen.findByText('1 dish found')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Paneer Biryani' })).toBeNull();
    expect(screen.getByRole('heading', { name: 'Paneer Tikka' })).toBeInTheDocument();
  });

  it('a long menu renders the first screenful, then the rest', async () => {
    const long = {
      ...detail,
      categories: [
        {
          id: 20,
          name: 'Everything',
          count: 30,
          items: Array.from({ length: 30 }, (_, i) => item(200 + i, `Dish ${i + 1}`)),
        },
      ],
    };
    vi.mocked(fetch).mockImplementation(() =>
      Promise.resolve(new Response(JSON.stringify(long), { status: 200 })),
    );
    renderAt('meghana-biryani-house');
    expect(await screen.findByRole('heading', { name: 'Dish 30' })).toBeInTheDocument();
    expect(screen.getAllByTestId('menu-item')).toHaveLength(30);
    expect(screen.getByRole('heading', { name: 'Everything (30)' })).toBeInTheDocument();
  });

  it('an unknown slug shows the not-found texts', async () => {
    renderAt('nope');
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
    expect(screen.getByText('This page could not be found')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go Home' })).toHaveAttribute('href', '/restaurants');
  });
});
