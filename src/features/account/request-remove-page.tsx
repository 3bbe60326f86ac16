// /request-remove: the account deletion request. It explains what happens, asks for confirmation,
// sends the request (the server signs the user out everywhere), then signs out here too.
import { useEffect, useRef, useState } from 'react';
import { Link } from '../../lib/router.tsx';
import { firstMessage } from '../../lib/http.ts';
import { logout } from '../auth/boot.ts';
import { requestRemove } from './api/request-remove.ts';
import './account.css';
import { formatLongDate } from '../../shared/india-time.ts';

type Step = 'explain' | 'confirm' | 'done';

export function RequestRemovePage() {
  const [step, setStep] = useState<Step>('explain');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [removeAfter, setRemoveAfter] = useState<string | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    if (step !== 'explain') heading.current?.focus();
  }, [step]);

  const confirm = async () => {
    setBusy(true);
    setError(null);
    try {
      const res = await requestRemove();
      setRemoveAfter(res.remove_after);
      // The server already ended every session; forget the tokens here without another call.
      await logout({ navigate: false, server: false });
      setStep('done');
    } catch (err) {
      setError(firstMessage(err));
    } finally {
      setBusy(false);
    }
  };

  if (step === 'done') {
    const when = removeAfter ? new Date(removeAfter) : null;
    return (
      <main id="main" className="page remove-page">
        <h1 ref={heading} tabIndex={-1}>
          Account removal requested
        </h1>
        <div className="card remove-page__card" role="status">
          <p>We have received your request and signed you out on all your devices.</p>
          <p>
            Your personal details will be removed
            {when && !Number.isNaN(when.getTime())
              ? ` on ${formatLongDate(when)}`
              : ' after the grace period'}
            . Changed your mind? Log in again before then and the request is cancelled.
          </p>
        </div>
        <Link to="/restaurants" className="button button--primary">
          Browse restaurants
        </Link>
      </main>
    );
  }

  return (
    <main id="main" className="page remove-page">
      <h1 ref={heading} tabIndex={-1}>
        {step === 'explain' ? 'Request account removal' : 'Are you sure?'}
      </h1>
      <div className="card remove-page__card">
        <p>When you ask us to remove your account:</p>
        <ul className="remove-page__list">
          <li>You are logged out at once on every device.</li>
          <li>
            Your name, phone number, email and saved addresses are anonymised after a short grace period.
            Logging in again before then cancels the request.
          </li>
          <li>
            Records of orders you placed are kept for accounting and tax purposes, without your details.
          </li>
        </ul>
      </div>
      {error && (
        <p className="text-danger" role="alert">
          {error}
        </p>
      )}
      {step === 'explain' ? (
        <div className="remove-page__actions">
          <button type="button" className="button button--danger" onClick={() => setStep('confirm')}>
            Continue
          </button>
          <Link to="/myaccount" className="button">
            Keep my account
          </Link>
        </div>
      ) : (
        <div className="remove-page__actions">
          <p className="remove-page__confirm">This signs you out everywhere. Remove your account?</p>
          <button
            type="button"
            className="button button--danger"
            disabled={busy}
            onClick={() => void confirm()}
          >
            {busy ? 'Sending request…' : 'Yes, remove my account'}
          </button>
          <button type="button" className="button" disabled={busy} onClick={() => setStep('explain')}>
            Cancel
          </button>
        </div>
      )}
    </main>
  );
}
