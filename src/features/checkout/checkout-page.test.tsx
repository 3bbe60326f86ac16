import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CartResponse } from '../../shared/api/checkout.ts';
import { on } from '../../lib/events.ts';
import { store } from '../../lib/store.ts';
import { CheckoutPage } from './checkout-page.tsx';

const cart: CartResponse = {
  session_key: 's'.repeat(32),
  cart_items: [
    {
      id: 5,
      name: 'Chicken Biryani',
      price: 29900,
      quantity: 2,
      line_total: 59800,
      is_veg: false,
      in_stock: true,
      image: null,
      restaurant_id: 1,
    },
  ],
  cart_info: {
    item_total: 59800,
    packaging: 2000,
    delivery_fee: 2500,
    taxes: 2490,
    coupon_discount: 10000,
    to_pay: 56790,
    coupon_code: 'WELCOME50',
    coupon_error: null,
    distance_m: null,
  },
  cart_meta: { item_count: 2, item_total: 59800, coupon_discount: 10000 },
  store_info: {
    id: 1,
    name: 'Meghana Biryani House',
    slug: 'meghana-biryani-house',
    image: '/x.jpg',
    area: 'Koramangala',
    lat: 12.9352,
    lng: 77.6245,
    delivery_radius_m: 7000,
  },
};

const setOnline = (v: boolean) =>
  Object.defineProperty(navigator, 'onLine', { value: v, configurable: true });
const renderPage = () =>
  render(
    <MemoryRouter>
      <CheckoutPage />
    </MemoryRouter>,
  );

beforeEach(() => {
  setOnline(true);
  vi.stubGlobal(
    'fetch',
    vi.fn(
      async () =>
        new Response(JSON.stringify({ count: 0, next: null, previous: null, results: [] }), { status: 200 }),
    ),
  );
});
afterEach(() => {
  vi.unstubAllGlobals();
  store.reset();
  setOnline(true);
});

describe('CheckoutPage', () => {
  it('shows the empty state', () => {
    renderPage();
    expect(screen.getByRole('heading', { name: 'Your cart is empty' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'See restaurants near you' })).toHaveAttribute(
      'href',
      '/restaurants',
    );
  });

  it('shows items, the coupon, the bill and a Pay button with its amount that needs a login', async () => {
    store.set({
      cart: cart.cart_items,
      cart_info: cart.cart_info,
      cart_meta: cart.cart_meta,
      store_info: cart.store_info,
    });
    const auth = vi.fn();
    const off = on('show-auth', auth);
    renderPage();
    expect(screen.getByText('Chicken Biryani')).toBeInTheDocument();
    expect(screen.getByRole('group', { name: 'Chicken Biryani in cart' })).toHaveTextContent('2');
    expect(screen.getByText('Coupon discount (WELCOME50)')).toBeInTheDocument();
    expect(screen.getByText('You save ₹100')).toBeInTheDocument();
    expect(screen.getByTestId('to-pay')).toHaveTextContent('₹567.9');
    const pay = screen.getByRole('button', { name: 'Pay ₹567.9' });
    expect(pay).toBeDisabled();
    expect(screen.getByText('Log in to place your order.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Log in' }));
    expect(auth).toHaveBeenCalledWith({ mode: 'login', redirect: false });
    off();
  });

  it('opens the coupons panel for the store', async () => {
    store.set({
      cart: cart.cart_items,
      cart_info: { ...cart.cart_info!, coupon_code: null, coupon_discount: 0 },
      cart_meta: cart.cart_meta,
      store_info: cart.store_info,
    });
    const coupons = vi.fn();
    const off = on('show-coupons', coupons);
    renderPage();
    await userEvent.click(screen.getByRole('button', { name: 'Apply coupon' }));
    expect(coupons).toHaveBeenCalledWith(
      expect.objectContaining({ storeId: 1, onApply: expect.any(Function) }),
    );
    off();
  });

  it('says so plainly when offline and keeps Pay disabled', () => {
    setOnline(false);
    store.set({
      cart: cart.cart_items,
      cart_info: cart.cart_info,
      cart_meta: cart.cart_meta,
      store_info: cart.store_info,
      loggedIn: true,
      access: 'x',
    });
    renderPage();
    expect(screen.getByText(/You are offline/)).toHaveAttribute('role', 'status');
    expect(screen.getByRole('button', { name: /^Pay ₹/ })).toBeDisabled();
    expect(screen.getByText('Connect to the internet to pay.')).toBeInTheDocument();
  });
});
