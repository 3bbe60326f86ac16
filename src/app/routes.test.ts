// The route table is one list for client and server: the server's matcher (src/shared/routes.ts)
// decides exactly as the client router does, so a path the app shows as 'Page not found' is the
// path the server answers 404, and every page of the table has a page component.
import { matchRoutes } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { matchPage, PAGE_ROUTES, pageTitle, ROUTE_NAMES } from '../shared/routes.ts';
import { appRoutes } from './routes.tsx';

const PATHS = [
  '/',
  '/about',
  '/about/',
  '/About',
  '/restaurants',
  '/restaurants/',
  '/restaurants/meghana-biryani-house',
  '/restaurants/meghana-biryani-house/',
  '/restaurants/a/b',
  '/restaurants/caf%C3%A9',
  '/restaurants/a%2Fb',
  '/search',
  '/checkout',
  '/checkout/success',
  '/checkout/success/x',
  '/myaccount',
  '/myaccount/orders',
  '/myaccount/nope',
  '/tracking',
  '/tracking/12',
  '/tracking/12/x',
  '/m',
  '/m/OD1A2B3C',
  '/partner/login',
  '/partner/orders',
  '/partner',
  '/nope',
  '/index.html',
];

describe('the shared route table', () => {
  it('is the client router’s table', () => {
    expect(appRoutes.map((r) => [r.name, r.path])).toEqual(PAGE_ROUTES.map((r) => [r.name, r.path]));
    expect(ROUTE_NAMES).toEqual([...PAGE_ROUTES.map((r) => r.name), 'not-found']);
  });

  it.each(PATHS)('matches %s as the client router does', (path) => {
    const routes = appRoutes.map((r) => ({ path: r.path, id: r.name, caseSensitive: true }));
    const client = matchRoutes(routes, path)?.[0];
    const shared = matchPage(path);
    expect(shared?.name ?? null).toBe(client?.route.id ?? null);
    expect(shared?.params ?? null).toEqual(client ? { ...client.params } : null);
  });
});

describe('page titles', () => {
  it('name the page and end with the brand', () => {
    for (const name of ROUTE_NAMES) expect(pageTitle(name)).toMatch(/^\S.* \| Bhojan$/);
    expect(new Set(ROUTE_NAMES.map((n) => pageTitle(n))).size).toBe(ROUTE_NAMES.length);
  });

  it('say what the page holds when it is known', () => {
    expect(pageTitle('restaurants-slug', { restaurant: 'Meghana Biryani House', area: 'Koramangala' })).toBe(
      'Meghana Biryani House, Koramangala: menu | Bhojan',
    );
    expect(pageTitle('restaurants', { area: 'Indiranagar' })).toBe('Restaurants near Indiranagar | Bhojan');
    expect(pageTitle('search', { query: '  paneer  tikka ' })).toBe('Search: paneer tikka | Bhojan');
    expect(pageTitle('search', { query: ' ' })).toBe('Search for dishes and restaurants | Bhojan');
    expect(pageTitle('tracking', { orderNumber: 'OD1A2B3C' })).toBe('Track order OD1A2B3C | Bhojan');
    expect(pageTitle('search', { query: 'x'.repeat(100) })).toMatch(/^Search: x{59}… \| Bhojan$/);
  });
});
