// The staff card and the kitchen ticket of an order scheduled for later, with a rider tip.
import { render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { buildTicket } from '../kitchen/print-ticket.ts';
import { ORDER_BILL } from '../../testing/order-summary.ts';
import { paidOrder } from './alerting/order-fixture.ts';
import { OrderCard } from './order-card.tsx';

// 2026-11-23T10:00Z is 3:30 PM IST; the slot is tomorrow (24 Nov) at 7:30 PM IST.
const now = Date.parse('2026-11-23T10:00:00.000Z');
const order = paidOrder(5, {
  scheduled_for: '2026-11-24T14:00:00.000Z',
  prepare_at: '2026-11-24T13:25:00.000Z',
  bill: { ...ORDER_BILL, tip: 3000, to_pay: 59790 },
  amount: 59790,
});

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(now);
});
afterEach(() => vi.useRealTimers());

describe('a scheduled order with a tip, for staff', () => {
  it('the card names the slot, when to start cooking and the tip', () => {
    render(<OrderCard order={order} now={now} onAction={() => undefined} onChange={() => undefined} />);
    expect(screen.getByText(/Scheduled for tomorrow, 7:30 PM/)).toHaveTextContent(
      'Scheduled for tomorrow, 7:30 PM · start cooking at 6:55 PM',
    );
    expect(screen.getByText('(incl. ₹30 rider tip)', { exact: false })).toBeInTheDocument();
    expect(screen.getByText('Start in 27 h 25 min')).toBeInTheDocument();
  });

  it('the kitchen ticket prints the slot and the tip', () => {
    const ticket = buildTicket(order, '80');
    expect(ticket.querySelector('.kot__schedule')).toHaveTextContent('Scheduled for tomorrow, 7:30 PM');
    expect(ticket).toHaveTextContent('Rider tip: ₹30 (paid online)');
    expect(buildTicket(paidOrder(6), '80').querySelector('.kot__schedule')).toBeNull();
  });
});
