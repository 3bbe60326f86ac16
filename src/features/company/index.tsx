// Public door of the company feature: what the app shell and other features may use.
import { PendingPage } from '../../lib/pending-page.tsx';

export const AboutPage = () => <PendingPage title="AboutPage" />;
