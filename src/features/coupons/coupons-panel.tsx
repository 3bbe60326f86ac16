// The Available Coupons panel (docs/product.md#overlays, docs/product.md#coupons): a field to type a code,
// then one restaurant's coupons, each with its code, subtitle, description, terms with the display rules, and
// Apply Coupon. Applying hands the code to whoever opened the panel; the panel closes once it applied, and
// stays open with the server's reason (expired, paused, unknown, another restaurant's, ...) when it did not.
import { useId, useState, type FormEvent } from 'react';
import { useData } from '../../lib/use-api.ts';
import type { Coupon } from '../../shared/api/checkout.ts';
import { checkCoupon, couponNotes } from '../../shared/coupon-rules.ts';
import type { OverlayProps } from '../../lib/events.ts';
import { firstMessage } from '../../lib/http.ts';
import { useAppState } from '../../lib/app-state.ts';
import { getCoupons } from './api/get-coupons.ts';
import './coupons.css';

type State = { kind: 'loading' } | { kind: 'error'; message: string } | { kind: 'ready'; coupons: Coupon[] };

export function CouponsPanel({ storeId, onApply, onClose }: OverlayProps<'show-coupons'>) {
  const heading = useId();
  const { data, error, isLoading, mutate } = useData(`coupons:${storeId}`, () => getCoupons(storeId));
  const state: State = error
    ? { kind: 'error', message: error instanceof Error ? error.message : 'Could not load coupons.' }
    : isLoading || !data
      ? { kind: 'loading' }
      : { kind: 'ready', coupons: data.data };
  const load = () => void mutate();
  const [applying, setApplying] = useState<string | null>(null);
  const [failed, setFailed] = useState<{ code: string; from: 'form' | 'card'; message: string } | null>(null);

  /** Applies a code through the opener; closes on success, keeps the reason on failure. */
  const apply = async (code: string, from: 'form' | 'card') => {
    setApplying(code);
    setFailed(null);
    try {
      await onApply(code);
      onClose();
    } catch (err) {
      setFailed({ code, from, message: firstMessage(err, 'This coupon could not be applied.') });
      setApplying(null);
    }
  };

  return (
    <section className="coupons" aria-labelledby={heading}>
      <h2 id={heading} className="coupons__title">
        Available Coupons
      </h2>
      <CodeForm
        busy={applying !== null}
        error={failed?.from === 'form' ? failed.message : null}
        onSubmit={(code) => void apply(code, 'form')}
        onEdit={() => setFailed(null)}
      />
      {state.kind === 'loading' && (
        <div role="status" aria-label="Loading coupons">
          {[0, 1, 2].map((i) => (
            <div key={i} className="coupons__skeleton skeleton" />
          ))}
        </div>
      )}
      {state.kind === 'error' && (
        <div className="coupons__error" role="alert">
          <p>{state.message}</p>
          <button type="button" className="button" onClick={load}>
            Try again
          </button>
        </div>
      )}
      {state.kind === 'ready' && state.coupons.length === 0 && (
        <p className="coupons__empty">No coupons are available for this restaurant right now.</p>
      )}
      {state.kind === 'ready' && state.coupons.length > 0 && (
        <ul className="coupons__list">
          {state.coupons.map((c) => (
            <CouponCard
              key={c.id}
              coupon={c}
              storeId={storeId}
              busy={applying === c.coupon_code}
              error={failed?.from === 'card' && failed.code === c.coupon_code ? failed.message : null}
              onApply={() => void apply(c.coupon_code, 'card')}
            />
          ))}
        </ul>
      )}
    </section>
  );
}

interface CodeFormProps {
  busy: boolean;
  error: string | null;
  onSubmit: (code: string) => void;
  onEdit: () => void;
}

function CodeForm({ busy, error, onSubmit, onEdit }: CodeFormProps) {
  const id = useId();
  const errorId = useId();
  const [code, setCode] = useState('');
  const [typed, setTyped] = useState<string | null>(null);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const value = code.trim().toUpperCase();
    if (!value) {
      setTyped('Enter a coupon code');
      return;
    }
    setTyped(null);
    onSubmit(value);
  };
  const message = typed ?? error;
  return (
    <form className="coupons__form" onSubmit={submit} noValidate>
      <label htmlFor={id} className="coupons__label">
        Enter coupon code
      </label>
      <div className="coupons__row">
        <input
          id={id}
          className="coupons__input"
          name="coupon_code"
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          maxLength={40}
          value={code}
          onChange={(e) => {
            setCode(e.target.value);
            setTyped(null);
            onEdit();
          }}
          aria-invalid={message ? true : undefined}
          aria-describedby={message ? errorId : undefined}
        />
        <button type="submit" className="button button--primary coupons__submit" disabled={busy}>
          {busy ? 'Applying…' : 'Apply'}
        </button>
      </div>
      {message && (
        <p id={errorId} className="coupons__form-error" role="alert">
          {message}
        </p>
      )}
    </form>
  );
}

interface CouponCardProps {
  coupon: Coupon;
  storeId: number;
  busy: boolean;
  error: string | null;
  onApply: () => void;
}

function CouponCard({ coupon, storeId, busy, error, onApply }: CouponCardProps) {
  const title = useId();
  const itemTotal = useAppState((s) => s.cart_meta?.item_total ?? null);
  // A hint only: the server decides when the coupon is applied.
  const check =
    itemTotal === null
      ? null
      : checkCoupon({ ...coupon, store_ids: [storeId] }, { now: new Date(), storeId, itemTotal });
  return (
    <li className="coupon" aria-labelledby={title}>
      <div className="coupon__head">
        <span className="coupon__code">{coupon.coupon_code}</span>
        <button
          type="button"
          className="coupon__apply"
          onClick={onApply}
          disabled={busy}
          aria-label={`Apply Coupon ${coupon.coupon_code}`}
        >
          {busy ? 'Applying…' : 'Apply Coupon'}
        </button>
      </div>
      <h3 id={title} className="coupon__subtitle">
        {coupon.subtitle}
      </h3>
      <p className="coupon__description">{coupon.description}</p>
      {error ? (
        <p className="coupon__hint" role="alert">
          {error}
        </p>
      ) : (
        check && !check.ok && <p className="coupon__hint">{check.message}</p>
      )}
      <div className="coupon__terms">
        <h4 className="coupon__terms-title">Terms &amp; Conditions</h4>
        {coupon.coupon_terms && <p>{coupon.coupon_terms}</p>}
        <ul>
          {couponNotes({ ...coupon, store_ids: [] }).map((note) => (
            <li key={note}>{note}</li>
          ))}
        </ul>
      </div>
    </li>
  );
}
