// One order on the staff console, whole: what to cook (items, quantities, instructions), who it is
// for (name, tap-to-call phone, address with flat and landmark), payment, when it was placed, its
// clock, and the next steps staff may take. The same card serves the board and the history.
import { formatRupees } from '../../lib/format.ts';
import type { OrderSummary } from '../../shared/api/orders.ts';
import { formatDateTime, formatTime } from '../../shared/india-time.ts';
import {
  STAFF_ACTION_LABELS,
  STAFF_STATUS_LABELS,
  nextStatuses,
  paymentLabel,
  type OrderStatus,
} from '../../shared/order-status.ts';
import { PrepTimeAdjust, PrintTicketButton } from '../kitchen/boot.ts';
import { formatMinute, istMinuteOfDay } from '../../shared/opening-hours.ts';
import { scheduleLabel } from '../../shared/schedule-slots.ts';
import { ticketClock } from './board.ts';

/** A phone number to dial: Indian 10-digit numbers get their country code. */
export function telHref(phone: string): string | null {
  const digits = phone.replace(/[^\d+]/g, '');
  if (digits.replace('+', '').length < 6) return null;
  return `tel:${/^\d{10}$/.test(digits) ? `+91${digits}` : digits}`;
}

export interface OrderCardProps {
  order: OrderSummary;
  /** The board's clock (ms); the history shows the placed date instead. */
  now?: number;
  flash?: boolean;
  busy?: boolean;
  onAction: (order: OrderSummary, status: OrderStatus) => void;
  onChange: (order: OrderSummary) => void;
}

export function OrderCard({ order: o, now, flash, busy, onAction, onChange }: OrderCardProps) {
  const clock = now === undefined ? null : ticketClock(o, now);
  const phone = telHref(o.customer_phone);
  const { address, flat, landmark } = o.delivery_address;
  const steps = nextStatuses(o.status, 'restaurant');
  const tone = clock?.tone ?? 'calm';
  return (
    <article
      className={`order-card order-card--${tone}${flash ? ' order-card--flash' : ''}`}
      data-order-id={o.id}
      aria-labelledby={`order-${o.id}-title`}
    >
      <header className="order-card__head">
        <h3 className="order-card__number" id={`order-${o.id}-title`}>
          {o.order_number}
        </h3>
        {clock?.label ? (
          <span className={`order-card__clock order-card__clock--${tone}`}>{clock.label}</span>
        ) : null}
        <span className={`live-orders__status live-orders__status--${o.status}`}>
          {STAFF_STATUS_LABELS[o.status]}
        </span>
      </header>

      <p className="order-card__meta">
        <time dateTime={o.placed_at}>
          Placed {now === undefined ? formatDateTime(o.placed_at) : formatTime(o.placed_at)}
        </time>
        {' · '}
        <span>{paymentLabel(o)}</span>
        {' · '}
        <strong>{formatRupees(o.amount)}</strong>
        {o.bill.tip > 0 ? <span> (incl. {formatRupees(o.bill.tip)} rider tip)</span> : null}
      </p>

      {o.scheduled_for ? (
        <p className="order-card__schedule">
          Scheduled for {scheduleLabel(o.scheduled_for, now)}
          {o.prepare_at && o.status === 'placed' ? (
            <span className="order-card__meta">
              {' '}
              · start cooking at {formatMinute(istMinuteOfDay(new Date(o.prepare_at)))}
            </span>
          ) : null}
        </p>
      ) : null}

      <ul className="order-card__items" aria-label="Items">
        {/* A placed order's lines never change or move, so each one's place is its key (and the console's
            first screen need not load the customisation rules, src/shared/customisation.ts, for one). */}
        {o.items.map((i, line) => (
          <li key={line}>
            <span className={i.is_veg ? 'live-orders__veg' : 'live-orders__nonveg'} aria-hidden="true" />
            <span className="order-card__qty">{i.quantity} ×</span> {i.name}
            {!!i.choices?.length && <span className="item-choices">{i.choices.join(', ')}</span>}
            <span className="visually-hidden">{i.is_veg ? ' (veg)' : ' (non-veg)'}</span>
          </li>
        ))}
      </ul>

      {o.instructions.cooking || o.instructions.delivery ? (
        <dl className="order-card__notes">
          {o.instructions.cooking ? (
            <div>
              <dt>Cooking</dt>
              <dd>{o.instructions.cooking}</dd>
            </div>
          ) : null}
          {o.instructions.delivery ? (
            <div>
              <dt>Delivery</dt>
              <dd>{o.instructions.delivery}</dd>
            </div>
          ) : null}
        </dl>
      ) : null}

      <div className="order-card__customer">
        <p>
          <strong>{o.customer_name || 'Customer'}</strong>
          {phone ? (
            <>
              {' · '}
              <a href={phone} aria-label={`Call ${o.customer_name || 'the customer'} on ${o.customer_phone}`}>
                {o.customer_phone}
              </a>
            </>
          ) : null}
        </p>
        <p className="order-card__address">
          {[flat, address].filter(Boolean).join(', ')}
          {landmark ? <span className="order-card__landmark"> · {landmark}</span> : null}
        </p>
      </div>

      {o.prep_time_min && o.status !== 'delivered' && o.status !== 'accepted' && o.status !== 'preparing' ? (
        <p className="order-card__meta">Prep {o.prep_time_min} min</p>
      ) : null}
      {o.reject_reason ? <p className="order-card__meta">{o.reject_reason}</p> : null}

      {steps.length > 0 || o.status === 'accepted' || o.status === 'preparing' || o.status === 'ready' ? (
        <div className="live-orders__actions">
          {steps.map((s) => (
            <button
              key={s}
              type="button"
              className={`button${s === 'rejected' ? ' button--danger' : s === 'accepted' ? ' button--primary' : ''}`}
              disabled={busy}
              onClick={() => onAction(o, s)}
              aria-label={`${STAFF_ACTION_LABELS[s]} order ${o.order_number}`}
            >
              {STAFF_ACTION_LABELS[s]}
            </button>
          ))}
          <PrepTimeAdjust order={o} onChange={onChange} />
          <PrintTicketButton order={o} />
        </div>
      ) : null}
    </article>
  );
}
