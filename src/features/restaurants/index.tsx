// Public door of the restaurants feature: what the app shell and other features may use.
export { RestaurantListPage } from './list-page.tsx';
export { RestaurantMenuPage } from './menu-page.tsx';
