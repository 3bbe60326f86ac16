import { fireEvent, render, screen, within } from '@testing-library/react';
import { Route, Routes } from '../../lib/router.tsx';
import { TestRouter } from '../../testing/router.tsx';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setVegMode } from '../../lib/veg-mode.ts';
import type { RestaurantDetail } from '../../shared/api/discovery.ts';
import { restaurantCard, welcomeCoupon } from '../../testing/discovery.ts';
import { updatedAgo } from './menu-age.tsx';
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
  diet: over.diet ?? (over.is_veg === false ? ('non_veg' as const) : ('veg' as const)),
});

const detail: RestaurantDetail = {
  ...restaurantCard({
    rating_count: 12840,
    cuisines: ['Biryani', 'Andhra'],
    offer_text: '50% OFF',
    distance_m: 200,
  }),
  address: '80 Feet Road',
  packaging_fee: 2000,
  item_count: 3,
  offers: [welcomeCoupon({ description: 'd', coupon_terms: 't', end_date: '2030-01-01T00:00:00Z' })],
  categories: [
    {
      id: 10,
      name: 'Biryani',
      count: 3,
      items: [
        item(100, 'Chicken Biryani', { is_veg: false, is_bestseller: true, price: 29900 }),
        item(101, 'Paneer Biryani'),
        item(103, 'Egg Biryani', { is_veg: false, diet: 'egg' }),
      ],
    },
    { id: 11, name: 'Starters', count: 1, items: [item(102, 'Paneer Tikka', { in_stock: false })] },
  ],
};

