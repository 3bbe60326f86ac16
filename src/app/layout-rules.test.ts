// Every layout rule of docs/product.md#layout checked for every route name, from tables written out in
// the spec's own words rather than derived from the implementation.
import { describe, expect, it } from 'vitest';
import { layoutFor } from './layout-rules.ts';
import { ROUTE_NAMES, type RouteName } from './route-names.ts';

// decided (issue 15): the staff console is a screen of its own, without the customer's chrome.
const HEADER_HIDDEN = ['index', 'checkout', 'm-orderid', 'tracking', 'partner-orders'];
const BOTTOM_NAV_HIDDEN = [
  'index',
  'restaurants-slug',
  'checkout',
  'checkout-success',
  'm-orderid',
  'partner-orders', // decided: staff pages carry no customer navigation
];
const CART_BAR_SHOWN = ['restaurants-slug'];
const FOOTER_HIDDEN = ['checkout', 'm-orderid', 'partner-orders'];
const MOBILE_LOCATION_HIDDEN = [
  'restaurants-slug',
  'search',
  'myaccount',
  'myaccount-orders',
  'myaccount-addresses',
  'myaccount-payments',
];

describe.each(ROUTE_NAMES.map((name) => [name] as [RouteName]))('layoutFor(%s)', (name) => {
  const parts = layoutFor(name);

  it(HEADER_HIDDEN.includes(name) ? 'hides the header' : 'shows the header', () => {
    expect(parts.header).toBe(!HEADER_HIDDEN.includes(name));
  });
  it(BOTTOM_NAV_HIDDEN.includes(name) ? 'hides the bottom nav' : 'shows the bottom nav', () => {
    expect(parts.bottomNav).toBe(!BOTTOM_NAV_HIDDEN.includes(name));
  });
  it(CART_BAR_SHOWN.includes(name) ? 'allows the cart bar' : 'never shows the cart bar', () => {
    expect(parts.cartBar).toBe(CART_BAR_SHOWN.includes(name));
  });
  it(FOOTER_HIDDEN.includes(name) ? 'hides the footer' : 'shows the footer', () => {
    expect(parts.footer).toBe(!FOOTER_HIDDEN.includes(name));
  });
  it('shows the mobile location header only where the header shows and the rule allows', () => {
    expect(parts.mobileLocationHeader).toBe(
      !HEADER_HIDDEN.includes(name) && !MOBILE_LOCATION_HIDDEN.includes(name),
    );
  });
});

describe('layout rules in the words of the spec', () => {
  it('home shows neither header nor bottom navigation, but shows the footer', () => {
    expect(layoutFor('index')).toEqual({
      header: false,
      footer: true,
      bottomNav: false,
      cartBar: false,
      mobileLocationHeader: false,
    });
  });
  it('checkout is bare: no header, footer, bottom nav, cart bar or location header', () => {
    expect(layoutFor('checkout')).toEqual({
      header: false,
      footer: false,
      bottomNav: false,
      cartBar: false,
      mobileLocationHeader: false,
    });
  });
  it('a restaurant menu has the header and footer, the cart bar, no bottom nav, no location header', () => {
    expect(layoutFor('restaurants-slug')).toEqual({
      header: true,
      footer: true,
      bottomNav: false,
      cartBar: true,
      mobileLocationHeader: false,
    });
  });
  it('the restaurant list shows everything but the cart bar', () => {
    expect(layoutFor('restaurants')).toEqual({
      header: true,
      footer: true,
      bottomNav: true,
      cartBar: false,
      mobileLocationHeader: true,
    });
  });
  it('the unknown-page screen keeps the full chrome so the visitor can find a way back', () => {
    expect(layoutFor('not-found')).toMatchObject({ header: true, footer: true, bottomNav: true });
  });
});
