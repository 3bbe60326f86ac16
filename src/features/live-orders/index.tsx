// Public door of the live-orders feature: what the app shell and other features may use.
export { LiveOrdersPage } from './live-orders-page.tsx';
