// The kitchen order ticket (KOT): one order laid out for a 58 or 80 mm thermal printer. printTicket
// puts it in the page (off screen, hidden from screen readers), sizes the printed page to the ticket
// (the roll's width, the ticket's own length) and calls window.print(); print CSS (print-ticket.css,
// loaded with this module) then shows the ticket alone.
import { formatDate, formatTime } from '../../shared/india-time.ts';
import { formatRupees } from '../../shared/money.ts';
import { scheduleLabel } from '../../shared/schedule-slots.ts';
import type { OrderSummary } from '../../shared/api/orders.ts';
import type { PaperWidth } from './ticket-settings.ts';
import './print-ticket.css';

/** What a ticket shows. The optional fields print when the order carries them. */
export type TicketOrder = Pick<
  OrderSummary,
  'id' | 'order_number' | 'date' | 'customer_name' | 'restaurant' | 'prep_time_min' | 'status'
> & {
  items: Array<
    Pick<OrderSummary['items'][number], 'menu_item_id' | 'name' | 'quantity' | 'is_veg'> & {
      /** Customisation choices, e.g. ["Large", "Extra cheese"]. */
      choices?: string[];
    }
  >;
  instructions?: OrderSummary['instructions'];
  /** "pickup" for a takeaway order; anything else is delivered. */
  fulfilment?: string | null;
  /** The delivery slot of an order scheduled for later (null: now). */
  scheduled_for?: string | null;
  /** The rider's tip, to hand over with the food. */
  bill?: Pick<OrderSummary['bill'], 'tip'>;
};

const TICKET_ID = 'kot-print';
const MM_PER_PX = 25.4 / 96;

function el<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  className: string,
  text?: string,
): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  node.className = className;
  if (text !== undefined) node.textContent = text; // text only: nothing from an order becomes markup
  return node;
}

/** The ticket as DOM, for the given paper width. */
export function buildTicket(order: TicketOrder, paper: PaperWidth): HTMLElement {
  const ticket = el('article', `kot kot--${paper}`);
  ticket.dataset['paper'] = paper;
  ticket.append(el('p', 'kot__restaurant', order.restaurant.name));
  ticket.append(el('p', 'kot__kind', order.fulfilment === 'pickup' ? 'PICKUP' : 'DELIVERY'));
  ticket.append(el('h1', 'kot__number', order.order_number));
  ticket.append(el('p', 'kot__time', `${formatDate(order.date)} · ${formatTime(order.date)}`));
  if (order.scheduled_for) {
    ticket.append(el('p', 'kot__schedule', `Scheduled for ${scheduleLabel(order.scheduled_for)}`));
  }
  const firstName = order.customer_name.trim().split(/\s+/)[0] || 'Customer';
  ticket.append(el('p', 'kot__customer', `Customer: ${firstName}`));
  if (order.prep_time_min) ticket.append(el('p', 'kot__prep', `Prep ${order.prep_time_min} min`));

  const list = el('ul', 'kot__items');
  for (const item of order.items) {
    const line = el('li', 'kot__item');
    line.append(el('span', 'kot__qty', `${item.quantity} ×`), el('span', 'kot__name', item.name));
    if (item.choices?.length) {
      const choices = el('ul', 'kot__choices');
      for (const c of item.choices) choices.append(el('li', 'kot__choice', c));
      line.append(choices);
    }
    list.append(line);
  }
  ticket.append(list);
  const count = order.items.reduce((n, i) => n + i.quantity, 0);
  ticket.append(el('p', 'kot__count', `${count} item${count === 1 ? '' : 's'}`));

  const { cooking, delivery } = order.instructions ?? { cooking: '', delivery: '' };
  if (cooking) ticket.append(el('p', 'kot__note', `Cooking: ${cooking}`));
  if (delivery) ticket.append(el('p', 'kot__note', `Delivery: ${delivery}`));
  const tip = order.bill?.tip ?? 0;
  if (tip > 0) ticket.append(el('p', 'kot__note', `Rider tip: ${formatRupees(tip)} (paid online)`));
  return ticket;
}

/** The printed page's size: the roll's width by the ticket's own length (at least 40 mm). */
export function pageSizeRule(paper: PaperWidth, ticketHeightPx: number): string {
  const heightMm = Math.ceil(ticketHeightPx * MM_PER_PX) + 8;
  return `@page { size: ${paper}mm ${Math.max(heightMm, 40)}mm; margin: 0; }`;
}

// A constructed style sheet, not a <style> element: our Content-Security-Policy refuses inline style
// elements, while the CSS object model is not inline markup and stays allowed.
let pageSheet: CSSStyleSheet | null = null;
function sizePage(rule: string): void {
  if (!pageSheet) {
    pageSheet = new CSSStyleSheet();
    document.adoptedStyleSheets = [...document.adoptedStyleSheets, pageSheet];
  }
  pageSheet.replaceSync(rule);
}

/** Shows the ticket of `order` on this device's paper and opens the browser's print dialog for it. */
export function printTicket(order: TicketOrder, paper: PaperWidth): HTMLElement {
  document.getElementById(TICKET_ID)?.remove();
  const holder = el('div', 'kot-print');
  holder.id = TICKET_ID;
  holder.setAttribute('aria-hidden', 'true');
  const ticket = buildTicket(order, paper);
  holder.append(ticket);
  document.body.append(holder);

  // The roll is as long as the ticket: measure it (laid out off screen) and size the page to it.
  sizePage(pageSizeRule(paper, ticket.getBoundingClientRect().height));

  document.documentElement.classList.add('kot-printing');
  const done = () => {
    document.documentElement.classList.remove('kot-printing');
    holder.remove();
    window.removeEventListener('afterprint', done);
  };
  window.addEventListener('afterprint', done);
  window.print();
  return holder;
}
