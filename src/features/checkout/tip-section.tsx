// The rider's tip at checkout: None, ₹20, ₹30, ₹50 or another whole-rupee amount (up to ₹500, the
// server's own limit). The bill shows it on a line of its own and To pay includes it; the rider gets
// all of it. The choice stays on this device until the order is paid, like the instructions.
import { useId } from 'react';
import { TIP_CHOICES, TIP_MAX, tipProblem } from '../../shared/bill.ts';
import { formatRupees } from '../../lib/format.ts';
import { useDeviceDraft } from './device-draft.ts';
import './tip-schedule.css';

const DRAFT_KEY = 'checkout-tip';

/** A button's amount in paise, or "other" (typed in rupees). */
export type TipChoice = 0 | (typeof TIP_CHOICES)[number] | 'other';
export interface TipDraft {
  choice: TipChoice;
  /** What was typed for "Other", in rupees. */
  other: string;
}
const NONE: TipDraft = { choice: 0, other: '' };

function parseDraft(stored: unknown): TipDraft {
  const raw = stored as Partial<TipDraft> | null;
  const choice = raw?.choice;
  const known = choice === 0 || choice === 'other' || TIP_CHOICES.some((c) => c === choice);
  return {
    choice: known ? (choice as TipChoice) : 0,
    other: typeof raw?.other === 'string' ? raw.other.slice(0, 6) : '',
  };
}

/** The tip typed for "Other" in paise, or why it cannot be sent. */
export function otherTip(text: string): { tip: number; error: null } | { tip: null; error: string } {
  const t = text.trim();
  if (!t) return { tip: null, error: 'Enter the tip in rupees.' };
  if (!/^\d{1,6}$/.test(t)) return { tip: null, error: 'Enter a whole number of rupees, like 40.' };
  const tip = Number(t) * 100;
  const problem = tipProblem(tip);
  return problem ? { tip: null, error: problem } : { tip, error: null };
}

/** The customer's tip choice, kept on this device until `clear` (the order is paid). */
export function useTipDraft() {
  const { value, set, clear } = useDeviceDraft(DRAFT_KEY, NONE, parseDraft);
  const other = value.choice === 'other' ? otherTip(value.other) : null;
  /** The tip in paise (0 while "Other" holds no valid amount) and what is wrong with it. */
  const tip = value.choice === 'other' ? (other?.tip ?? 0) : value.choice;
  return { value, set, clear, tip, error: other?.error ?? null };
}

export function TipSection({
  value,
  onChange,
  error,
  disabled,
}: {
  value: TipDraft;
  onChange: (v: TipDraft) => void;
  /** Why the typed amount cannot be sent (shown under it), else null. */
  error: string | null;
  disabled?: boolean;
}) {
  const id = useId();
  const options: Array<{ choice: TipChoice; label: string }> = [
    { choice: 0, label: 'None' },
    ...TIP_CHOICES.map((c) => ({ choice: c, label: formatRupees(c) })),
    { choice: 'other', label: 'Other' },
  ];
  return (
    <section className="co-card co-tip" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="co-section__title">
        Tip your delivery partner
      </h2>
      <p className="co-muted co-tip__note" id={`${id}-note`}>
        Your delivery partner gets the whole tip.
      </p>
      <div
        className="co-choices"
        role="radiogroup"
        aria-labelledby={`${id}-title`}
        aria-describedby={`${id}-note`}
      >
        {options.map((o) => (
          <label key={o.label} className="co-choice">
            <input
              type="radio"
              name={`${id}-tip`}
              checked={value.choice === o.choice}
              disabled={disabled}
              onChange={() => onChange({ ...value, choice: o.choice })}
            />
            <span>{o.label}</span>
          </label>
        ))}
      </div>
      {value.choice === 'other' && (
        <div className="co-tip__other">
          <label className="field" htmlFor={`${id}-other`}>
            Tip amount (₹)
            <input
              id={`${id}-other`}
              type="text"
              inputMode="numeric"
              autoComplete="off"
              maxLength={6}
              placeholder={`Up to ${TIP_MAX / 100}`}
              value={value.other}
              disabled={disabled}
              aria-invalid={error !== null && value.other.trim() !== ''}
              aria-describedby={`${id}-other-error`}
              onChange={(e) => onChange({ ...value, other: e.target.value })}
            />
          </label>
          <p className="co-tip__error" id={`${id}-other-error`} role="status">
            {value.other.trim() !== '' ? error : ''}
          </p>
        </div>
      )}
    </section>
  );
}
