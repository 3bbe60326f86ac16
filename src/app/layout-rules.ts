// Which chrome each route shows (SPEC.md section 2, Layout rules). Bottom bars and the mobile
// location header are small-screen only; CSS hides them from the large breakpoint up.
import type { RouteName } from './route-names.ts';

export interface LayoutParts {
  header: boolean;
  footer: boolean;
  bottomNav: boolean;
  cartBar: boolean;
  mobileLocationHeader: boolean;
}

const HEADER_HIDDEN: ReadonlySet<RouteName> = new Set(['index', 'checkout', 'm-orderid', 'tracking']);
const BOTTOM_NAV_HIDDEN: ReadonlySet<RouteName> = new Set([
  'index',
  'restaurants-slug',
  'checkout',
  'checkout-success',
  'm-orderid',
  // Staff work the live-orders table; customer navigation only gets in the way there.
  'partner-orders',
]);
const CART_BAR_SHOWN: ReadonlySet<RouteName> = new Set(['restaurants-slug']);
const FOOTER_HIDDEN: ReadonlySet<RouteName> = new Set(['checkout', 'm-orderid']);
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
