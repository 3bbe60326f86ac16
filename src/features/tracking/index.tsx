// Public door of the tracking feature: what the app shell and other features may use.
export { TrackingPage, parseOrderId } from './tracking-page.tsx';
export { OrderStatusPage } from './order-status-page.tsx';
