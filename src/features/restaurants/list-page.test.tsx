import { fireEvent, render, screen, within } from '@testing-library/react';
import { useLocation } from '../../lib/router.tsx';
import { TestRouter } from '../../testing/router.tsx';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { appState } from '../../lib/app-state.ts';
import type { RestaurantCard } from '../../shared/api/discovery.ts';
import { restaurantCard } from '../../testing/discovery.ts';
import { RestaurantListPage } from './list-page.tsx';

const base = restaurantCard();
const list = (results: RestaurantCard[], total = results.length) => ({
  count: results.length,
  next: null,
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
  let listBody: () => Promise<Response>;
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
          : listBody(),
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

  it('veg only writes veg=1 to the URL and keeps only pure veg places', async () => {
    renderPage();
    await screen.findByText('Meghana Biryani House');
    fireEvent.click(screen.getByRole('button', { name: 'Veg only' }));
    expect(screen.getByTestId('url')).toHaveTextContent('/restaurants?veg=1');
    const cards = within(screen.getByTestId('restaurant-list')).getAllByRole('link');
    expect(cards).toHaveLength(1);
    expect(cards[0]).toHaveTextContent('Sri Lakshmi Veg');
  });

  it('reads filters and sort from the URL', async () => {
    renderPage('/restaurants?cuisine=Biryani&sort=cost_desc');
    await screen.findByText('Meghana Biryani House');
    expect(screen.queryByText('Sri Lakshmi Veg')).toBeNull();
    expect(screen.getByRole('combobox', { name: 'Sort by' })).toHaveValue('cost_desc');
    expect(screen.getByRole('combobox', { name: 'Cuisine' })).toHaveValue('Biryani');
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
