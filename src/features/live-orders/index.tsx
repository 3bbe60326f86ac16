// Public door of the live-orders feature: what the app shell and other features may use.
import { PendingPage } from '../../lib/pending-page.tsx';

export const LiveOrdersPage = () => <PendingPage title="LiveOrdersPage" />;
