// Public door of the auth feature: what the app shell and other features may use.
import { PendingPage } from '../../lib/pending-page.tsx';
import type { OverlayProps } from '../../lib/events.ts';

export const LoginPage = () => <PendingPage title="LoginPage" />;
export const RegisterPage = () => <PendingPage title="RegisterPage" />;
export const PartnerLoginPage = () => <PendingPage title="PartnerLoginPage" />;
export const AuthOverlay = (props: OverlayProps<'show-auth'>) => (
  <div role="dialog" aria-label="AuthOverlay">
    <button type="button" onClick={props.onClose}>
      Close
    </button>
  </div>
);
