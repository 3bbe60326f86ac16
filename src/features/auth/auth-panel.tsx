// The login, signup (with its OTP verification step) and forgot-password forms, shared by the auth
// overlay and the /login and /register pages (docs/product.md#auth, docs/product.md#form-behaviour).
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import {
  Field,
  FormError,
  NewPasswordForm,
  OtpField,
  PasswordField,
  PhoneField,
  useSubmit,
} from '../../lib/form-fields.tsx';
import { ApiError, firstMessage } from '../../lib/http.ts';
import { snackbar, type AuthMode } from '../../lib/events.ts';
import { appState } from '../../lib/app-state.ts';
import { ACCOUNT_MESSAGES, OTP_LENGTH } from '../../shared/account-rules.ts';
import type {
  AuthTokensResponse,
  LoginCustomerRequest,
  OtpSentResponse,
  SendOtpRequest,
  SignupRequest,
  VerifyRequest,
} from '../../shared/api/accounts.ts';
import { changePassword } from './api/change-password.ts';
import { logInCustomer } from './api/log-in-customer.ts';
import { sendPasswordOtp } from './api/send-password-otp.ts';
import { signUp } from './api/sign-up.ts';
import { verifySignUp } from './api/verify-sign-up.ts';
import { PasswordLoginForm } from './password-login-form.tsx';
import './auth.css';

export type PanelMode = AuthMode | 'verify';

export const PANEL_TITLES: Record<PanelMode, string> = {
  login: 'Log in',
  signup: 'Sign up',
  verify: 'Verify your number',
  forgot: 'Forgot password',
};

export interface AuthPanelProps {
  initialMode: AuthMode;
  /** Called once the user is signed in (tokens stored, user being fetched). */
  onSignedIn: () => void;
  /** h1 on the full pages, h2 inside the overlay. */
  headingLevel?: 1 | 2;
  /** Completes a login; injectable for tests. Defaults to the lazily loaded sign-in.ts. */
  completeLogin?: (tokens: { access: string; refresh: string }) => Promise<void>;
}

const defaultCompleteLogin = async (tokens: { access: string; refresh: string }) =>
  (await import('./sign-in.ts')).completeLogin(tokens);

export function AuthPanel({
  initialMode,
  onSignedIn,
  headingLevel = 2,
  completeLogin = defaultCompleteLogin,
}: AuthPanelProps) {
  const [mode, setMode] = useState<PanelMode>(initialMode);
  const [phone, setPhone] = useState('');
  const [note, setNote] = useState<string | null>(null);
  const [signup, setSignup] = useState<{ request: SignupRequest; resendAt: number } | null>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const Heading = headingLevel === 1 ? 'h1' : 'h2';
  const first = useRef(true);

  // Move focus to the new heading when the mode changes, so screen readers hear the new step.
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    headingRef.current?.focus();
  }, [mode]);

  const go = (next: PanelMode, hint: string | null = null) => {
    setNote(hint);
    setMode(next);
  };

  const signedIn = async (res: AuthTokensResponse) => {
    await completeLogin({ access: res.access, refresh: res.refresh });
    onSignedIn();
  };

  return (
    <div className="auth-panel" data-mode={mode}>
      <div className="auth-panel__head">
        {(mode === 'forgot' || mode === 'verify') && (
          <button
            type="button"
            className="auth-panel__back"
            aria-label={mode === 'forgot' ? 'Back to login' : 'Back to sign up'}
            onClick={() => go(mode === 'forgot' ? 'login' : 'signup')}
          >
            <BackArrow />
          </button>
        )}
        <Heading ref={headingRef} tabIndex={-1} className="auth-panel__title">
          {PANEL_TITLES[mode]}
        </Heading>
      </div>
      {note && (
        <p className="auth-panel__note" role="status">
          {note}
        </p>
      )}
      {mode === 'login' && (
        <LoginForm
          phone={phone}
          onPhone={setPhone}
          onSignedIn={signedIn}
          onNotFound={(message) => go('signup', message)}
          onForgot={() => go('forgot')}
          onSignup={() => go('signup')}
        />
      )}
      {mode === 'signup' && (
        <SignupForm
          phone={phone}
          onPhone={setPhone}
          initial={signup?.request ?? null}
          onOtpSent={(request, res) => {
            setSignup({ request, resendAt: Date.now() + res.resend_after * 1000 });
            go('verify');
          }}
          onLogin={() => go('login')}
        />
      )}
      {mode === 'verify' && signup && (
        <VerifyForm
          signup={signup.request}
          resendAt={signup.resendAt}
          onSignedIn={signedIn}
          onResent={(res) => setSignup({ ...signup, resendAt: Date.now() + res.resend_after * 1000 })}
        />
      )}
      {mode === 'forgot' && (
        <ForgotForm
          phone={phone}
          onPhone={setPhone}
          onChanged={() => {
            snackbar.success(ACCOUNT_MESSAGES.passwordChanged);
            go('login', ACCOUNT_MESSAGES.passwordChanged);
          }}
        />
      )}
    </div>
  );
}

