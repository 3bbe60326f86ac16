// The Available Coupons panel (SPEC.md sections 2 and 4): loads one store's coupons and shows each
// one's code, subtitle, description, terms with the display rules, and Apply Coupon. Applying hands
// the code to whoever opened the panel and closes it.
import { useId } from 'react';
import useSWR from 'swr';
import type { Coupon, GetCouponsResponse } from '../../shared/api/checkout.ts';
import { checkCoupon, couponNotes } from '../../shared/coupon-rules.ts';
import type { OverlayProps } from '../../lib/events.ts';
import { api } from '../../lib/http.ts';
import { useAppState } from '../../lib/store.ts';
import './coupons.css';

const COUPON_LIST_PATH = '/api/v1/checkout/get-coupon/';

type State = { kind: 'loading' } | { kind: 'error'; message: string } | { kind: 'ready'; coupons: Coupon[] };

export function CouponsPanel({ storeId, onApply, onClose }: OverlayProps<'show-coupons'>) {
  const heading = useId();
  const { data, error, isLoading, mutate } = useSWR(`coupons:${storeId}`, () =>
    api<GetCouponsResponse>(COUPON_LIST_PATH, { method: 'POST', body: { store_id: storeId } }),
  );
  const state: State = error
    ? { kind: 'error', message: error instanceof Error ? error.message : 'Could not load coupons.' }
    : isLoading || !data
      ? { kind: 'loading' }
      : { kind: 'ready', coupons: data.data };
  const load = () => void mutate();

  return (
    <section className="coupons" aria-labelledby={heading}>
      <h2 id={heading} className="coupons__title">
        Available Coupons
      </h2>
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
              onApply={() => {
                onApply(c.coupon_code);
                onClose();
              }}
            />
          ))}
        </ul>
      )}
    </section>
  );
}

function CouponCard({ coupon, storeId, onApply }: { coupon: Coupon; storeId: number; onApply: () => void }) {
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
          aria-label={`Apply Coupon ${coupon.coupon_code}`}
        >
          Apply Coupon
        </button>
      </div>
      <h3 id={title} className="coupon__subtitle">
        {coupon.subtitle}
      </h3>
      <p className="coupon__description">{coupon.description}</p>
      {check && !check.ok && <p className="coupon__hint">{check.message}</p>}
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
