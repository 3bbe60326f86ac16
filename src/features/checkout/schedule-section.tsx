// When to deliver: now, or a 30-minute slot today or tomorrow inside the restaurant's opening hours
// (src/shared/schedule-slots.ts, the rule the server checks the order with). While the restaurant is
// closed only slots are offered. The choice stays on this device until the order is paid; a kept slot
// that has since passed is simply not chosen any more.
import { useEffect, useId, useState } from 'react';
import type { StoreInfo } from '../../shared/api/checkout.ts';
import { openState } from '../../shared/opening-hours.ts';
import { scheduleSlots, type DeliverySlot, type ScheduleHours } from '../../shared/schedule-slots.ts';
import { useDeviceDraft } from './device-draft.ts';
import './tip-schedule.css';

const DRAFT_KEY = 'checkout-schedule';
/** The slots are listed again this often, so one that passes while the page is open goes away. */
const REFRESH_MS = 60_000;

export interface ScheduleDraft {
  mode: 'now' | 'later';
  /** The chosen slot (ISO), null when none yet. */
  at: string | null;
}
const NOW: ScheduleDraft = { mode: 'now', at: null };

function parseDraft(stored: unknown): ScheduleDraft {
  const raw = stored as Partial<ScheduleDraft> | null;
  return raw?.mode === 'later' ? { mode: 'later', at: typeof raw.at === 'string' ? raw.at : null } : NOW;
}

/** The store's hours, when the cart says them (a cart kept from an older version may not). */
export function storeHours(store: StoreInfo | null): ScheduleHours | null {
  if (!store || store.open_minute === undefined || store.close_minute === undefined) return null;
  return {
    open_minute: store.open_minute,
    close_minute: store.close_minute,
    delivery_time_min: store.delivery_time_min ?? 30,
  };
}

function useMinuteClock(): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const t = setInterval(() => setNow(new Date()), REFRESH_MS);
    return () => clearInterval(t);
  }, []);
  return now;
}

/** The delivery time the customer chose, kept on this device until `clear`, and what it allows now. */
export function useScheduleDraft(store: StoreInfo | null) {
  const { value, set, clear } = useDeviceDraft(DRAFT_KEY, NOW, parseDraft);
  const now = useMinuteClock();
  const hours = storeHours(store);
  const slots: DeliverySlot[] = hours ? scheduleSlots(hours, now) : [];
  const closed = hours ? !openState(hours.open_minute, hours.close_minute, now).is_open : false;
  // Closed now: only later is possible. Without hours (an old cart) the order goes now, as before.
  const mode = !hours ? 'now' : closed ? 'later' : value.mode;
  const chosen = mode === 'later' ? (slots.find((s) => s.at === value.at) ?? null) : null;
  return {
    value: { mode, at: chosen?.at ?? null } as ScheduleDraft,
    set,
    clear,
    slots,
    closed,
    available: hours !== null,
    /** What createorder gets: the slot, or undefined to deliver now. */
    sent: chosen?.at,
    /** Later was chosen but no slot (none left, or none picked yet). */
    missing: mode === 'later' && chosen === null,
  };
}

export function ScheduleSection({
  storeName,
  value,
  onChange,
  slots,
  closed,
  disabled,
}: {
  storeName: string;
  value: ScheduleDraft;
  onChange: (v: ScheduleDraft) => void;
  slots: readonly DeliverySlot[];
  /** The restaurant is closed now: only scheduled delivery. */
  closed: boolean;
  disabled?: boolean;
}) {
  const id = useId();
  const chosen = slots.find((s) => s.at === value.at) ?? null;
  const [dayPick, setDayPick] = useState<DeliverySlot['day']>(chosen?.day ?? slots[0]?.day ?? 'today');
  const day = chosen?.day ?? dayPick;
  const days = (['today', 'tomorrow'] as const).filter((d) => slots.some((s) => s.day === d));
  const daySlots = slots.filter((s) => s.day === day);
  const later = (at: string | null) => onChange({ mode: 'later', at });
  const pickDay = (d: DeliverySlot['day']) => {
    setDayPick(d);
    later(slots.find((s) => s.day === d)?.at ?? null);
  };
  return (
    <section className="co-card co-when" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="co-section__title">
        Delivery time
      </h2>
      {closed && (
        <p className="co-when__closed" role="status">
          {storeName} is closed right now. Schedule your order for when it is open.
        </p>
      )}
      <div className="co-choices" role="radiogroup" aria-labelledby={`${id}-title`}>
        <label className="co-choice">
          <input
            type="radio"
            name={`${id}-mode`}
            checked={value.mode === 'now'}
            disabled={disabled || closed}
            onChange={() => onChange({ mode: 'now', at: null })}
          />
          <span>Deliver now</span>
        </label>
        <label className="co-choice">
          <input
            type="radio"
            name={`${id}-mode`}
            checked={value.mode === 'later'}
            disabled={disabled || slots.length === 0}
            onChange={() => later(chosen?.at ?? slots.find((s) => s.day === day)?.at ?? slots[0]?.at ?? null)}
          />
          <span>Schedule</span>
        </label>
      </div>
      {value.mode === 'later' &&
        (slots.length === 0 ? (
          <p className="co-tip__error" role="status">
            No delivery slots are left today or tomorrow.
          </p>
        ) : (
          <div className="co-when__slots">
            <div className="co-choices" role="radiogroup" aria-label="Day">
              {days.map((d) => (
                <label key={d} className="co-choice">
                  <input
                    type="radio"
                    name={`${id}-day`}
                    checked={day === d}
                    disabled={disabled}
                    onChange={() => pickDay(d)}
                  />
                  <span>{d === 'today' ? 'Today' : 'Tomorrow'}</span>
                </label>
              ))}
            </div>
            <label className="field co-when__time" htmlFor={`${id}-time`}>
              Time
              <select
                id={`${id}-time`}
                value={chosen?.at ?? ''}
                disabled={disabled}
                onChange={(e) => later(e.target.value || null)}
              >
                {!chosen && <option value="">Choose a time</option>}
                {daySlots.map((s) => (
                  <option key={s.at} value={s.at}>
                    {s.time}
                  </option>
                ))}
              </select>
            </label>
            <p className="co-muted co-when__note">
              {chosen
                ? `Arrives ${chosen.day} around ${chosen.time}. The kitchen starts cooking in time for it.`
                : 'Choose when it should arrive.'}
            </p>
          </div>
        ))}
    </section>
  );
}
