// The full-page forms: /login and /register (same forms as the overlay, honouring ?redirect=) and
// the staff sign-in at /partner/login.
import { useState } from 'react';
import { useNavigate, useSearchParams } from '../../lib/router.tsx';
import { COOKIES, cookies } from '../../lib/cookies.ts';
import type { AuthMode } from '../../lib/events.ts';
import { appState } from '../../lib/app-state.ts';
import { AUTH_COOKIE_DAYS } from '../../shared/constants.ts';
import type { LoginStaffRequest } from '../../shared/api/accounts.ts';
import { logInStaff } from './api/log-in-staff.ts';
import { AuthPanel } from './auth-panel.tsx';
import { PasswordLoginForm } from './password-login-form.tsx';
import { safeRedirect } from './safe-redirect.ts';
import './auth.css';

function AuthPage({ mode }: { mode: AuthMode }) {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const done = () => {
    const back = safeRedirect(params.get('redirect'));
    void navigate(back ?? (appState.get().userLocation ? '/restaurants' : '/'), { replace: true });
  };
  return (
    <main id="main" className="page auth-page">
      <div className="auth-page__card card">
        <AuthPanel initialMode={mode} onSignedIn={done} headingLevel={1} />
      </div>
    </main>
  );
}

export const LoginPage = () => <AuthPage mode="login" />;
export const RegisterPage = () => <AuthPage mode="signup" />;

export function PartnerLoginPage() {
  const navigate = useNavigate();
  const [phone, setPhone] = useState('');

  const logIn = async (password: string) => {
    const body: LoginStaffRequest = { phone_number: phone, password };
    const res = await logInStaff(body);
    cookies.set(COOKIES.restaurantId, String(res.restaurant_id), { days: AUTH_COOKIE_DAYS });
    const { completeLogin } = await import('./sign-in.ts');
    await completeLogin({ access: res.access, refresh: res.refresh });
    void navigate('/partner/orders', { replace: true });
  };

  return (
    <main id="main" className="page auth-page">
      <div className="auth-page__card card">
        <div className="auth-panel">
          <h1 className="auth-panel__title">Restaurant partner login</h1>
          <p className="text-muted">Log in with your staff account to see live orders.</p>
          <PasswordLoginForm phone={phone} onPhone={setPhone} logIn={logIn} phoneAutoComplete="username" />
        </div>
      </div>
    </main>
  );
}
