// "Waiting for you to approve in your UPI app": what checkout and the order page say while a UPI
// request waits for the customer's approval, with the time left before it lapses (the countdown is
// not announced every second; the sentence around it is).
import { useEffect, useState } from 'react';
import { countdownText, secondsLeft } from '../../shared/upi.ts';

export const UPI_WAITING_TEXT = 'Waiting for you to approve in your UPI app';

/** Seconds left until `expiresAt`, ticking every second; null when the expiry is not known. */
export function useCountdown(expiresAt: string | null): number | null {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!expiresAt) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [expiresAt]);
  return secondsLeft(expiresAt, now);
}

export function UpiWaiting({
  amount,
  vpa,
  expiresAt,
}: {
  /** The amount as shown (₹598). */
  amount: string;
  /** The masked UPI ID the request went to, when known. */
  vpa: string | null;
  expiresAt: string | null;
}) {
  const left = useCountdown(expiresAt);
  return (
    <span data-testid="upi-waiting">
      <strong>{UPI_WAITING_TEXT}.</strong> Approve {amount} in your UPI app
      {vpa ? ` (${vpa})` : ''}. You can close this app: your order goes through once you approve, and this
      page updates by itself.{' '}
      {left !== null &&
        (left > 0 ? (
          <span role="timer" aria-live="off">
            The request expires in {countdownText(left)}.
          </span>
        ) : (
          'The request has expired.'
        ))}
    </span>
  );
}
