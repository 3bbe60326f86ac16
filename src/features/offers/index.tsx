// Public door of the offers feature: what the app shell and other features may use.
import { PendingPage } from '../../lib/pending-page.tsx';

export const OffersPage = () => <PendingPage title="OffersPage" />;
