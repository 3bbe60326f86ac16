// Public door of the search feature: what the app shell and other features may use.
import { PendingPage } from '../../lib/pending-page.tsx';

export const SearchPage = () => <PendingPage title="SearchPage" />;
