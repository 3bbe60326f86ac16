// The Edit Profile panel (docs/product.md#overlays): rows Phone Number, Name, Email and Password,
// each showing its current value and a Change action that toggles the row between display and edit.
import { useId, useState, type FormEvent, type ReactNode } from 'react';
import {
  Field,
  FormError,
  NewPasswordForm,
  OtpField,
  PhoneField,
  useSubmit,
} from '../../lib/form-fields.tsx';
import { snackbar } from '../../lib/events.ts';
import { appState } from '../../lib/app-state.ts';
import { ACCOUNT_MESSAGES, normalisePhoneNumber } from '../../shared/account-rules.ts';
import type {
  ChangePhoneNumberRequest,
  SendOtpUpdateRequest,
  UpdateProfileRequest,
  UserDetails,
} from '../../shared/api/accounts.ts';
import { changePassword } from './api/change-password.ts';
import { changePhoneNumber } from './api/change-phone-number.ts';
import { sendPasswordOtp } from './api/send-password-otp.ts';
import { sendPhoneOtp } from './api/send-phone-otp.ts';
import { updateProfile } from './api/update-profile.ts';
import { UserLoadError } from './user-load-error.tsx';
import { useUser } from './use-user.ts';
import './account.css';

export function ProfilePanel() {
  const { user, error, retry } = useUser();
  const [status, setStatus] = useState('');
  const done = (message: string) => {
    setStatus(message);
    snackbar.success(message);
  };
  return (
    <div className="profile-panel">
      <h2 className="profile-panel__title">Edit Profile</h2>
      <p className="profile-panel__status text-success" role="status">
        {status}
      </p>
      {!user && !error && (
        <div aria-busy="true" aria-label="Loading your profile">
          {[0, 1, 2, 3].map((i) => (
            <div key={i} className="skeleton profile-panel__skeleton" />
          ))}
        </div>
      )}
      {!user && error && <UserLoadError error={error} retry={retry} className="profile-panel__error" />}
      {user && (
        <ul className="profile-panel__rows">
          <PhoneRow user={user} onDone={done} />
          <ProfileFieldRow field="name" label="Name" user={user} onDone={done} />
          <ProfileFieldRow field="email" label="Email" user={user} onDone={done} />
          <PasswordRow user={user} onDone={done} />
        </ul>
      )}
    </div>
  );
}

interface RowProps {
  label: string;
  value: string;
  editing: boolean;
  onToggle: () => void;
  children: ReactNode;
}

/** One row: label, current value and Change (Cancel while editing), with the edit form below. */
export function ProfileRow({ label, value, editing, onToggle, children }: RowProps) {
  const editId = useId();
  return (
    <li className="profile-row" data-editing={editing}>
      <div className="profile-row__summary">
        <div>
          <h3 className="profile-row__label">{label}</h3>
          <p className="profile-row__value">{value || <span className="text-muted">Not set</span>}</p>
        </div>
        <button
          type="button"
          className="profile-row__toggle"
          aria-expanded={editing}
          aria-controls={editId}
          aria-label={editing ? `Cancel changing ${label}` : `Change ${label}`}
          onClick={onToggle}
        >
          {editing ? 'Cancel' : 'Change'}
        </button>
      </div>
      <div id={editId} className="profile-row__edit" hidden={!editing}>
        {editing && children}
      </div>
    </li>
  );
}

interface FieldRowProps {
  user: UserDetails;
  onDone: (message: string) => void;
}

