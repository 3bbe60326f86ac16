// Public door of the location feature: what the app shell and other features may use.
import { PendingPage } from '../../lib/pending-page.tsx';

export const HomePage = () => <PendingPage title="HomePage" />;
