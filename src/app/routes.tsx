// Every page of src/shared/routes.ts (the path table the server also reads) with its guard rules and
// its lazily loaded page (one chunk per feature, so the first route downloads only what it shows).
import type { ComponentType } from 'react';
import { PAGE_ROUTES, type PageName } from '../shared/routes.ts';
import type { RouteMeta } from './guards.ts';

export interface AppRoute {
  path: string;
  name: PageName;
  meta: RouteMeta;
  page: () => Promise<ComponentType>;
}

const PUBLIC: RouteMeta = { auth: false };

const PAGES: Record<PageName, Pick<AppRoute, 'meta' | 'page'>> = {
  index: {
    meta: { auth: false, guard: 2 },
    page: () => import('../features/location').then((m) => m.HomePage),
  },
  about: {
    meta: PUBLIC,
    page: () => import('../features/company').then((m) => m.AboutPage),
  },
  // The list and the menu load as a chunk each (each is the other's largest unused code), so these
  // two import their page files; every other page comes through its feature's door.
  restaurants: {
    meta: { auth: false, middleware: ['userlocation'] },
    page: () => import('../features/restaurants/list-page.tsx').then((m) => m.RestaurantListPage),
  },
  'restaurants-slug': {
    meta: { auth: false, middleware: ['cart'] },
    page: () => import('../features/restaurants/menu-page.tsx').then((m) => m.RestaurantMenuPage),
  },
  search: {
    meta: PUBLIC,
    page: () => import('../features/search').then((m) => m.SearchPage),
  },
  offers: {
    meta: PUBLIC,
    page: () => import('../features/offers').then((m) => m.OffersPage),
  },
  login: {
    meta: { guest: true },
    page: () => import('../features/auth').then((m) => m.LoginPage),
  },
  register: {
    meta: { guest: true },
    page: () => import('../features/auth').then((m) => m.RegisterPage),
  },
  checkout: {
    meta: { auth: false, middleware: ['cart'] },
    page: () => import('../features/checkout').then((m) => m.CheckoutPage),
  },
  'checkout-success': {
    meta: {},
    page: () => import('../features/checkout').then((m) => m.CheckoutSuccessPage),
  },
  myaccount: {
    meta: {},
    page: () => import('../features/account').then((m) => m.MyAccountPage),
  },
  'myaccount-addresses': {
    meta: {},
    page: () => import('../features/addresses').then((m) => m.AddressesPage),
  },
  'myaccount-orders': {
    meta: {},
    page: () => import('../features/orders').then((m) => m.OrdersPage),
  },
  'myaccount-payments': {
    meta: {},
    page: () => import('../features/orders').then((m) => m.PaymentsPage),
  },
  'request-remove': {
    meta: {},
    page: () => import('../features/account').then((m) => m.RequestRemovePage),
  },
  tracking: {
    meta: {},
    page: () => import('../features/tracking').then((m) => m.TrackingPage),
  },
  'm-orderid': {
    // An SMS or shared link: a signed ?t= token needs no sign-in (the page asks for one otherwise).
    meta: PUBLIC,
    page: () => import('../features/tracking').then((m) => m.OrderStatusPage),
  },
  'partner-login': {
    meta: PUBLIC,
    page: () => import('../features/auth').then((m) => m.PartnerLoginPage),
  },
  'partner-orders': {
    meta: { auth: false, guard: 1 },
    page: () => import('../features/live-orders').then((m) => m.LiveOrdersPage),
  },
};

export const appRoutes: AppRoute[] = PAGE_ROUTES.map(({ name, path }) => ({ path, name, ...PAGES[name] }));
