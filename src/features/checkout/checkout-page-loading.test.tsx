// The checkout before the cart engine has loaded a cart (its own file: what the browser held at start
// is read once per page load).
import { act, render, screen } from '@testing-library/react';
import { afterEach, expect, it } from 'vitest';
import { TestRouter } from '../../testing/router.tsx';
import { cartSettled } from '../cart/cart-known.ts';
import { CheckoutPage } from './checkout-page.tsx';

afterEach(() => {
  document.cookie = 'session_key=; path=/; max-age=0';
});

it('says the cart is loading, not empty, until the cart engine has loaded a cart the browser has a key for', () => {
  document.cookie = `session_key=${'k'.repeat(32)}; path=/`;
  render(
    <TestRouter>
      <CheckoutPage />
    </TestRouter>,
  );
  expect(screen.getByRole('status')).toHaveTextContent('Loading your cart…');
  expect(screen.queryByRole('heading', { name: 'Your cart is empty' })).not.toBeInTheDocument();
  act(() => cartSettled());
  expect(screen.getByRole('heading', { name: 'Your cart is empty' })).toBeInTheDocument();
});