function BackArrow() {
  return (
    <svg width="22" height="22" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path d="M15 5 8 12l7 7" fill="none" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" />
    </svg>
  );
}

// ---------------------------------------------------------------------------------------------

// ---------------------------------------------------------------------------------------------

interface LoginFormProps {
  phone: string;
  onPhone: (v: string) => void;
  onSignedIn: (res: AuthTokensResponse) => Promise<void>;
  onNotFound: (message: string) => void;
  onForgot: () => void;
  onSignup: () => void;
}

function LoginForm({ phone, onPhone, onSignedIn, onNotFound, onForgot, onSignup }: LoginFormProps) {
  const logIn = async (password: string) => {
    try {
      const body: LoginCustomerRequest = {
        phone_number: phone,
        password,
        session_key: appState.get().session_key,
      };
      const res = await logInCustomer(body);
      if (res.status === 200) await onSignedIn(res);
    } catch (err) {
      // No account for the number: the panel offers sign-up instead of showing an error.
      if (err instanceof ApiError && err.status === 404) onNotFound(firstMessage(err));
      else throw err;
    }
  };

  return (
    <PasswordLoginForm phone={phone} onPhone={onPhone} logIn={logIn} autoFocus>
      <div className="auth-panel__links">
        <button type="button" className="auth-panel__link" onClick={onForgot}>
          Forgot password?
        </button>
        <p>
          New here?{' '}
          <button type="button" className="auth-panel__link" onClick={onSignup}>
            Create an account
          </button>
        </p>
      </div>
    </PasswordLoginForm>
  );
}

// ---------------------------------------------------------------------------------------------

interface SignupFormProps {
  phone: string;
  onPhone: (v: string) => void;
  initial: SignupRequest | null;
  onOtpSent: (request: SignupRequest, res: OtpSentResponse) => void;
  onLogin: () => void;
}

function SignupForm({ phone, onPhone, initial, onOtpSent, onLogin }: SignupFormProps) {
  const [password, setPassword] = useState(initial?.password ?? '');
  const [name, setName] = useState(initial?.name ?? '');
  const [email, setEmail] = useState(initial?.email ?? '');
  const { busy, error, setError, run } = useSubmit();
  const errorId = useId();

  const submit = (e: FormEvent) => {
    e.preventDefault();
    void run(async () => {
      const request: SignupRequest = { phone_number: phone, password, name, email };
      try {
        const res = await signUp(request);
        onOtpSent(request, res);
      } catch (err) {
        setError(firstMessage(err));
      }
    });
  };

  return (
    <form className="auth-panel__form" onSubmit={submit} noValidate aria-busy={busy}>
      <PhoneField value={phone} onChange={onPhone} errorId={errorId} autoFocus={!phone} />
      <PasswordField
        value={password}
        onChange={setPassword}
        errorId={errorId}
        autoComplete="new-password"
        autoFocus={!!phone}
      />
      <Field label="Name">
        {(id) => (
          <input
            id={id}
            name="name"
            autoComplete="name"
            required
            value={name}
            onChange={(e) => setName(e.target.value)}
            aria-describedby={errorId}
          />
        )}
      </Field>
      <Field label="Email">
        {(id) => (
          <input
            id={id}
            name="email"
            type="email"
            autoComplete="email"
            value={email}
            onChange={(e) => setEmail(e.target.value)}
            aria-describedby={errorId}
          />
        )}
      </Field>
      <FormError id={errorId} message={error} />
      <button type="submit" className="button button--primary auth-panel__submit" disabled={busy}>
        {busy ? 'Sending OTP…' : 'Continue'}
      </button>
      <p className="auth-panel__terms text-muted">
        By creating an account, I accept the{' '}
        <a href="/about#terms" target="_blank" rel="noopener">
          Terms &amp; Conditions
        </a>
      </p>
      <p className="auth-panel__links">
        Already have an account?{' '}
        <button type="button" className="auth-panel__link" onClick={onLogin}>
          Log in
        </button>
      </p>
    </form>
  );
}

