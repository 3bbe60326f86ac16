// /myaccount/payments names how each payment was made: "UPI · pr***@okhdfc" (the UPI ID masked by the
// server), "Card", and a UPI request still waiting for approval.
import { render, screen, within } from '@testing-library/react';
import { TestRouter } from '../../testing/router.tsx';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { appState } from '../../lib/app-state.ts';
import type { Payment } from '../../shared/api/orders.ts';
import { PaymentsPage } from './payments-page.tsx';

const payment = (over: Partial<Payment>): Payment => ({
  id: 1,
  order_id: 42,
  order_number: '261124-UPI001',
  restaurant_name: 'Meghana Biryani House',
  amount: 138480,
  method: 'card',
  vpa: null,
  status: 'paid',
  date: '2026-11-24T13:30:00.000Z',
  ...over,
});

beforeEach(() => {
  appState.set({ loggedIn: true, access: 'x.y.z' });
  const results = [
    payment({ id: 3, method: 'upi', vpa: 'pr***@okhdfc', status: 'pending' }),
    payment({ id: 2, method: 'upi', vpa: 'pr***@okhdfc', status: 'paid' }),
    payment({ id: 1, method: 'card', status: 'failed' }),
  ];
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response(JSON.stringify({ count: 3, next: null, previous: null, results }))),
  );
});

afterEach(() => {
  vi.unstubAllGlobals();
  appState.reset();
});

describe('PaymentsPage', () => {
  it('shows the method of every payment, the UPI ID masked', async () => {
    render(
      <TestRouter>
        <PaymentsPage />
      </TestRouter>,
    );
    const methods = await screen.findAllByTestId('payment-method');
    expect(methods.map((m) => m.textContent)).toEqual(['UPI · pr***@okhdfc', 'UPI · pr***@okhdfc', 'Card']);
    const rows = screen.getAllByRole('listitem');
    expect(within(rows[0]!).getByText('Waiting for approval')).toBeInTheDocument();
    expect(within(rows[1]!).getByText('Paid')).toBeInTheDocument();
    expect(within(rows[2]!).getByText('Failed')).toBeInTheDocument();
  });
});
