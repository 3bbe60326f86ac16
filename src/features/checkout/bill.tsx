// The bill: item total, packaging, delivery fee, taxes, coupon discount and to pay (paise from the server).
import type { CartInfo } from '../../shared/api/checkout.ts';
import { formatRupees } from '../../lib/format.ts';

export function Bill({ info, itemTotal }: { info: CartInfo | null; itemTotal: number }) {
  if (!info) {
    return (
      <section className="co-bill" aria-labelledby="co-bill-title">
        <h2 id="co-bill-title" className="co-section__title">
          Bill details
        </h2>
        <dl className="co-bill__rows">
          <div className="co-bill__row">
            <dt>Item total</dt>
            <dd>{formatRupees(itemTotal)}</dd>
          </div>
        </dl>
        <p className="co-muted">Charges and taxes update when your changes reach us.</p>
      </section>
    );
  }
  const km = info.distance_m !== null ? ` (${(info.distance_m / 1000).toFixed(1)} km)` : '';
  return (
    <section className="co-bill" aria-labelledby="co-bill-title">
      <h2 id="co-bill-title" className="co-section__title">
        Bill details
      </h2>
      <dl className="co-bill__rows" data-testid="bill">
        <Row label="Item total" value={info.item_total} />
        <Row label="Packaging charges" value={info.packaging} />
        <Row label={`Delivery fee${km}`} value={info.delivery_fee} />
        <Row label="Taxes (GST 5%)" value={info.taxes} />
        {info.coupon_discount > 0 && (
          <div className="co-bill__row co-bill__row--saving">
            <dt>Coupon discount{info.coupon_code ? ` (${info.coupon_code})` : ''}</dt>
            <dd>−{formatRupees(info.coupon_discount)}</dd>
          </div>
        )}
        <div className="co-bill__row co-bill__row--total">
          <dt>To pay</dt>
          <dd data-testid="to-pay">{formatRupees(info.to_pay)}</dd>
        </div>
      </dl>
    </section>
  );
}

function Row({ label, value }: { label: string; value: number }) {
  return (
    <div className="co-bill__row">
      <dt>{label}</dt>
      <dd>{formatRupees(value)}</dd>
    </div>
  );
}