// ---------------------------------------------------------------------------------------------

/** Whole seconds left until `until` (epoch ms), ticking once a second. */
function useCountdown(until: number): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const t = setInterval(() => {
      const n = Date.now();
      setNow(n);
      if (n >= until) clearInterval(t);
    }, 1000);
    return () => clearInterval(t);
  }, [until]);
  return Math.max(0, Math.ceil((until - now) / 1000));
}

interface VerifyFormProps {
  signup: SignupRequest;
  resendAt: number;
  onSignedIn: (res: AuthTokensResponse) => Promise<void>;
  onResent: (res: OtpSentResponse) => void;
}

function VerifyForm({ signup, resendAt, onSignedIn, onResent }: VerifyFormProps) {
  const [otp, setOtp] = useState('');
  const { busy, error, setError, run } = useSubmit();
  const errorId = useId();
  const left = useCountdown(resendAt);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    void run(async () => {
      try {
        const body: VerifyRequest = {
          phone_number: signup.phone_number,
          otp,
          session_key: appState.get().session_key,
        };
        const res = await verifySignUp(body);
        if (res.status === 200) await onSignedIn(res);
      } catch (err) {
        setError(firstMessage(err));
      }
    });
  };

  const resend = () =>
    void run(async () => {
      try {
        onResent(await signUp(signup));
        setOtp('');
      } catch (err) {
        setError(firstMessage(err));
      }
    });

  return (
    <form className="auth-panel__form" onSubmit={submit} noValidate aria-busy={busy}>
      <p className="text-muted">
        Enter the {OTP_LENGTH}-digit OTP sent to <strong>+91 {signup.phone_number}</strong>.
      </p>
      <OtpField value={otp} onChange={setOtp} errorId={errorId} />
      <FormError id={errorId} message={error} />
      <button type="submit" className="button button--primary auth-panel__submit" disabled={busy}>
        {busy ? 'Verifying…' : 'Verify OTP'}
      </button>
      <p className="auth-panel__links">
        Didn&apos;t get it?{' '}
        <button type="button" className="auth-panel__link" onClick={resend} disabled={busy || left > 0}>
          {left > 0 ? `Resend OTP in ${left}s` : 'Resend OTP'}
        </button>
      </p>
    </form>
  );
}

// ---------------------------------------------------------------------------------------------

interface ForgotFormProps {
  phone: string;
  onPhone: (v: string) => void;
  onChanged: () => void;
}

function ForgotForm({ phone, onPhone, onChanged }: ForgotFormProps) {
  const [stage, setStage] = useState<1 | 2>(1);
  const [sent, setSent] = useState<string>(ACCOUNT_MESSAGES.resetOtpSent);
  const { busy, error, setError, run } = useSubmit();
  const errorId = useId();

  const sendOtp = (e: FormEvent) => {
    e.preventDefault();
    void run(async () => {
      try {
        const body: SendOtpRequest = { phone_number: phone };
        // The same answer whether or not the number has an account (the server does not say).
        const res = await sendPasswordOtp(body);
        setSent(res.message || ACCOUNT_MESSAGES.resetOtpSent);
        setStage(2);
      } catch {
        // docs/product.md#form-behaviour: a failed OTP send clears the messages and shows nothing.
        setError(null);
      }
    });
  };

  if (stage === 1) {
    return (
      <form className="auth-panel__form" onSubmit={sendOtp} noValidate aria-busy={busy}>
        <p className="text-muted">Enter your registered phone number and we will send you an OTP.</p>
        <PhoneField value={phone} onChange={onPhone} errorId={errorId} autoFocus />
        <FormError id={errorId} message={error} />
        <button type="submit" className="button button--primary auth-panel__submit" disabled={busy}>
          {busy ? 'Sending OTP…' : 'Send OTP'}
        </button>
      </form>
    );
  }
  return (
    <NewPasswordForm
      phone={phone}
      change={changePassword}
      onChanged={onChanged}
      className="auth-panel__form"
      submitClassName="button button--primary auth-panel__submit"
      announceBusy
    >
      <p className="text-muted" role="status">
        {sent}
      </p>
      <p className="text-muted">
        Enter the OTP for <strong>+91 {phone}</strong> and choose a new password.
      </p>
    </NewPasswordForm>
  );
}
