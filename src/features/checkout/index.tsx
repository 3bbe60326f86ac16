// Public door of the checkout feature: what the app shell and other features may use.
import { PendingPage } from '../../lib/pending-page.tsx';

export const CheckoutPage = () => <PendingPage title="CheckoutPage" />;
export const CheckoutSuccessPage = () => <PendingPage title="CheckoutSuccessPage" />;
