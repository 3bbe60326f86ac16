// The route table is one list for client and server: the server's matcher (src/shared/routes.ts)
// decides exactly as the client router does, so a path the app shows as 'Page not found' is the
// path the server answers 404, and every page of the table has a page component.
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Route, Routes, useParams } from '../lib/router.tsx';
import { TestRouter } from '../testing/router.tsx';
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
  '/restaurants/100%2525-off',
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
    // What the app's router renders there: the page's name and its parameters, as app-router.tsx routes.
    const Shown = ({ name }: { name: string }) => `${name} ${JSON.stringify(useParams())}`;
    render(
      <TestRouter path={path}>
        <output>
          <Routes>
            {appRoutes.map((r) => (
              <Route key={r.name} path={r.path} element={<Shown name={r.name} />} />
            ))}
            <Route path="*" element="not-found" />
          </Routes>
        </output>
      </TestRouter>,
    );
    const shared = matchPage(path);
    const expected = shared ? `${shared.name} ${JSON.stringify(shared.params)}` : 'not-found';
    expect(screen.getByRole('status')).toHaveTextContent(expected, { normalizeWhitespace: false });
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
