// The kitchen board's rules, kept apart from React so they are tested alone: which lane an order sits
// in, the clock each ticket shows and how its colour grows, and how a socket message changes a list.
import type { OrderSummary } from '../../shared/api/orders.ts';
import type { OrderStatus } from '../../shared/order-status.ts';

export interface Lane {
  id: 'scheduled' | 'new' | 'preparing' | 'ready' | 'out';
  title: string;
  statuses: readonly OrderStatus[];
}

/** The stages a kitchen works, left to right (top to bottom on a phone); final orders leave the board. */
export const LANES: readonly Lane[] = [
  { id: 'new', title: 'New', statuses: ['placed'] },
  { id: 'preparing', title: 'Preparing', statuses: ['accepted', 'preparing'] },
  { id: 'ready', title: 'Ready', statuses: ['ready'] },
  { id: 'out', title: 'Out for delivery', statuses: ['picked_up'] },
];

export const onBoard = (o: Pick<OrderSummary, 'status'>): boolean =>
  LANES.some((l) => l.statuses.includes(o.status));

/**
 * Orders scheduled for later wait apart, above the lanes, until their cooking should start
 * (`prepare_at`: the slot minus the restaurant's delivery time); then they join New and ring.
 */
export const SCHEDULED_LANE: Lane = { id: 'scheduled', title: 'Scheduled', statuses: ['placed'] };

/** Whether a placed order is scheduled and its cooking time has not come yet. */
export const waitingToStart = (o: Pick<OrderSummary, 'status' | 'prepare_at'>, now: number): boolean =>
  o.status === 'placed' && !!o.prepare_at && Date.parse(o.prepare_at) > now;

/**
 * The lane's orders: newest first (a new order lands on top); the scheduled ones soonest first. With
 * `now`, New leaves out the scheduled orders still waiting, which the Scheduled lane holds.
 */
export function laneOrders(orders: readonly OrderSummary[], lane: Lane, now?: number): OrderSummary[] {
  if (lane.id === 'scheduled') {
    return orders
      .filter((o) => now !== undefined && waitingToStart(o, now))
      .sort((a, b) => Date.parse(a.prepare_at!) - Date.parse(b.prepare_at!) || a.id - b.id);
  }
  return orders
    .filter((o) => lane.statuses.includes(o.status) && !(now !== undefined && waitingToStart(o, now)))
    .sort((a, b) => Date.parse(b.placed_at) - Date.parse(a.placed_at) || b.id - a.id);
}

/** How urgent a ticket looks: calm, then amber, orange and red as its wait grows. */
export type Tone = 'calm' | 'warn' | 'late' | 'overdue';

/** Minutes of waiting at which a ticket turns amber, orange and red (docs/product.md#live-orders). */
export const WAIT_TONE_MIN = [3, 5, 7] as const;

export function waitTone(minutes: number): Tone {
  const [warn, late, overdue] = WAIT_TONE_MIN;
  return minutes >= overdue ? 'overdue' : minutes >= late ? 'late' : minutes >= warn ? 'warn' : 'calm';
}

export interface TicketClock {
  /** "4 min", "Ready in 12 min", "3 min late", "Waiting 6 min", "Out 14 min" */
  label: string;
  tone: Tone;
}

const minutesSince = (iso: string | null, now: number): number =>
  iso ? Math.max(0, Math.floor((now - Date.parse(iso)) / 60_000)) : 0;

/**
 * What the ticket's clock says in its lane: a new order counts the minutes since it was paid; a
 * cooking order counts down to its prep time and then up as it runs late; a ready order counts how
 * long the food has waited for its rider; an order on the road how long it has been out.
 */
export function ticketClock(o: OrderSummary, now: number): TicketClock {
  switch (o.status) {
    case 'placed': {
      if (waitingToStart(o, now)) {
        const left = Math.ceil((Date.parse(o.prepare_at!) - now) / 60_000);
        const h = Math.floor(left / 60);
        return {
          label: `Start in ${h ? `${h} h ` : ''}${left % 60 || !h ? `${left % 60} min` : ''}`.trim(),
          tone: 'calm',
        };
      }
      // A scheduled order waits from its cooking time (or its payment, if that came later).
      const paid = o.paid_at ?? o.placed_at;
      const m = minutesSince(o.prepare_at && o.prepare_at > paid ? o.prepare_at : paid, now);
      return { label: `${m} min`, tone: waitTone(m) };
    }
    case 'accepted':
    case 'preparing': {
      if (!o.accepted_at || o.prep_time_min === null) return { label: 'Cooking', tone: 'calm' };
      const due = Date.parse(o.accepted_at) + o.prep_time_min * 60_000;
      const left = Math.ceil((due - now) / 60_000);
      if (left > 0) return { label: `Ready in ${left} min`, tone: left <= 2 ? 'warn' : 'calm' };
      const over = Math.floor((now - due) / 60_000);
      return { label: over === 0 ? 'Due now' : `${over} min late`, tone: over >= 5 ? 'overdue' : 'late' };
    }
    case 'ready': {
      const m = minutesSince(o.ready_at, now);
      return { label: `Waiting ${m} min`, tone: waitTone(m) };
    }
    case 'picked_up':
      return { label: `Out ${minutesSince(o.picked_up_at, now)} min`, tone: 'calm' };
    default:
      return { label: '', tone: 'calm' };
  }
}

/**
 * The list after one order's news: a known order is replaced where it is, or dropped once it no
 * longer belongs; an unknown one that belongs is added on top when the list takes new orders.
 */
export function applyOrder(
  list: readonly OrderSummary[],
  order: OrderSummary,
  rules: { belongs: (o: OrderSummary) => boolean; takesNew: boolean },
): OrderSummary[] {
  const known = list.some((o) => o.id === order.id);
  if (known) {
    // An older copy (a late socket message after the action's own answer) never wins.
    return rules.belongs(order)
      ? list.map((o) => (o.id === order.id && o.updated_at <= order.updated_at ? order : o))
      : list.filter((o) => o.id !== order.id);
  }
  return rules.takesNew && rules.belongs(order) ? [order, ...list] : [...list];
}
