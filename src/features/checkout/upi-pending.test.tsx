// A UPI request waiting for the customer's approval in their UPI app: the order page and checkout say
// "Waiting for you to approve in your UPI app" with the time left and follow it until it is paid; a
// closed payment window with a request under way is not "cancelled"; a declined request can be paid again.
import { fireEvent, render, screen } from '@testing-library/react';
import { Route, Routes } from '../../lib/router.tsx';
import { TestRouter } from '../../testing/router.tsx';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CreateOrderResponse } from '../../shared/api/checkout.ts';
import type { OrderPayment } from '../../shared/api/orders.ts';
import { ordersPaths } from '../../shared/api/paths.ts';
import { idb } from '../../lib/idb.ts';
import { appState } from '../../lib/app-state.ts';
import { KeptOrderNotice } from './kept-order-notice.tsx';
import { keepAttempt } from '../../testing/kept-attempt.ts';
import { OUTBOX_KEY, awaitingApproval, resumeOutbox } from './order-outbox.ts';
import { openPayment } from './pay.ts';
import { CheckoutSuccessPage } from './success-page.tsx';

vi.mock('../cart/index.tsx', async () => ({
  refreshCart: vi.fn(async () => undefined),
  newOpId: () => 'op-12345678',
}));

const ACCESS = `e30.${btoa(JSON.stringify({ sub: '7' }))}.sig`;
const inMinutes = (m: number) => new Date(Date.now() + m * 60_000).toISOString();

const summary = (payment_status = 'pending') => ({
  id: 42,
  order_number: '261124-UPI001',
  status: 'placed',
  payment_status,
  refund_pending: false,
  restaurant: { id: 1, name: 'Meghana Biryani House' },
  items: [{ menu_item_id: 5, name: 'Chicken Biryani', price: 25000, quantity: 2, is_veg: false }],
  bill: { to_pay: 138480, tip: 0 },
  delivery_address: { flat: '4B', address: '12, 5th Cross, Koramangala', landmark: '', lat: 1, lng: 1 },
  scheduled_for: null,
});

let paymentStatus: string;
let payment: OrderPayment | null;
let calls: Array<{ url: string; method: string }>;

beforeEach(() => {
  paymentStatus = 'pending';
  payment = { method: 'upi', vpa: 'pr***@okhdfc', status: 'pending', expires_at: inMinutes(4.5) };
  calls = [];
  appState.set({ loggedIn: true, access: ACCESS });
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      calls.push({ url, method: init.method ?? 'GET' });
      if (url.startsWith('/api/v1/orders/details/id/') || url.startsWith('/api/v1/orders/check-payment/')) {
        return new Response(
          JSON.stringify({
            order: summary(paymentStatus),
            status_link: { path: '', expires_at: '' },
            payment,
          }),
        );
      }
      if (url.startsWith('/api/v1/checkout/getrazorpayapi/')) {
        return new Response(JSON.stringify({ provider: 'sandbox', key: 'k', script_url: '/x.js' }));
      }
      return new Response('{}');
    }),
  );
});

afterEach(async () => {
  await idb.del(OUTBOX_KEY);
  vi.unstubAllGlobals();
  delete window.Razorpay;
  appState.reset();
  sessionStorage.clear();
});

const renderSuccess = () =>
  render(
    <TestRouter path={'/checkout/success?order=42'}>
      <Routes>
        <Route path="/checkout/success" element={<CheckoutSuccessPage />} />
      </Routes>
    </TestRouter>,
  );

