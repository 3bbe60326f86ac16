// Public door of the orders feature: what the app shell and other features may use.
export { OrdersPage, ordersPageKey } from './orders-page.tsx';
export { PaymentsPage } from './payments-page.tsx';
