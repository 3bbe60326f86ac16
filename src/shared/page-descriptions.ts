// The meta description of each page (see routes.ts for the pages and their titles). Apart from the
// entry chunk: the server puts the first page's description in the HTML, the app loads this module to
// update it on later navigations.
import { BRAND, clip, type PageDetail, type RouteName } from './routes.ts';

const DESCRIPTIONS: { index: string } & Partial<Record<RouteName, string>> = {
  index:
    'Order food from the best restaurants near you. Fast delivery, live order tracking, offers and coupons, and it keeps working on a flaky network.',
  about: `Who runs ${BRAND}, what we are trying to do, and how to reach us.`,
  restaurants: 'Restaurants that deliver to your location, with ratings, delivery times, offers and filters.',
  search: 'Search dishes and restaurants near you and add them to your cart.',
  offers: 'Coupons anyone can use and restaurants with offers near you.',
  login: `Log in to ${BRAND} with your phone number and password.`,
  register: `Create a ${BRAND} account with your phone number.`,
  checkout: 'Your cart, delivery address, coupons and payment.',
  tracking: 'Follow your order live: its status, when it arrives and the courier on the map.',
  'm-orderid': 'The status of your order and when it arrives.',
  'partner-login': `Restaurant staff sign in to see their live orders on ${BRAND}.`,
  'not-found': 'This page could not be found. Start afresh from the restaurants near you.',
};

/** The meta description of a page (the home page's for pages with nothing better to say). */
export function pageDescription(name: RouteName, detail: PageDetail = {}): string {
  if (name === 'restaurants-slug' && detail.restaurant) {
    return `Order from ${clip(detail.restaurant)}${detail.area ? ` in ${clip(detail.area)}` : ''} on ${BRAND}: the full menu with prices, offers and live order tracking.`;
  }
  return DESCRIPTIONS[name] ?? DESCRIPTIONS.index;
}