function PhoneRow({ user, onDone }: FieldRowProps) {
  const [editing, setEditing] = useState(false);
  const [phone, setPhone] = useState(user.phone_number);
  const [otpSentTo, setOtpSentTo] = useState<string | null>(null);
  const [otp, setOtp] = useState('');
  const [hint, setHint] = useState<string | null>(null);
  const { busy, error, setError, run } = useSubmit();
  const errorId = useId();

  const toggle = () => {
    setEditing((v) => !v);
    setPhone(user.phone_number);
    setOtpSentTo(null);
    setOtp('');
    setHint(null);
    setError(null);
  };

  const verify = (e: FormEvent) => {
    e.preventDefault();
    setHint(null);
    // docs/product.md#overlays: a change is only requested for a number other than the current one.
    if (normalisePhoneNumber(phone) === user.phone_number) {
      setHint('This is already your phone number. Enter a new one.');
      return;
    }
    void run(async () => {
      const body: SendOtpUpdateRequest = { phone_number: phone, old_phone_number: user.phone_number };
      const res = await sendPhoneOtp(body);
      setOtpSentTo(res.phone_number || phone);
    });
  };

  const update = (e: FormEvent) => {
    e.preventDefault();
    void run(async () => {
      const body: ChangePhoneNumberRequest = {
        phone_number: otpSentTo ?? phone,
        old_phone_number: user.phone_number,
        otp,
      };
      const res = await changePhoneNumber(body);
      appState.set({ user: pickUser(res) });
      setEditing(false);
      onDone(ACCOUNT_MESSAGES.phoneUpdated);
    });
  };

  return (
    <ProfileRow label="Phone Number" value={user.phone_number} editing={editing} onToggle={toggle}>
      {otpSentTo === null ? (
        <form onSubmit={verify} noValidate>
          <PhoneField
            label="New phone number"
            value={phone}
            onChange={setPhone}
            errorId={errorId}
            autoFocus
          />
          {hint && <p className="text-muted">{hint}</p>}
          <FormError id={errorId} message={error} />
          <button type="submit" className="button button--primary" disabled={busy}>
            {busy ? 'Sending OTP…' : 'Verify'}
          </button>
        </form>
      ) : (
        <form onSubmit={update} noValidate>
          <p className="text-muted">Enter the OTP sent to +91 {otpSentTo}.</p>
          <OtpField value={otp} onChange={setOtp} errorId={errorId} />
          <FormError id={errorId} message={error} />
          <button type="submit" className="button button--primary" disabled={busy}>
            {busy ? 'Updating…' : 'Update'}
          </button>
        </form>
      )}
    </ProfileRow>
  );
}

function pickUser(res: UserDetails): UserDetails {
  return { phone_number: res.phone_number, name: res.name, email: res.email };
}

interface ProfileFieldRowProps extends FieldRowProps {
  field: 'name' | 'email';
  label: string;
}

function ProfileFieldRow({ field, label, user, onDone }: ProfileFieldRowProps) {
  const [editing, setEditing] = useState(false);
  const [value, setValue] = useState(user[field]);
  const { busy, error, setError, run } = useSubmit();
  const errorId = useId();

  const toggle = () => {
    setEditing((v) => !v);
    setValue(user[field]);
    setError(null);
  };

  const save = (e: FormEvent) => {
    e.preventDefault();
    void run(async () => {
      const body: UpdateProfileRequest = field === 'name' ? { name: value } : { email: value };
      const res = await updateProfile(body);
      appState.set({ user: pickUser(res) });
      setEditing(false);
      onDone(field === 'name' ? ACCOUNT_MESSAGES.nameUpdated : ACCOUNT_MESSAGES.emailUpdated);
    });
  };

  return (
    <ProfileRow label={label} value={user[field]} editing={editing} onToggle={toggle}>
      <form onSubmit={save} noValidate>
        <Field label={`New ${label.toLowerCase()}`}>
          {(id) => (
            <input
              id={id}
              name={field}
              type={field === 'email' ? 'email' : 'text'}
              autoComplete={field}
              required
              value={value}
              onChange={(e) => setValue(e.target.value)}
              aria-describedby={errorId}
              autoFocus
            />
          )}
        </Field>
        <FormError id={errorId} message={error} />
        <button type="submit" className="button button--primary" disabled={busy}>
          {busy ? 'Saving…' : 'Save'}
        </button>
      </form>
    </ProfileRow>
  );
}

function PasswordRow({ user, onDone }: FieldRowProps) {
  const [editing, setEditing] = useState(false);
  const [otpSent, setOtpSent] = useState(false);
  const { busy, setError, run } = useSubmit();

  const toggle = () => {
    setEditing((v) => !v);
    setOtpSent(false);
  };

  const verifyNumber = () =>
    void run(
      async () => {
        await sendPasswordOtp({ phone_number: user.phone_number });
        setOtpSent(true);
      },
      // docs/product.md#form-behaviour: a failed OTP send clears the messages and shows nothing.
      () => setError(null),
    );

  return (
    <ProfileRow label="Password" value="••••••••" editing={editing} onToggle={toggle}>
      {!otpSent ? (
        <div>
          <p className="text-muted">We will send an OTP to +91 {user.phone_number} to confirm it is you.</p>
          <button type="button" className="button button--primary" disabled={busy} onClick={verifyNumber}>
            {busy ? 'Sending OTP…' : 'Verify Number'}
          </button>
        </div>
      ) : (
        <NewPasswordForm
          phone={user.phone_number}
          change={changePassword}
          onChanged={() => {
            setEditing(false);
            onDone(ACCOUNT_MESSAGES.passwordChanged);
          }}
          submitClassName="button button--primary"
        />
      )}
    </ProfileRow>
  );
}
