import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { OrderSummary } from '../../shared/api/orders.ts';
import { ORDER_RESTAURANT } from '../../testing/order-summary.ts';
import { PrepTimeAdjust } from './prep-time-adjust.tsx';
import { preloadTicketPrinting, PrintTicketButton } from './print-ticket-button.tsx';
import { pageSizeRule, printTicket, type TicketOrder } from './print-ticket.ts';
import { setAutoPrint, setPaperWidth } from './ticket-settings.ts';

const now = () => new Date().toISOString();

const adjustable = (over: Partial<OrderSummary> = {}) =>
  ({
    id: 5,
    order_number: '261123-ABCDEF',
    status: 'accepted',
    prep_time_min: 20,
    eta: now(),
    updated_at: '2026-11-23T10:00:00.000Z',
    ...over,
  }) as OrderSummary;

type CardOrder = TicketOrder & { accepted_at: string | null };
const ticketOrder = (over: Partial<CardOrder> = {}): CardOrder => ({
  id: 5,
  order_number: '261123-ABCDEF',
  status: 'accepted',
  date: '2026-11-23T14:05:00.000Z',
  customer_name: 'Asha Rao',
  restaurant: ORDER_RESTAURANT,
  prep_time_min: 20,
  items: [
    { menu_item_id: 7, name: 'Paneer Tikka', quantity: 2, is_veg: true },
    { menu_item_id: 9, name: 'Veg Biryani', quantity: 1, is_veg: true, choices: ['Large', 'Extra raita'] },
  ],
  accepted_at: now(),
  ...over,
});

let print: ReturnType<typeof vi.fn>;
// On the console the ticket's code is fetched ahead (a card's first render, the idle prefetch); here
// too, so a print is synchronous as it is there. The last test covers a print asked before it arrived.
beforeAll(() => preloadTicketPrinting());
beforeEach(() => {
  print = vi.fn();
  vi.stubGlobal('print', print);
});
afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
  document.getElementById('kot-print')?.remove();
  document.documentElement.classList.remove('kot-printing');
});

describe('PrepTimeAdjust', () => {
  it('adds 5 minutes and shows the server’s new prep time', async () => {
    const fetchMock = vi.fn(async () =>
      Response.json({ order: adjustable({ prep_time_min: 25, updated_at: '2026-11-23T10:01:00.000Z' }) }),
    );
    vi.stubGlobal('fetch', fetchMock);
    render(<PrepTimeAdjust order={adjustable()} />);
    expect(screen.getByRole('status')).toHaveTextContent(/^Prep 20 min/);
    await userEvent.click(screen.getByRole('button', { name: '+5 minutes for order 261123-ABCDEF' }));
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent(/^Prep 25 min/));
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/v1/restaurant-admin/orders/5/prep-time/');
    expect(JSON.parse(String(init.body))).toEqual({ delta_min: 5 });
  });

  it('shows the server’s refusal', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        Response.json(
          {
            message: 'The prep time can only change while the order is accepted or being prepared.',
            code: 'prep_time_locked',
          },
          { status: 409 },
        ),
      ),
    );
    render(<PrepTimeAdjust order={adjustable()} />);
    await userEvent.click(screen.getByRole('button', { name: '−5 minutes for order 261123-ABCDEF' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The prep time can only change while the order is accepted or being prepared.',
    );
  });

  it('is not offered before acceptance or after the food is ready', () => {
    const { rerender } = render(
      <PrepTimeAdjust order={adjustable({ status: 'placed', prep_time_min: null })} />,
    );
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
    rerender(<PrepTimeAdjust order={adjustable({ status: 'ready' })} />);
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });

  it('offers no step below one minute', () => {
    render(<PrepTimeAdjust order={adjustable({ prep_time_min: 5 })} />);
    expect(screen.getByRole('button', { name: /^−5 minutes/ })).toBeDisabled();
    expect(screen.getByRole('button', { name: /^\+5 minutes/ })).toBeEnabled();
  });
});

