// The labelled inputs of every phone-and-OTP form (sign-in, sign-up, password reset, phone change,
// staff sign-in): one label-to-input pairing, the +91 phone number, password and OTP inputs, the error
// line and the submit state, so each form announces, autofills, filters digits and fails the same way.
import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { OTP_LENGTH } from '../shared/account-rules.ts';
import type { ChangePasswordRequest } from '../shared/api/accounts.ts';
import { firstMessage } from './http.ts';
import './form-fields.css';

interface FieldProps {
  label: string;
  /** Renders the input with the id its label points at. */
  children: (id: string) => ReactNode;
}
export function Field({ label, children }: FieldProps) {
  const id = useId();
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      {children(id)}
    </div>
  );
}

interface PhoneFieldProps {
  value: string;
  onChange: (v: string) => void;
  /** The id of the form's error text, read out with the input. */
  errorId: string;
  label?: string;
  /** "username" on the staff sign-in, where the phone number is the account name. */
  autoComplete?: 'tel-national' | 'username';
  autoFocus?: boolean;
}
export function PhoneField({
  value,
  onChange,
  errorId,
  label = 'Phone number',
  autoComplete = 'tel-national',
  autoFocus,
}: PhoneFieldProps) {
  return (
    <Field label={label}>
      {(id) => (
        <div className="phone-field">
          <span className="phone-field__prefix" aria-hidden="true">
            +91
          </span>
          <input
            id={id}
            name="phone_number"
            type="tel"
            inputMode="numeric"
            autoComplete={autoComplete}
            required
            maxLength={14}
            value={value}
            onChange={(e) => onChange(e.target.value)}
            aria-describedby={errorId}
            autoFocus={autoFocus}
          />
        </div>
      )}
    </Field>
  );
}

interface PasswordFieldProps {
  value: string;
  onChange: (v: string) => void;
  errorId: string;
  label?: string;
  /** "new-password" where one is chosen (sign-up, reset, change): password managers offer one. */
  autoComplete: 'current-password' | 'new-password';
  placeholder?: string;
  autoFocus?: boolean;
}
export function PasswordField({
  value,
  onChange,
  errorId,
  label = 'Password',
  autoComplete,
  placeholder,
  autoFocus,
}: PasswordFieldProps) {
  return (
    <Field label={label}>
      {(id) => (
        <input
          id={id}
          name="password"
          type="password"
          placeholder={placeholder}
          autoComplete={autoComplete}
          required
          value={value}
          onChange={(e) => onChange(e.target.value)}
          aria-describedby={errorId}
          autoFocus={autoFocus}
        />
      )}
    </Field>
  );
}

interface OtpFieldProps {
  value: string;
  /** Called with digits only, at most OTP_LENGTH of them. */
  onChange: (v: string) => void;
  errorId: string;
}
export function OtpField({ value, onChange, errorId }: OtpFieldProps) {
  return (
    <Field label="OTP">
      {(id) => (
        <input
          id={id}
          name="otp"
          className="otp-field"
          inputMode="numeric"
          autoComplete="one-time-code"
          pattern="\d*"
          required
          maxLength={OTP_LENGTH}
          value={value}
          onChange={(e) => onChange(e.target.value.replace(/\D/g, '').slice(0, OTP_LENGTH))}
          aria-describedby={errorId}
          autoFocus
        />
      )}
    </Field>
  );
}

/**
 * The step that sets a new password with an OTP (forgotten password, and the profile's password
 * change): the code, the new password, the error line and the submit, sent by the caller's request.
 */
export function NewPasswordForm({
  phone,
  change,
  onChanged,
  className,
  submitClassName,
  announceBusy = false,
  children,
}: {
  phone: string;
  /** The feature's change-password request. */
  change: (body: ChangePasswordRequest) => Promise<unknown>;
  onChanged: () => void;
  className?: string;
  submitClassName: string;
  /** Marks the form aria-busy while it is sent (the auth panel's forms do). */
  announceBusy?: boolean;
  /** What the form says above its fields. */
  children?: ReactNode;
}) {
  const [otp, setOtp] = useState('');
  const [password, setPassword] = useState('');
  const { busy, error, run } = useSubmit();
  const errorId = useId();
  const submit = (e: FormEvent) => {
    e.preventDefault();
    void run(async () => {
      await change({ phone_number: phone, otp, password });
      onChanged();
    });
  };
  return (
    <form className={className} onSubmit={submit} noValidate aria-busy={announceBusy ? busy : undefined}>
      {children}
      <OtpField value={otp} onChange={setOtp} errorId={errorId} />
      <PasswordField
        label="New password"
        value={password}
        onChange={setPassword}
        errorId={errorId}
        autoComplete="new-password"
        placeholder="New Password"
      />
      <FormError id={errorId} message={error} />
      <button type="submit" className={submitClassName} disabled={busy}>
        {busy ? 'Changing…' : 'Change Password'}
      </button>
    </form>
  );
}

/** The form's error line; inputs point at it with aria-describedby. */
export function FormError({ id, message }: { id: string; message: string | null }) {
  return (
    <p id={id} className="form-error text-danger" role="alert" hidden={!message}>
      {message}
    </p>
  );
}

/**
 * Busy and error state of a form's submit: one run at a time, the error cleared on each try and set
 * to the server's first message when the task throws (or handled by `onError`).
 */
export function useSubmit() {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const run = async (task: () => Promise<void>, onError = (err: unknown) => setError(firstMessage(err))) => {
    if (busy) return;
    setBusy(true);
    setError(null);
    try {
      await task();
    } catch (err) {
      onError(err);
    } finally {
      setBusy(false);
    }
  };
  return { busy, error, setError, run };
}
