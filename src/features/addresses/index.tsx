// Public door of the addresses feature: what the app shell and other features may use.
import { PendingPage } from '../../lib/pending-page.tsx';

export const AddressesPage = () => <PendingPage title="AddressesPage" />;
