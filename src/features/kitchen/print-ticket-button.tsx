// "Print ticket" on an order card while the kitchen has it (accepted, preparing, ready). With auto-print on (this device's choice), the card also prints its
// order once when it becomes accepted (by staff or by auto-accept), and never twice for one order.
import { useEffect, useRef } from 'react';
import { printTicket, type TicketOrder } from './print-ticket.ts';
import { autoPrintEnabled, claimAutoPrint } from './ticket-settings.ts';
import './kitchen.css';

/** A ticket is for the kitchen: offered while the order is being cooked or waits to be picked up. */
const KITCHEN_STAGES = new Set<string>(['accepted', 'preparing', 'ready']);

/** An order accepted this recently, first seen already accepted, still counts as newly accepted. */
const FRESH_ACCEPT_MS = 2 * 60_000;

export function PrintTicketButton({ order }: { order: TicketOrder & { accepted_at?: string | null } }) {
  const seen = useRef(order.status);
  const latest = useRef(order);
  useEffect(() => {
    latest.current = order;
  });

  useEffect(() => {
    const before = seen.current;
    seen.current = order.status;
    if (order.status !== 'accepted' || !autoPrintEnabled()) return;
    const acceptedAt = order.accepted_at ? Date.parse(order.accepted_at) : NaN;
    const justAccepted = before !== 'accepted' || Date.now() - acceptedAt < FRESH_ACCEPT_MS;
    if (justAccepted && claimAutoPrint(order.id)) printTicket(latest.current);
  }, [order.status, order.id, order.accepted_at]);

  if (!KITCHEN_STAGES.has(order.status)) return null;
  return (
    <button
      type="button"
      className="button kitchen-print"
      onClick={() => printTicket(order)}
      aria-label={`Print ticket for order ${order.order_number}`}
    >
      Print ticket
    </button>
  );
}
