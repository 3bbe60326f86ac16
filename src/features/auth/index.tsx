// Public door of the auth feature: what the app shell and other features may use.
import { PendingPage } from '../../lib/pending-page.tsx';

export const LoginPage = () => <PendingPage title="LoginPage" />;
export const RegisterPage = () => <PendingPage title="RegisterPage" />;
export const PartnerLoginPage = () => <PendingPage title="PartnerLoginPage" />;
