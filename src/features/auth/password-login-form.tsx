// The phone-and-password log-in form: the customer's (auth panel) and the staff's (/partner/login).
import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { FormError, PasswordField, PhoneField, useSubmit } from '../../lib/form-fields.tsx';

export function PasswordLoginForm({
  phone,
  onPhone,
  logIn,
  phoneAutoComplete,
  autoFocus,
  children,
}: {
  phone: string;
  onPhone: (v: string) => void;
  /** Logs in with the typed password; what it throws is shown as the form's error. */
  logIn: (password: string) => Promise<void>;
  /** "username" on the staff log-in, where the phone number is the account name. */
  phoneAutoComplete?: 'tel-national' | 'username';
  autoFocus?: boolean;
  /** Links under the button. */
  children?: ReactNode;
}) {
  const [password, setPassword] = useState('');
  const { busy, error, run } = useSubmit();
  const errorId = useId();

  const submit = (e: FormEvent) => {
    e.preventDefault();
    void run(() => logIn(password));
  };

  return (
    <form className="auth-panel__form" onSubmit={submit} noValidate aria-busy={busy}>
      <PhoneField
        value={phone}
        onChange={onPhone}
        errorId={errorId}
        autoComplete={phoneAutoComplete}
        autoFocus={autoFocus}
      />
      <PasswordField
        value={password}
        onChange={setPassword}
        errorId={errorId}
        autoComplete="current-password"
      />
      <FormError id={errorId} message={error} />
      <button type="submit" className="button button--primary auth-panel__submit" disabled={busy}>
        {busy ? 'Logging in…' : 'Log in'}
      </button>
      {children}
    </form>
  );
}