function renderAt(slug: string) {
  return render(
    <TestRouter path={`/restaurants/${slug}`}>
      <Routes>
        <Route path="/restaurants/:slug" element={<RestaurantMenuPage />} />
      </Routes>
    </TestRouter>,
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
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('shows header facts, offers, categories with counts and items with veg marks and prices', async () => {
    renderAt('meghana-biryani-house');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Meghana Biryani House' }),
    ).toBeInTheDocument();
    expect(screen.getByText('₹500')).toBeInTheDocument();
    expect(screen.getByText('WELCOME50')).toBeInTheDocument();
    const nav = screen.getByRole('navigation', { name: 'Menu categories' });
    expect(within(nav).getByRole('link', { name: 'Biryani (3)' })).toHaveAttribute('href', '#cat-10');
    const chicken = screen.getByRole('heading', { name: 'Chicken Biryani' }).closest('li')!;
    expect(chicken).toHaveTextContent('Non-veg');
    expect(screen.getByRole('heading', { name: 'Egg Biryani' }).closest('li')).toHaveTextContent('Egg');
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

  it('a paused restaurant says it is not accepting orders', async () => {
    const paused = {
      ...detail,
      accepting_orders: false,
      not_accepting_reason: 'Not accepting orders right now',
    };
    vi.mocked(fetch).mockImplementation(() => Promise.resolve(new Response(JSON.stringify(paused))));
    renderAt('meghana-biryani-house');
    await screen.findByRole('heading', { level: 1, name: 'Meghana Biryani House' });
    expect(screen.getByText('Not accepting orders right now')).toBeVisible();
  });

  it('a restaurant taking orders shows no pause notice', async () => {
    const open = { ...detail, accepting_orders: true, not_accepting_reason: null };
    vi.mocked(fetch).mockImplementation(() => Promise.resolve(new Response(JSON.stringify(open))));
    renderAt('meghana-biryani-house');
    await screen.findByRole('heading', { level: 1, name: 'Meghana Biryani House' });
    expect(screen.queryByText('Not accepting orders right now')).toBeNull();
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

  it('in Veg mode shows veg dishes only, egg dishes hidden too, and says why', async () => {
    setVegMode(true);
    try {
      renderAt('meghana-biryani-house');
      expect(await screen.findByRole('heading', { name: 'Paneer Biryani' })).toBeInTheDocument();
      expect(screen.queryByRole('heading', { name: 'Chicken Biryani' })).toBeNull();
      expect(screen.queryByRole('heading', { name: 'Egg Biryani' })).toBeNull();
      expect(screen.getByText('Veg mode is on: veg dishes only')).toBeInTheDocument();
      expect(screen.queryByRole('checkbox', { name: 'Veg only' })).toBeNull();
      // Turned off from the menu itself (a phone has no header here), every dish shows again at once.
      fireEvent.click(screen.getByRole('button', { name: 'Turn off' }));
      expect(screen.getByRole('heading', { name: 'Chicken Biryani' })).toBeInTheDocument();
      expect(screen.getByRole('checkbox', { name: 'Veg only' })).not.toBeChecked();
    } finally {
      setVegMode(false);
    }
  });

  it('the menu search finds dishes spelled the Indian ways ("panner"), else as typed', async () => {
    renderAt('meghana-biryani-house');
    await screen.findByRole('heading', { name: 'Chicken Biryani' });
    const box = screen.getByRole('searchbox', { name: 'Search in the menu' });
    fireEvent.change(box, { target: { value: 'panner' } });
    expect(await screen.findByText('2 dishes found')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Paneer Biryani' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Paneer Tikka' })).toBeInTheDocument();
    fireEvent.change(box, { target: { value: 'chiken biriyani' } });
    expect(await screen.findByText('1 dish found')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Chicken Biryani' })).toBeInTheDocument();
    fireEvent.change(box, { target: { value: 'pan' } });
    expect(await screen.findByText('2 dishes found')).toBeInTheDocument();
  });

  it('?dish= scrolls to that dish, focuses and marks it', async () => {
    const scrolled = vi.fn();
    vi.spyOn(Element.prototype, 'scrollIntoView').mockImplementation(scrolled);
    renderAt('meghana-biryani-house?dish=102');
    const tikka = (await screen.findByRole('heading', { name: 'Paneer Tikka' })).closest('li')!;
    expect(tikka).toHaveAttribute('id', 'dish-102');
    expect(tikka).toHaveAttribute('aria-current', 'true');
    expect(scrolled).toHaveBeenCalledTimes(1);
    expect(scrolled.mock.contexts[0]).toBe(tikka);
    expect(document.activeElement).toBe(tikka);
    const chicken = screen.getByRole('heading', { name: 'Chicken Biryani' }).closest('li')!;
    expect(chicken).not.toHaveAttribute('aria-current');
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

  it('offline, says how old the kept menu is (the Date the server answered it with)', async () => {
    const served = new Date(Date.now() - 7 * 60_000 - 5_000).toUTCString();
    vi.stubGlobal(
      'fetch',
      vi.fn(() =>
        Promise.resolve(new Response(JSON.stringify(detail), { status: 200, headers: { date: served } })),
      ),
    );
    Object.defineProperty(navigator, 'onLine', { value: false, configurable: true });
    try {
      renderAt('meghana-biryani-house');
      const notice = await screen.findByRole('status');
      await vi.waitFor(() =>
        expect(notice).toHaveTextContent(
          'You are offline. Showing the menu we loaded last. Updated 7 min ago.',
        ),
      );
    } finally {
      Object.defineProperty(navigator, 'onLine', { value: true, configurable: true });
    }
  });
});

describe('updatedAgo', () => {
  it('names the age in the largest whole unit', () => {
    const now = Date.parse('2026-11-23T12:00:00Z');
    expect(updatedAgo(now - 20_000, now)).toBe('Updated just now');
    expect(updatedAgo(now - 12 * 60_000, now)).toBe('Updated 12 min ago');
    expect(updatedAgo(now - 3 * 3_600_000, now)).toBe('Updated 3 h ago');
    expect(updatedAgo(now - 3 * 86_400_000, now)).toBe('Updated 3 days ago');
    // A server clock slightly ahead of the phone's never gives a negative age.
    expect(updatedAgo(now + 30_000, now)).toBe('Updated just now');
  });
});
