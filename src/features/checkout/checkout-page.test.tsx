import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { TestRouter } from '../../testing/router.tsx';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CartResponse } from '../../shared/api/checkout.ts';
import { on } from '../../lib/events.ts';
import { appState, type AppState } from '../../lib/app-state.ts';
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
    coupon_error_code: null,
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

/** The app state holding `cart` (as the cart engine would), with what a test changes. */
const holdCart = (over: Partial<AppState> = {}) =>
  appState.set({
    cart: cart.cart_items,
    cart_info: cart.cart_info,
    cart_meta: cart.cart_meta,
    store_info: cart.store_info,
    ...over,
  });
const setOnline = (v: boolean) =>
  Object.defineProperty(navigator, 'onLine', { value: v, configurable: true });
const renderPage = () =>
  render(
    <TestRouter>
      <CheckoutPage />
    </TestRouter>,
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
afterEach(async () => {
  // Let the cart reloads the page started finish against the stub.
  await new Promise((resolve) => setTimeout(resolve, 50));
  vi.unstubAllGlobals();
  appState.reset();
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
    holdCart();
    const auth = vi.fn();
    const off = on('show-auth', auth);
    renderPage();
    expect(screen.getByText('Chicken Biryani')).toBeInTheDocument();
    expect(screen.getByRole('group', { name: 'Chicken Biryani in cart' })).toHaveTextContent('2');
    expect(screen.getByText('Coupon discount (WELCOME50)')).toBeInTheDocument();
    expect(screen.getByText('You save ₹100')).toBeInTheDocument();
    expect(screen.getByTestId('to-pay')).toHaveTextContent('₹567.90');
    const pay = screen.getByRole('button', { name: 'Pay ₹567.90' });
    expect(pay).toBeDisabled();
    expect(screen.getByText('Log in to place your order.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Log in' }));
    expect(auth).toHaveBeenCalledWith({ mode: 'login', redirect: false });
    off();
  });

  it('names a line the restaurant marked out of stock', () => {
    const out = { ...cart.cart_items[0]!, id: 6, name: 'Paneer Tikka', is_veg: true, in_stock: false };
    holdCart({ cart: [...cart.cart_items, out] });
    renderPage();
    const line = (name: string) => screen.getByText(name).closest('li')!;
    expect(line('Paneer Tikka')).toHaveTextContent('Out of stock');
    expect(line('Chicken Biryani')).not.toHaveTextContent('Out of stock');
  });

  it('opens the coupons panel for the store', async () => {
    holdCart({ cart_info: { ...cart.cart_info!, coupon_code: null, coupon_discount: 0 } });
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
    holdCart({ loggedIn: true, access: 'x' });
    renderPage();
    expect(screen.getByText(/You are offline/)).toHaveAttribute('role', 'status');
    expect(screen.getByRole('button', { name: /^Pay ₹/ })).toBeDisabled();
    expect(screen.getByText('Connect to the internet to pay.')).toBeInTheDocument();
  });

  it('shows a coupon that stopped qualifying as not applied, with the reason, and prices without it', () => {
    holdCart({
      cart_info: {
        ...cart.cart_info!,
        coupon_discount: 0,
        to_pay: 66790,
        coupon_error: 'Add items worth ₹19 more to use WELCOME50 (minimum order ₹199).',
        coupon_error_code: 'coupon_below_minimum',
      },
      cart_meta: { ...cart.cart_meta!, coupon_discount: 0 },
    });
    renderPage();
    expect(screen.getByTestId('coupon')).toHaveTextContent('WELCOME50 Not applied');
    expect(screen.getByText(/Your order is placed without it/)).toHaveTextContent(
      'Add items worth ₹19 more to use WELCOME50 (minimum order ₹199). Your order is placed without it.',
    );
    expect(screen.queryByText(/Coupon discount/)).toBeNull();
    expect(screen.getByRole('button', { name: 'Pay ₹667.90' })).toBeInTheDocument();
  });

  it('chooses the nearest address the restaurant delivers to and says why a far one cannot be used', async () => {
    const address = (id: number, lat: number, lng: number, flat: string) => ({
      id,
      address: `${flat} Road, Bengaluru`,
      flat,
      landmark: '',
      address_type: 'home',
      latitude: lat,
      longitude: lng,
      address_components: [],
      place_id: '',
      created_at: '',
    });
    const list = [
      address(1, 13.2, 77.9, 'Far'),
      address(2, 12.96, 77.64, 'Near'),
      address(3, 12.936, 77.625, 'Nearest'),
    ];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) =>
        url.startsWith('/api/v1/users/customer/address/')
          ? new Response(JSON.stringify({ count: 3, next: null, previous: null, results: list }))
          : new Response(JSON.stringify(cart)),
      ),
    );
    holdCart({ loggedIn: true, access: 'x' });
    renderPage();
    expect(await screen.findByRole('radio', { name: /Nearest Road/ })).toBeChecked();
    const far = screen.getByRole('radio', { name: /Far Road/ });
    expect(far).toBeDisabled();
    expect(far).toHaveAccessibleDescription(
      /^Too far: \d+\.\d km from Meghana Biryani House, which delivers within 7 km\.$/,
    );
    // The page takes the choice from the list's first commit.
    await waitFor(() => expect(screen.getByRole('button', { name: /^Pay ₹/ })).toBeEnabled());
  });
});
