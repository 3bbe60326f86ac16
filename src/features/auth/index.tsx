// Public door of the auth feature: what the app shell and other features may use.
import { useNavigate } from '../../lib/router.tsx';
import type { OverlayProps } from '../../lib/events.ts';
import { appState } from '../../lib/app-state.ts';
import { AuthPanel } from './auth-panel.tsx';

export { LoginPage, PartnerLoginPage, RegisterPage } from './pages.tsx';

/**
 * emit('show-auth', {mode, redirect}): login, signup (+ OTP step) and forgot password. After signing
 * in it closes, and goes to /restaurants when a location is set and redirect is allowed (pass
 * redirect: false to stay on the current page, e.g. at checkout).
 */
export function AuthOverlay({ mode, redirect, onClose }: OverlayProps<'show-auth'>) {
  const navigate = useNavigate();
  const signedIn = () => {
    onClose();
    if (redirect !== false && appState.get().userLocation) void navigate('/restaurants');
  };
  return (
    <div className="auth-overlay">
      <AuthPanel initialMode={mode} onSignedIn={signedIn} />
    </div>
  );
}