describe('the order page while a UPI request waits', () => {
  it('asks the server to check with the provider, says to approve in the UPI app with the time left, and shows it paid once approved', async () => {
    renderSuccess();
    expect(
      await screen.findByRole('heading', { name: 'Approve the payment in your UPI app' }),
    ).toBeInTheDocument();
    const state = screen.getByTestId('order-state');
    expect(state).toHaveTextContent('Waiting for you to approve in your UPI app.');
    expect(state).toHaveTextContent('Approve ₹1,384.80 in your UPI app (pr***@okhdfc)');
    expect(state).toHaveTextContent(/You can close this app/);
    expect(screen.getByRole('timer')).toHaveTextContent(/The request expires in 4:(2|3)\d\./);
    expect(calls).toContainEqual({ url: ordersPaths.checkPayment(42), method: 'POST' });
    // Nothing to pay while the request waits: no second charge can start here.
    expect(screen.queryByRole('button', { name: /^Pay|Try again/ })).toBeNull();

    // Approved in the UPI app (the webhook, or the server's check, paid it).
    paymentStatus = 'paid';
    payment = { method: 'upi', vpa: 'pr***@okhdfc', status: 'paid', expires_at: null };
    fireEvent.click(screen.getByRole('button', { name: 'Check again' }));
    expect(await screen.findByRole('heading', { name: 'Order placed!' })).toBeInTheDocument();
    expect(screen.getByTestId('order-state')).toHaveTextContent(
      'Paid ₹1,384.80 by UPI · pr***@okhdfc. Meghana Biryani House has your order.',
    );
  });

  it('a declined or expired request reads as failed, and the same order can be paid again', async () => {
    payment = { method: 'upi', vpa: 'pr***@okhdfc', status: 'failed', expires_at: null };
    await keepAttempt();
    renderSuccess();
    expect(await screen.findByRole('heading', { name: 'Payment failed' })).toBeInTheDocument();
    expect(screen.getByTestId('order-state')).toHaveTextContent(
      'Your UPI request was declined or expired before it was approved. No money was taken; you can pay again.',
    );
    expect(screen.getByRole('button', { name: 'Try again: pay ₹1,384.80' })).toBeEnabled();
  });

  it('a request past its expiry is not waited for', () => {
    expect(awaitingApproval({ method: 'upi', vpa: null, status: 'pending', expires_at: inMinutes(1) })).toBe(
      true,
    );
    expect(awaitingApproval({ method: 'upi', vpa: null, status: 'pending', expires_at: inMinutes(-1) })).toBe(
      false,
    );
    expect(awaitingApproval({ method: 'upi', vpa: null, status: 'pending', expires_at: null })).toBe(true);
    expect(awaitingApproval({ method: 'upi', vpa: null, status: 'failed', expires_at: null })).toBe(false);
    expect(awaitingApproval(null)).toBe(false);
  });
});

describe('checkout after the app was closed with a UPI request waiting', () => {
  it('finds the kept order and says it waits for approval in the UPI app', async () => {
    await keepAttempt({ signature: 'another cart' });
    const kept = await resumeOutbox();
    expect(kept).toMatchObject({ kind: 'awaiting', payment: { status: 'pending', vpa: 'pr***@okhdfc' } });
    render(
      <TestRouter>
        <KeptOrderNotice kept={kept} signature="this cart" />
      </TestRouter>,
    );
    const notice = screen.getByTestId('kept-order');
    expect(notice).toHaveAttribute('role', 'status');
    expect(notice).toHaveTextContent('Waiting for you to approve in your UPI app.');
    expect(notice).toHaveTextContent('Approve ₹1,384.80 in your UPI app (pr***@okhdfc)');
    expect(screen.getByRole('link', { name: 'See the order' })).toHaveAttribute(
      'href',
      '/checkout/success?order=42',
    );
  });

  it('once approved, the kept order is settled as paid (checkout then shows the order)', async () => {
    await keepAttempt();
    paymentStatus = 'paid';
    payment = { method: 'upi', vpa: 'pr***@okhdfc', status: 'paid', expires_at: null };
    expect(await resumeOutbox()).toEqual({ kind: 'settled', orderId: 42, paid: true });
  });
});

describe('closing the payment window', () => {
  const created = {
    order: { id: 42, order_number: '261124-UPI001' },
    provider: 'sandbox',
    provider_order_id: 'order_Abc123456789',
    amount: 138480,
    currency: 'INR',
    key: 'rzp_test_sandbox',
    prefill: { name: '', email: '', contact: '' },
  } as unknown as CreateOrderResponse;

  function windowThatIsClosed() {
    window.Razorpay = class {
      constructor(private readonly o: { modal: { ondismiss: () => void } }) {}
      on() {}
      open() {
        this.o.modal.ondismiss();
      }
    } as unknown as typeof window.Razorpay;
  }

  it('with a UPI request under way is pending, not cancelled', async () => {
    windowThatIsClosed();
    expect(await openPayment(created, 'Meghana', () => {})).toEqual({ kind: 'pending' });
  });

  it('without one is dismissed: nothing was charged', async () => {
    windowThatIsClosed();
    payment = null;
    expect(await openPayment(created, 'Meghana', () => {})).toEqual({ kind: 'dismissed' });
  });
});
