// Every route of SPEC.md section 2 plus the staff pages: path, name, guard rules and its lazily
// loaded page (one chunk per feature, so the first route downloads only what it shows).
import type { ComponentType } from 'react';
import type { RouteMeta } from './guards.ts';
import type { RouteName } from './route-names.ts';

export interface AppRoute {
  path: string;
  name: RouteName;
  meta: RouteMeta;
  page: () => Promise<ComponentType>;
}

const PUBLIC: RouteMeta = { auth: false };

export const appRoutes: AppRoute[] = [
  {
    path: '/',
    name: 'index',
    meta: { auth: false, guard: 2 },
    page: () => import('../features/location').then((m) => m.HomePage),
  },
  {
    path: '/about',
    name: 'about',
    meta: PUBLIC,
    page: () => import('../features/company').then((m) => m.AboutPage),
  },
  {
    path: '/restaurants',
    name: 'restaurants',
    meta: { auth: false, middleware: ['userlocation'] },
    page: () => import('../features/restaurants').then((m) => m.RestaurantListPage),
  },
  {
    path: '/restaurants/:slug',
    name: 'restaurants-slug',
    meta: { auth: false, middleware: ['cart'] },
    page: () => import('../features/restaurants').then((m) => m.RestaurantMenuPage),
  },
  {
    path: '/search',
    name: 'search',
    meta: PUBLIC,
    page: () => import('../features/search').then((m) => m.SearchPage),
  },
  {
    path: '/offers',
    name: 'offers',
    meta: PUBLIC,
    page: () => import('../features/offers').then((m) => m.OffersPage),
  },
  {
    path: '/login',
    name: 'login',
    meta: { guest: true },
    page: () => import('../features/auth').then((m) => m.LoginPage),
  },
  {
    path: '/register',
    name: 'register',
    meta: { guest: true },
    page: () => import('../features/auth').then((m) => m.RegisterPage),
  },
  {
    path: '/checkout',
    name: 'checkout',
    meta: { auth: false, middleware: ['cart'] },
    page: () => import('../features/checkout').then((m) => m.CheckoutPage),
  },
  {
    path: '/checkout/success',
    name: 'checkout-success',
    meta: {},
    page: () => import('../features/checkout').then((m) => m.CheckoutSuccessPage),
  },
  {
    path: '/myaccount',
    name: 'myaccount',
    meta: {},
    page: () => import('../features/account').then((m) => m.MyAccountPage),
  },
  {
    path: '/myaccount/addresses',
    name: 'myaccount-addresses',
    meta: {},
    page: () => import('../features/addresses').then((m) => m.AddressesPage),
  },
  {
    path: '/myaccount/orders',
    name: 'myaccount-orders',
    meta: {},
    page: () => import('../features/orders').then((m) => m.OrdersPage),
  },
  {
    path: '/myaccount/payments',
    name: 'myaccount-payments',
    meta: {},
    page: () => import('../features/orders').then((m) => m.PaymentsPage),
  },
  {
    path: '/request-remove',
    name: 'request-remove',
    meta: {},
    page: () => import('../features/account').then((m) => m.RequestRemovePage),
  },
  {
    path: '/tracking/:order_id?',
    name: 'tracking',
    meta: {},
    page: () => import('../features/tracking').then((m) => m.TrackingPage),
  },
  {
    path: '/m/:orderid?',
    name: 'm-orderid',
    meta: {},
    page: () => import('../features/tracking').then((m) => m.OrderStatusPage),
  },
  {
    path: '/partner/login',
    name: 'partner-login',
    meta: PUBLIC,
    page: () => import('../features/auth').then((m) => m.PartnerLoginPage),
  },
  {
    path: '/partner/orders',
    name: 'partner-orders',
    meta: { auth: false, guard: 1 },
    page: () => import('../features/live-orders').then((m) => m.LiveOrdersPage),
  },
];