describe('kitchen ticket', () => {
  it('prints the order: number, time, items with choices, first name, delivery; sized to the paper', () => {
    const holder = printTicket(ticketOrder({ instructions: { cooking: 'Less spicy', delivery: '' } }), '58');
    expect(print).toHaveBeenCalledTimes(1);
    expect(document.documentElement).toHaveClass('kot-printing');
    const text = holder.textContent ?? '';
    expect(text).toContain('261123-ABCDEF');
    expect(text).toContain('DELIVERY');
    expect(text).toMatch(/23 Nov 2026 · 7:35\s?pm/i); // 14:05 UTC in Indian time
    expect(text).toContain('Customer: Asha');
    expect(text).not.toContain('Rao');
    expect(text).toContain('2 ×Paneer Tikka');
    expect(text).toContain('Large');
    expect(text).toContain('Extra raita');
    expect(text).toContain('3 items');
    expect(text).toContain('Cooking: Less spicy');
    expect(holder.querySelector('.kot')).toHaveClass('kot--58');
    expect(document.adoptedStyleSheets).toHaveLength(1); // the page size, as no inline <style>
    expect(document.querySelector('style')).toBeNull();
    expect(pageSizeRule('58', 300)).toBe('@page { size: 58mm 88mm; margin: 0; }');
    expect(pageSizeRule('80', 20)).toBe('@page { size: 80mm 40mm; margin: 0; }');
    // After printing, the page is itself again.
    window.dispatchEvent(new Event('afterprint'));
    expect(document.getElementById('kot-print')).toBeNull();
    expect(document.documentElement).not.toHaveClass('kot-printing');
  });

  it('says PICKUP for a takeaway order and keeps an order’s words as text', () => {
    const holder = printTicket(ticketOrder({ fulfilment: 'pickup', customer_name: '<b>Ravi</b>' }), '80');
    expect(holder.textContent).toContain('PICKUP');
    expect(holder.querySelector('b')).toBeNull();
    expect(holder.querySelector('.kot')).toHaveClass('kot--80');
  });

  it('Print ticket prints that order on the paper chosen on this device', async () => {
    setPaperWidth('58');
    render(<PrintTicketButton order={ticketOrder()} />);
    await userEvent.click(screen.getByRole('button', { name: 'Print ticket for order 261123-ABCDEF' }));
    expect(print).toHaveBeenCalledTimes(1);
    expect(document.getElementById('kot-print')).toHaveTextContent('261123-ABCDEF');
    expect(document.querySelector('#kot-print .kot')).toHaveClass('kot--58');
  });

  it('auto-prints an order once when it becomes accepted, only with auto-print on', () => {
    const placed = ticketOrder({ status: 'placed', accepted_at: null });
    const { rerender } = render(<PrintTicketButton order={placed} />);
    rerender(<PrintTicketButton order={{ ...placed, status: 'accepted', accepted_at: now() }} />);
    expect(print).not.toHaveBeenCalled();

    setAutoPrint(true);
    const other = ticketOrder({ id: 6, order_number: 'SECOND', status: 'placed', accepted_at: null });
    rerender(<PrintTicketButton order={other} />);
    rerender(<PrintTicketButton order={{ ...other, status: 'accepted', accepted_at: now() }} />);
    expect(print).toHaveBeenCalledTimes(1);
    // A reload, or a second card of the same order, does not print it again.
    render(<PrintTicketButton order={{ ...other, status: 'accepted', accepted_at: now() }} />);
    expect(print).toHaveBeenCalledTimes(1);
  });

  it('does not auto-print an order accepted long before the page opened', () => {
    setAutoPrint(true);
    render(
      <PrintTicketButton
        order={ticketOrder({ accepted_at: new Date(Date.now() - 3_600_000).toISOString() })}
      />,
    );
    expect(print).not.toHaveBeenCalled();
  });

  it('auto-prints once the ticket’s code arrives when the order is accepted before it is loaded', async () => {
    setAutoPrint(true);
    vi.resetModules(); // a console whose ticket code has not been fetched yet
    const fresh = await import('./print-ticket-button.tsx');
    render(<fresh.PrintTicketButton order={ticketOrder()} />);
    expect(print).not.toHaveBeenCalled();
    await waitFor(() => expect(print).toHaveBeenCalledTimes(1));
    expect(document.getElementById('kot-print')).toHaveTextContent('261123-ABCDEF');
  });
});
