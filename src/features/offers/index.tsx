// Public door of the offers feature: what the app shell and other features may use.
export { OffersPage } from './offers-page.tsx';
