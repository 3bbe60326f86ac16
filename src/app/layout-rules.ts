// Which chrome each route shows (docs/product.md#layout). Bottom bars and the mobile
// location header are small-screen only; CSS hides them from the large breakpoint up.
import type { RouteName } from './route-names.ts';

export interface LayoutParts {
  header: boolean;
  footer: boolean;
  bottomNav: boolean;
  cartBar: boolean;
  mobileLocationHeader: boolean;
}

/** The kitchen console is a screen of its own: its bar says who and where, with a sign-out. */
const STAFF_CONSOLE: RouteName = 'partner-orders';
const HEADER_HIDDEN: ReadonlySet<RouteName> = new Set([
  'index',
  'checkout',
  'm-orderid',
  'tracking',
  STAFF_CONSOLE,
]);
const BOTTOM_NAV_HIDDEN: ReadonlySet<RouteName> = new Set([
  'index',
  'restaurants-slug',
  'checkout',
  'checkout-success',
  'm-orderid',
  STAFF_CONSOLE,
]);
const CART_BAR_SHOWN: ReadonlySet<RouteName> = new Set(['restaurants-slug']);
const FOOTER_HIDDEN: ReadonlySet<RouteName> = new Set(['checkout', 'm-orderid', STAFF_CONSOLE]);
const MOBILE_LOCATION_HIDDEN: ReadonlySet<RouteName> = new Set([
  'restaurants-slug',
  'search',
  'myaccount',
  'myaccount-orders',
  'myaccount-addresses',
  'myaccount-payments',
]);

/**
 * The mobile location header is the header's small-screen form, so it also disappears wherever
 * the header does. The cart bar additionally needs a non-empty cart (decided by the bar itself).
 */
export function layoutFor(route: RouteName): LayoutParts {
  const header = !HEADER_HIDDEN.has(route);
  return {
    header,
    footer: !FOOTER_HIDDEN.has(route),
    bottomNav: !BOTTOM_NAV_HIDDEN.has(route),
    cartBar: CART_BAR_SHOWN.has(route),
    mobileLocationHeader: header && !MOBILE_LOCATION_HIDDEN.has(route),
  };
}
