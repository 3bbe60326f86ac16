import { fireEvent, render, screen, within } from '@testing-library/react';
import { useLocation } from '../../lib/router.tsx';
import { TestRouter } from '../../testing/router.tsx';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { appState } from '../../lib/app-state.ts';
import type { RestaurantCard } from '../../shared/api/discovery.ts';
import { restaurantCard } from '../../testing/discovery.ts';
import { RestaurantListPage } from './list-page.tsx';

const base = restaurantCard();
const list = (results: RestaurantCard[], total = results.length, next: string | null = null) => ({
  count: results.length,
  next,
  previous: null,
  results,
  cuisines: ['Biryani', 'South Indian'],
  total_nearby: total,
});
const respond = (body: unknown, status = 200) =>
  Promise.resolve(
    new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }),
  );

function Url() {
  const l = useLocation();
  return <output data-testid="url">{l.pathname + l.search}</output>;
}

function renderPage(url = '/restaurants') {
  return render(
    <TestRouter path={url}>
      <RestaurantListPage />
      <Url />
    </TestRouter>,
  );
}

describe('RestaurantListPage', () => {
  let listBody: (url: string) => Promise<Response>;
  beforeEach(() => {
    appState.set({
      userLocation: { address: 'Koramangala, Bengaluru', area: 'Koramangala', lat: 12.9352, lng: 77.6245 },
    });
    listBody = () =>
      respond(
        list([
          base,
          {
            ...base,
            id: 2,
            slug: 'sri-lakshmi',
            name: 'Sri Lakshmi Veg',
            pure_veg: true,
            cuisines: ['South Indian'],
          },
        ]),
      );
    vi.stubGlobal(
      'fetch',
      vi.fn((url: string) =>
        url.includes('all-banners')
          ? respond({ count: 0, next: null, previous: null, results: [] })
          : listBody(url),
      ),
    );
  });
  afterEach(() => vi.unstubAllGlobals());

  it('asks for the restaurants at the chosen point and shows them under one h1', async () => {
    renderPage();
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Restaurants near Koramangala');
    expect(await screen.findByText('Meghana Biryani House')).toBeInTheDocument();
    expect(vi.mocked(fetch)).toHaveBeenCalledWith(
      '/api/v1/restaurant/list/?lat=12.9352&lng=77.6245',
      expect.anything(),
    );
    expect(screen.getByRole('heading', { name: '2 restaurants' })).toBeInTheDocument();
  });

  it('a paused restaurant’s card says it is not accepting orders', async () => {
    listBody = () =>
      respond(
        list([
          { ...base, accepting_orders: false, not_accepting_reason: 'Not accepting orders right now' },
          { ...base, id: 2, slug: 'sri-lakshmi', name: 'Sri Lakshmi Veg', accepting_orders: true },
        ]),
      );
    renderPage();
    const paused = (await screen.findByText('Meghana Biryani House')).closest('li')!;
    expect(paused).toHaveTextContent('Not accepting orders right now');
    const open = screen.getByText('Sri Lakshmi Veg').closest('li')!;
    expect(open).not.toHaveTextContent('Not accepting orders right now');
  });

  it('veg only writes veg=1 to the URL and shows what the server answers for it', async () => {
    renderPage();
    await screen.findByText('Meghana Biryani House');
    listBody = (url) =>
      respond(
        url.includes('veg=1')
          ? list([{ ...base, id: 2, name: 'Sri Lakshmi Veg', pure_veg: true }])
          : list([]),
      );
    fireEvent.click(screen.getByRole('button', { name: 'Veg only' }));
    expect(screen.getByTestId('url')).toHaveTextContent('/restaurants?veg=1');
    expect(await screen.findByText('Sri Lakshmi Veg')).toBeInTheDocument();
    expect(vi.mocked(fetch)).toHaveBeenCalledWith(
      '/api/v1/restaurant/list/?lat=12.9352&lng=77.6245&veg=1',
      expect.anything(),
    );
    const cards = within(screen.getByTestId('restaurant-list')).getAllByRole('link');
    expect(cards).toHaveLength(1);
    expect(screen.getByRole('heading', { name: '1 restaurant' })).toBeInTheDocument();
  });

  it('asks the server for the filters and sort in the URL, and for Veg mode', async () => {
    document.cookie = 'veg_mode=1; path=/';
    try {
      renderPage('/restaurants?cuisine=Biryani&sort=cost_desc');
      await screen.findByText('Meghana Biryani House');
      expect(vi.mocked(fetch)).toHaveBeenCalledWith(
        '/api/v1/restaurant/list/?lat=12.9352&lng=77.6245&cuisine=Biryani&sort=cost_desc&veg_mode=1',
        expect.anything(),
      );
      expect(screen.getByRole('combobox', { name: 'Sort by' })).toHaveValue('cost_desc');
      expect(screen.getByRole('combobox', { name: 'Cuisine' })).toHaveValue('Biryani');
    } finally {
      document.cookie = 'veg_mode=; path=/; max-age=0';
    }
  });

  const at = (lat: number) => {
    appState.set({
      userLocation: { address: 'HSR Layout, Bengaluru', area: 'HSR Layout', lat, lng: 77.6245 },
    });
    return `/api/v1/restaurant/list/?lat=${lat}&lng=77.6245&page=2`;
  };

  it('shows the next page under the first when asked, and no button after the last', async () => {
    const page2 = at(12.91);
    listBody = (url) =>
      respond(
        url === page2
          ? { ...list([{ ...base, id: 3, slug: 'third', name: 'Third Kitchen' }]), count: 3 }
          : { ...list([base, { ...base, id: 2, slug: 'two', name: 'Second Kitchen' }], 3, page2), count: 3 },
      );
    renderPage();
    expect(await screen.findByRole('heading', { name: '3 restaurants' })).toBeInTheDocument();
    expect(screen.queryByText('Third Kitchen')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Show more restaurants' }));
    expect(await screen.findByText('Third Kitchen')).toBeInTheDocument();
    const cards = within(screen.getByTestId('restaurant-list')).getAllByRole('link');
    expect(cards.map((c) => c.textContent)).toEqual([
      expect.stringContaining('Meghana Biryani House'),
      expect.stringContaining('Second Kitchen'),
      expect.stringContaining('Third Kitchen'),
    ]);
    expect(screen.queryByRole('button', { name: 'Show more restaurants' })).toBeNull();
  });

  it('asks for the next page by itself once its button nears the screen', async () => {
    const observers: Array<(entries: Array<{ isIntersecting: boolean }>) => void> = [];
    vi.stubGlobal(
      'IntersectionObserver',
      class {
        constructor(callback: (entries: Array<{ isIntersecting: boolean }>) => void) {
          observers.push(callback);
        }
        observe() {}
        disconnect() {}
      },
    );
    const page2 = '/api/v1/restaurant/list/?lat=12.9352&lng=77.6245&page=2';
    listBody = (url) =>
      respond(
        url === page2
          ? list([{ ...base, id: 3, slug: 'third', name: 'Third Kitchen' }])
          : list([base], 2, page2),
      );
    renderPage();
    await screen.findByText('Meghana Biryani House');
    expect(observers).toHaveLength(1);
    observers[0]!([{ isIntersecting: true }]);
    expect(await screen.findByText('Third Kitchen')).toBeInTheDocument();
  });

  it('a page that fails to load says so below the cards, with a Retry', async () => {
    const page2 = at(12.93);
    let failing = true;
    listBody = (url) =>
      url !== page2
        ? respond(list([base], 2, page2))
        : failing
          ? respond({ status: 404, message: 'No such page' }, 404)
          : respond(list([{ ...base, id: 3, slug: 'third', name: 'Third Kitchen' }]));
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Show more restaurants' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Could not load more restaurants.');
    expect(screen.getByText('Meghana Biryani House')).toBeInTheDocument();
    failing = false;
    fireEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('Third Kitchen')).toBeInTheDocument();
  });

  it('a filter whose list cannot load offline says so and keeps the filter bar to undo it', async () => {
    at(12.94);
    renderPage();
    await screen.findByText('Meghana Biryani House');
    listBody = () => Promise.reject(new TypeError('Failed to fetch'));
    fireEvent.click(screen.getByRole('button', { name: 'Rating 4.0+' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('You are offline');
    expect(screen.queryByText('Meghana Biryani House')).toBeNull();
    listBody = () => respond(list([base]));
    fireEvent.click(within(alert).getByRole('button', { name: 'Clear filters' }));
    expect(screen.getByTestId('url')).toHaveTextContent(/^\/restaurants$/);
    expect(await screen.findByText('Meghana Biryani House')).toBeInTheDocument();
  });

  it('says when nothing delivers here and offers to change the location', async () => {
    listBody = () => respond(list([], 0));
    renderPage();
    expect(
      await screen.findByRole('heading', { name: 'No restaurants deliver here yet' }),
    ).toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: 'Change location' }).length).toBeGreaterThan(0);
  });

  it('shows an error with a Retry that fetches again', async () => {
    let calls = 0;
    listBody = () =>
      ++calls === 1 ? respond({ status: 500, message: 'Database is down' }, 500) : respond(list([base]));
    renderPage();
    const alert = await screen.findByRole('alert', {}, { timeout: 8000 });
    expect(alert).toHaveTextContent('Could not load restaurants');
    fireEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('Meghana Biryani House')).toBeInTheDocument();
  });

  it('offline with a list (from the service worker cache) shows it with a small notice', async () => {
    const onLine = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    renderPage();
    expect(await screen.findByText('Meghana Biryani House')).toBeInTheDocument();
    expect(screen.getByText('You are offline. Showing the restaurants we loaded last.')).toHaveAttribute(
      'role',
      'status',
    );
    onLine.mockRestore();
  });

  it('offline without a cached list says so instead of a blank page', async () => {
    listBody = () => Promise.reject(new TypeError('Failed to fetch'));
    renderPage();
    expect(await screen.findByRole('heading', { name: 'You are offline' })).toBeInTheDocument();
  });
});
