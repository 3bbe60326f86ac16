// Route names in the spec's own words (SPEC.md section 2 refers to routes by these names).
export const ROUTE_NAMES = [
  'index',
  'about',
  'checkout',
  'checkout-success',
  'login',
  'register',
  'myaccount',
  'myaccount-addresses',
  'myaccount-orders',
  'myaccount-payments',
  'offers',
  'request-remove',
  'restaurants',
  'restaurants-slug',
  'search',
  'm-orderid',
  'tracking',
  'partner-login',
  'partner-orders',
  'not-found',
] as const;

export type RouteName = (typeof ROUTE_NAMES)[number];
