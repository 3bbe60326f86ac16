// Public door of the live-orders feature: what the app shell and other features may use.
export { consoleFirstReads } from './first-reads.ts';
export { LiveOrdersPage } from './live-orders-page.tsx';
