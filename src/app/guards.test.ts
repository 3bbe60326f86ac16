// The route guards and middleware of docs/product.md#route-guards, through runGuards with a fake context.
import { describe, expect, it, vi } from 'vitest';
import { runGuards, RouteError, savedLocation, type GuardContext, type RouteMeta } from './guards.ts';

const LOCATION = {
  address: '80 Feet Road, Koramangala, Bengaluru',
  area: 'Koramangala',
  lat: 12.9352,
  lng: 77.6245,
};

function ctx(opts: { loggedIn?: boolean; cookies?: Record<string, string> } = {}) {
  const c = {
    loggedIn: opts.loggedIn ?? false,
    cookie: (name: string) => opts.cookies?.[name],
    setUserLocation: vi.fn<GuardContext['setUserLocation']>(),
    loadCart: vi.fn<GuardContext['loadCart']>(),
  };
  return c;
}

const run = (meta: RouteMeta, c = ctx(), path = '/here') => runGuards(meta, c, path);

describe('auth', () => {
  it('skips the auth check on a route marked as not needing auth', () => {
    expect(run({ auth: false })).toBeNull();
  });
  it('sends a signed-out visitor to login with the page to come back to', () => {
    expect(run({}, ctx(), '/myaccount/orders?page=2')).toBe(
      '/login?redirect=%2Fmyaccount%2Forders%3Fpage%3D2',
    );
  });
  it('lets a signed-in user through', () => {
    expect(run({}, ctx({ loggedIn: true }))).toBeNull();
  });
  it('sends a signed-in user on a guest page (login) home', () => {
    expect(run({ guest: true }, ctx({ loggedIn: true }))).toBe('/');
  });
  it('lets a signed-out visitor see a guest page', () => {
    expect(run({ guest: true })).toBeNull();
  });
  it('never sends the callback route to login', () => {
    expect(run({ callback: true })).toBeNull();
  });
});

describe('Guard 1 (staff live orders)', () => {
  const meta: RouteMeta = { auth: false, guard: 1 };
  it('sends the visitor home without the restaurant-id cookie', () => {
    expect(run(meta, ctx({ cookies: { 'auth._token.local': 'Bearer x' } }))).toBe('/');
  });
  it('sends the visitor home without the local auth token cookie', () => {
    expect(run(meta, ctx({ cookies: { res_id: '1' } }))).toBe('/');
  });
  it('lets the visitor in with both cookies', () => {
    expect(run(meta, ctx({ cookies: { res_id: '1', 'auth._token.local': 'Bearer x' } }))).toBeNull();
  });
});

describe('Guard 2 (home with a saved location)', () => {
  const meta: RouteMeta = { auth: false, guard: 2 };
  it('sends the visitor to /restaurants when a complete location is saved', () => {
    expect(run(meta, ctx({ cookies: { userLocation: JSON.stringify(LOCATION) } }))).toBe('/restaurants');
  });
  it.each([
    ['no cookie', undefined],
    ['an empty address', JSON.stringify({ ...LOCATION, address: '' })],
    ['an empty area', JSON.stringify({ ...LOCATION, area: '' })],
    ['no lat', JSON.stringify({ ...LOCATION, lat: undefined })],
    ['no lng', JSON.stringify({ ...LOCATION, lng: undefined })],
    ['broken JSON', '{not json'],
  ])('stays home with %s', (_label, cookie) => {
    expect(run(meta, ctx({ cookies: cookie === undefined ? {} : { userLocation: cookie } }))).toBeNull();
  });
});

describe('middleware', () => {
  it("'userlocation' (Guard 3) sends the visitor home when no location is saved", () => {
    const c = ctx();
    expect(run({ auth: false, middleware: ['userlocation'] }, c)).toBe('/');
    expect(c.setUserLocation).not.toHaveBeenCalled();
  });
  it("'userlocation' puts the saved location into the app state", () => {
    const c = ctx({ cookies: { userLocation: JSON.stringify(LOCATION) } });
    expect(run({ auth: false, middleware: ['userlocation'] }, c)).toBeNull();
    expect(c.setUserLocation).toHaveBeenCalledWith(LOCATION);
  });
  it("'cart' loads the cart and renders the route", () => {
    const c = ctx();
    expect(run({ auth: false, middleware: ['cart'] }, c)).toBeNull();
    expect(c.loadCart).toHaveBeenCalledTimes(1);
  });
  it("'guest' sends a signed-in user home", () => {
    expect(run({ auth: false, middleware: ['guest'] }, ctx({ loggedIn: true }))).toBe('/');
    expect(run({ auth: false, middleware: ['guest'] }, ctx())).toBeNull();
  });
  it('an unknown middleware is a 500 "Unknown middleware"', () => {
    let caught: unknown;
    try {
      run({ auth: false, middleware: ['nope'] });
    } catch (err) {
      caught = err;
    }
    expect(caught).toBeInstanceOf(RouteError);
    expect(caught).toMatchObject({ status: 500, message: 'Unknown middleware' });
  });
});

describe('savedLocation', () => {
  it('turns string coordinates into numbers', () => {
    const raw = JSON.stringify({ ...LOCATION, lat: '12.9352', lng: '77.6245' });
    expect(savedLocation({ cookie: () => raw })).toMatchObject({ lat: 12.9352, lng: 77.6245 });
  });
  it('rejects coordinates that are not numbers', () => {
    const raw = JSON.stringify({ ...LOCATION, lat: 'north' });
    expect(savedLocation({ cookie: () => raw })).toBeNull();
  });
});
