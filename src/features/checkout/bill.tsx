// The bill: item total, packaging, delivery fee, taxes, coupon discount and to pay (paise from the server),
// plus the rider's tip chosen on this page (withTip: the rule the server charges the order with).
import type { CartInfo } from '../../shared/api/checkout.ts';
import { withTip } from '../../shared/bill.ts';
import { formatDistance, formatRupees } from '../../lib/format.ts';

export function Bill({
  info: cartInfo,
  itemTotal,
  tip = 0,
}: {
  info: CartInfo | null;
  itemTotal: number;
  /** The rider's tip in paise, added to To pay as it is. */
  tip?: number;
}) {
  const info = cartInfo && withTip(cartInfo, tip);
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
  const away = info.distance_m !== null ? ` (${formatDistance(info.distance_m)})` : '';
  return (
    <section className="co-bill" aria-labelledby="co-bill-title">
      <h2 id="co-bill-title" className="co-section__title">
        Bill details
      </h2>
      <dl className="co-bill__rows" data-testid="bill">
        <Row label="Item total" value={info.item_total} />
        <Row label="Packaging charges" value={info.packaging} />
        <Row label={`Delivery fee${away}`} value={info.delivery_fee} />
        <Row label="Taxes (GST 5%)" value={info.taxes} />
        {info.coupon_discount > 0 && (
          <div className="co-bill__row co-bill__row--saving">
            <dt>Coupon discount{info.coupon_code ? ` (${info.coupon_code})` : ''}</dt>
            <dd>−{formatRupees(info.coupon_discount)}</dd>
          </div>
        )}
        {info.tip > 0 && <Row label="Delivery partner tip" value={info.tip} />}
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
