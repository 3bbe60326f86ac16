// Public door of the restaurants feature: what the app shell and other features may use.
import { PendingPage } from '../../lib/pending-page.tsx';

export const RestaurantListPage = () => <PendingPage title="RestaurantListPage" />;
export const RestaurantMenuPage = () => <PendingPage title="RestaurantMenuPage" />;
