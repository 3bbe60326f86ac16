// Public door of the account feature: what the app shell and other features may use.
import { PendingPage } from '../../lib/pending-page.tsx';

export const MyAccountPage = () => <PendingPage title="MyAccountPage" />;
export const RequestRemovePage = () => <PendingPage title="RequestRemovePage" />;
