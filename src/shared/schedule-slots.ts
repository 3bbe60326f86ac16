// Orders scheduled for later (issue 16): the 30-minute delivery slots of today and tomorrow (Indian
// days, whatever the device's zone) that a restaurant can cook and deliver inside its opening hours.
// One rule for both sides: the checkout lists these slots and the server accepts only them. zod-free,
// so the checkout page does not carry the schemas.
import { formatWeekdayDate, IST_OFFSET_MIN } from './india-time.ts';
import { formatMinute, hoursLabel, istMinuteOfDay, normaliseHours } from './opening-hours.ts';

/** Slots start on the hour and at half past. */
export const SLOT_MIN = 30;
/** The first slot is at least the restaurant's delivery time plus this from now. */
export const SCHEDULE_MARGIN_MIN = 15;
export const SCHEDULE_ERROR_CODE = 'schedule_invalid';

const DAY = 1440;
const MIN_MS = 60_000;

/** What the slots depend on (a restaurant row or the cart's store_info). */
export interface ScheduleHours {
  open_minute: number;
  close_minute: number;
  /** The restaurant's delivery time: cooking starts this long before the slot. */
  delivery_time_min: number;
}

export interface DeliverySlot {
  /** The delivery time, ISO 8601 (UTC), as createorder's `scheduled_for` takes it. */
  at: string;
  day: 'today' | 'tomorrow';
  /** "7:30 PM" (IST) */
  time: string;
}

/** 00:00 IST of the Indian day of `now`, in epoch ms. */
function istDayStart(now: Date): number {
  const shifted = now.getTime() + IST_OFFSET_MIN * MIN_MS;
  return shifted - (((shifted % (DAY * MIN_MS)) + DAY * MIN_MS) % (DAY * MIN_MS)) - IST_OFFSET_MIN * MIN_MS;
}

/**
 * Whether a delivery at minute `t` after today's IST midnight (0..2879) can be cooked and delivered
 * inside one opening window: the kitchen is open when cooking starts (t − delivery time) and still
 * open when the food arrives. Windows may cross midnight (opening-hours.ts), so yesterday's counts.
 */
function deliverableAt(h: ScheduleHours, t: number): boolean {
  const { open, close } = normaliseHours(h.open_minute, h.close_minute);
  if (close - open >= DAY) return true;
  const start = t - Math.max(0, h.delivery_time_min);
  for (let k = -1; k <= 2; k++) {
    if (start >= open + k * DAY && t <= close + k * DAY) return true;
  }
  return false;
}

/** The slots a customer may choose now: today's and tomorrow's, earliest first. */
export function scheduleSlots(h: ScheduleHours, now: Date = new Date()): DeliverySlot[] {
  const day0 = istDayStart(now);
  const earliest = (now.getTime() - day0) / MIN_MS + h.delivery_time_min + SCHEDULE_MARGIN_MIN;
  const slots: DeliverySlot[] = [];
  for (let t = Math.ceil(earliest / SLOT_MIN) * SLOT_MIN; t < 2 * DAY; t += SLOT_MIN) {
    if (!deliverableAt(h, t)) continue;
    slots.push({
      at: new Date(day0 + t * MIN_MS).toISOString(),
      day: t < DAY ? 'today' : 'tomorrow',
      time: formatMinute(t),
    });
  }
  return slots;
}

export type ScheduleCheck = { ok: true; at: Date } | { ok: false; message: string };

/**
 * The server's check of createorder's `scheduled_for`. It accepts what scheduleSlots lists, and also
 * a slot that came within the margin while the customer was paying (the delivery time still fits).
 */
export function checkScheduledFor(h: ScheduleHours, iso: string, now: Date = new Date()): ScheduleCheck {
  const ms = Date.parse(iso);
  if (!Number.isFinite(ms)) return { ok: false, message: 'Choose a delivery time from the list.' };
  const day0 = istDayStart(now);
  const t = (ms - day0) / MIN_MS;
  if (ms <= now.getTime())
    return { ok: false, message: 'That delivery time has passed. Choose a later slot.' };
  if (!Number.isInteger(t) || t % SLOT_MIN !== 0) {
    return {
      ok: false,
      message: 'Delivery slots start on the hour or at half past (for example 7:00 PM or 7:30 PM).',
    };
  }
  if (t >= 2 * DAY) return { ok: false, message: 'Orders can be scheduled for today or tomorrow only.' };
  if (ms < now.getTime() + h.delivery_time_min * MIN_MS) {
    return {
      ok: false,
      message: `That delivery time is too soon: the restaurant needs about ${h.delivery_time_min} minutes. Choose a later slot.`,
    };
  }
  if (!deliverableAt(h, t)) {
    return {
      ok: false,
      message: `The restaurant cannot deliver at ${formatMinute(t)}: its hours are ${hoursLabel(h.open_minute, h.close_minute)}. Choose one of the listed slots.`,
    };
  }
  return { ok: true, at: new Date(ms) };
}

/** When the kitchen should start a scheduled order: its delivery time minus the restaurant's. */
export function prepareAt(scheduledFor: string, deliveryTimeMin: number): string {
  return new Date(Date.parse(scheduledFor) - deliveryTimeMin * MIN_MS).toISOString();
}

/** "today, 7:30 PM", "tomorrow, 11:00 AM" or "Wed, 25 Nov, 7:30 PM" (IST, relative to `now`). */
export function scheduleLabel(iso: string, nowMs: number = Date.now()): string {
  const at = new Date(iso);
  const now = new Date(nowMs);
  const days = Math.round((istDayStart(at) - istDayStart(now)) / (DAY * MIN_MS));
  const time = formatMinute(istMinuteOfDay(at));
  if (days === 0) return `today, ${time}`;
  if (days === 1) return `tomorrow, ${time}`;
  return `${formatWeekdayDate(at)}, ${time}`;
}
