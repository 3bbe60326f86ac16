// Public door of the orders feature: what the app shell and other features may use.
import { PendingPage } from '../../lib/pending-page.tsx';

export const OrdersPage = () => <PendingPage title="OrdersPage" />;
export const PaymentsPage = () => <PendingPage title="PaymentsPage" />;
