// Public door of the tracking feature: what the app shell and other features may use.
import { PendingPage } from '../../lib/pending-page.tsx';

export const TrackingPage = () => <PendingPage title="TrackingPage" />;
export const OrderStatusPage = () => <PendingPage title="OrderStatusPage" />;
