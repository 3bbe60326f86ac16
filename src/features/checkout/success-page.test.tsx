import { render, screen } from '@testing-library/react';
import { Route, Routes } from '../../lib/router.tsx';
import { TestRouter } from '../../testing/router.tsx';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { appState } from '../../lib/app-state.ts';
import { idb } from '../../lib/idb.ts';
import { keepAttempt } from '../../testing/kept-attempt.ts';
import { LAST_ORDER_KEY, OUTBOX_KEY } from './order-outbox.ts';
import { CheckoutSuccessPage } from './success-page.tsx';

// The cart engine is not under test here (a paid order reloads the cart).
vi.mock('../cart/index.tsx', async () => ({
  refreshCart: vi.fn(async () => undefined),
}));

interface Over {
  status?: string;
  payment_status?: string;
  refund_pending?: boolean;
}

const summary = (o: Over = {}) => ({
  id: 42,
  order_number: '261123-7KQ3MZ',
  status: o.status ?? 'placed',
  payment_status: o.payment_status ?? 'pending',
  refund_pending: o.refund_pending ?? false,
  restaurant: { id: 1, name: 'Meghana Biryani House' },
  items: [{ menu_item_id: 5, name: 'Chicken Biryani', price: 25000, quantity: 2, is_veg: false }],
  bill: { to_pay: 138480 },
  delivery_address: { flat: '4B', address: '12, 5th Cross, Koramangala', landmark: '', lat: 1, lng: 1 },
});

/** An access token whose subject (user 7) labels what the outbox keeps. */
const ACCESS = `e30.${btoa(JSON.stringify({ sub: '7' }))}.sig`;

let order: ReturnType<typeof summary> | null;
let attempts: Array<{ order_id: number; status: string }>;
/** How the payment confirmation answers: the paid order, or no answer at all (offline). */
let confirm: 'paid' | 'offline';
let confirmCalls: number;

beforeEach(() => {
  order = summary();
  attempts = [];
  confirm = 'paid';
  confirmCalls = 0;
  appState.set({ loggedIn: true, access: ACCESS });
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      if (url.startsWith('/api/v1/orders/details/id/')) {
        return order
          ? new Response(JSON.stringify({ order, status_link: { path: '/m/42', expires_at: '' } }))
          : new Response(JSON.stringify({ status: 404, message: 'Order not found.' }), { status: 404 });
      }
      if (url.startsWith('/api/v1/orders/paymentsuccess/')) {
        confirmCalls += 1;
        if (confirm === 'offline') throw new TypeError('Failed to fetch');
        order = summary({ payment_status: 'paid' });
        return new Response(JSON.stringify({ status: 'success', message: 'ok', order }));
      }
      if (url.startsWith('/api/v1/orders/payments/')) {
        return new Response(
          JSON.stringify({ count: attempts.length, next: null, previous: null, results: attempts }),
        );
      }
      return new Response('{}');
    }),
  );
});

afterEach(async () => {
  await idb.del(OUTBOX_KEY);
  vi.unstubAllGlobals();
  appState.reset();
  sessionStorage.clear();
  localStorage.clear();
});

const renderAt = (path: string) =>
  render(
    <TestRouter path={path}>
      <Routes>
        <Route path="/checkout/success" element={<CheckoutSuccessPage />} />
      </Routes>
    </TestRouter>,
  );

describe('CheckoutSuccessPage', () => {
  it('says "Order placed!" only for a paid order, with the amount in whole paise', async () => {
    order = summary({ payment_status: 'paid' });
    renderAt('/checkout/success?order=42');
    expect(await screen.findByRole('heading', { name: 'Order placed!' })).toBeInTheDocument();
    expect(screen.getByTestId('order-state')).toHaveTextContent('Paid ₹1,384.80.');
    expect(screen.getByRole('link', { name: 'Track your order' })).toHaveAttribute('href', '/tracking/42');
  });

  it('never believes a saved copy that is not paid, and shows the server\'s "waiting for payment"', async () => {
    sessionStorage.setItem(
      LAST_ORDER_KEY,
      JSON.stringify({ ...summary(), restaurant_name: 'X', to_pay: 1, items: [], delivery_address: {} }),
    );
    renderAt('/checkout/success?order=42');
    expect(await screen.findByRole('heading', { name: 'Waiting for your payment' })).toBeInTheDocument();
    expect(screen.queryByText(/Order placed/)).toBeNull();
    expect(screen.getByTestId('order-state')).toHaveTextContent(/not paid yet/);
    // No Idempotency-Key kept on this device: paying goes through checkout.
    expect(screen.getByRole('link', { name: 'Pay from checkout' })).toHaveAttribute('href', '/checkout');
  });

  it('offers to reopen the payment window for the same order when its key is kept', async () => {
    await keepAttempt();
    attempts = [{ order_id: 42, status: 'failed' }];
    renderAt('/checkout/success?order=42');
    expect(await screen.findByRole('heading', { name: 'Payment failed' })).toBeInTheDocument();
    expect(screen.getByTestId('order-state')).toHaveTextContent('No money was taken');
    expect(screen.getByRole('button', { name: 'Try again: pay ₹1,384.80' })).toBeEnabled();
  });

  it('confirms a payment whose answer was lost before showing the order, and never offers Pay meanwhile', async () => {
    await keepAttempt({
      provider: { razorpay_payment_id: 'pay_1', razorpay_order_id: 'order_1', razorpay_signature: 's' },
    });
    confirm = 'offline';
    const { unmount } = renderAt('/checkout/success?order=42');
    expect(await screen.findByRole('heading', { name: 'Waiting for your payment' })).toBeInTheDocument();
    expect(screen.getByTestId('order-state')).toHaveTextContent(/could not confirm it yet/);
    expect(screen.queryByRole('button', { name: /Pay/ })).toBeNull();
    expect(screen.getByRole('button', { name: 'Check again' })).toBeEnabled();
    unmount();

    // Back online (a reload): the kept result is confirmed once and the order shows as paid.
    confirm = 'paid';
    const before = confirmCalls;
    renderAt('/checkout/success?order=42');
    expect(await screen.findByRole('heading', { name: 'Order placed!' })).toBeInTheDocument();
    expect(confirmCalls - before).toBe(1);
    expect(await idb.get(OUTBOX_KEY)).toBeUndefined();
  });

  it.each([
    [{ status: 'cancelled' }, 'Order cancelled', /You have not been charged/],
    [
      { status: 'cancelled', payment_status: 'paid', refund_pending: true },
      'Order cancelled',
      /being refunded/,
    ],
    [{ status: 'rejected', payment_status: 'refunded' }, 'Order cancelled', /has been refunded/],
  ])('shows %o as it is', async (over, title, text) => {
    order = summary(over);
    renderAt('/checkout/success?order=42');
    expect(await screen.findByRole('heading', { name: title })).toBeInTheDocument();
    expect(screen.getByTestId('order-state')).toHaveTextContent(text);
    expect(screen.queryByRole('link', { name: 'Track your order' })).toBeNull();
  });

  it('opened without an order, or for an unknown one, links back', async () => {
    const { unmount } = renderAt('/checkout/success');
    expect(screen.getByRole('heading', { name: 'No order to show' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to restaurants' })).toHaveAttribute('href', '/restaurants');
    unmount();
    order = null;
    renderAt('/checkout/success?order=999');
    expect(await screen.findByRole('heading', { name: 'We could not find this order' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Your orders' })).toHaveAttribute('href', '/myaccount/orders');
  });
});
