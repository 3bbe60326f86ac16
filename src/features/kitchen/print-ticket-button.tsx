// "Print ticket" on an order card while the kitchen has it (accepted, preparing, ready). With auto-print on (this device's choice), the card also prints its
// order once when it becomes accepted (by staff or by auto-accept), and never twice for one order.
// The ticket's layout and print styles (print-ticket.ts) load apart from the console's first screen,
// ahead: as soon as a card is shown (the first order on the board), and when the console is idle, so
// neither a print nor an auto-print waits for them.
import { useEffect, useRef } from 'react';
import { snackbar } from '../../lib/events.ts';
import type * as Printing from './print-ticket.ts';
import type { TicketOrder } from './print-ticket.ts';
import { autoPrintEnabled, claimAutoPrint, paperWidth } from './ticket-settings.ts';

/** A ticket is for the kitchen: offered while the order is being cooked or waits to be picked up. */
const KITCHEN_STAGES = new Set<string>(['accepted', 'preparing', 'ready']);

/** An order accepted this recently, first seen already accepted, still counts as newly accepted. */
const FRESH_ACCEPT_MS = 2 * 60_000;

let printing: typeof Printing | undefined;
let loading: Promise<typeof Printing> | undefined;

/** Starts (or joins) loading the ticket's code; resolves once it is there. */
export function preloadTicketPrinting(): Promise<typeof Printing> {
  return (loading ??= import('./print-ticket.ts').then(
    (m) => (printing = m),
    (err: unknown) => {
      loading = undefined; // the next print tries again
      throw err;
    },
  ));
}

/** Prints at once when the ticket's code is there (it usually is), else as soon as it arrives. */
function print(order: TicketOrder): void {
  if (printing) {
    printing.printTicket(order, paperWidth());
    return;
  }
  preloadTicketPrinting().then(
    (m) => m.printTicket(order, paperWidth()),
    () =>
      snackbar.danger(`Could not print the ticket for order ${order.order_number}. Check the connection.`),
  );
}

export function PrintTicketButton({ order }: { order: TicketOrder & { accepted_at?: string | null } }) {
  const seen = useRef(order.status);
  const latest = useRef(order);
  useEffect(() => {
    latest.current = order;
  });

  useEffect(() => {
    preloadTicketPrinting().catch(() => undefined); // a print tries again
  }, []);

  useEffect(() => {
    const before = seen.current;
    seen.current = order.status;
    if (order.status !== 'accepted' || !autoPrintEnabled()) return;
    const acceptedAt = order.accepted_at ? Date.parse(order.accepted_at) : NaN;
    const justAccepted = before !== 'accepted' || Date.now() - acceptedAt < FRESH_ACCEPT_MS;
    if (justAccepted && claimAutoPrint(order.id)) print(latest.current);
  }, [order.status, order.id, order.accepted_at]);

  if (!KITCHEN_STAGES.has(order.status)) return null;
  return (
    <button
      type="button"
      className="button kitchen-print"
      onClick={() => print(order)}
      aria-label={`Print ticket for order ${order.order_number}`}
    >
      Print ticket
    </button>
  );
}
