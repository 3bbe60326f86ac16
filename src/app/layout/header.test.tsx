// The desktop header as a visitor sees it: cart badge, Log In or the user menu, the location button.
import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes, useLocation } from '../../lib/router.tsx';
import { TestRouter } from '../../testing/router.tsx';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { on } from '../../lib/events.ts';
import { initialState, appState } from '../../lib/app-state.ts';
import { Header } from './header.tsx';

function Where() {
  return <output data-testid="where">{useLocation().pathname}</output>;
}

function renderHeader(path = '/restaurants', onLogout = () => Promise.resolve()) {
  return render(
    <TestRouter path={path}>
      <Header onLogout={onLogout} />
      <Routes>
        <Route path="*" element={<Where />} />
      </Routes>
    </TestRouter>,
  );
}

const nav = () => screen.getByRole('navigation', { name: 'Main' });

beforeEach(() => appState.set(initialState));
afterEach(() => vi.restoreAllMocks());

describe('Header', () => {
  it('links the logo to /restaurants and has Search, Offers and Help', () => {
    renderHeader();
    expect(screen.getByRole('link', { name: 'Bhojan' })).toHaveAttribute('href', '/restaurants');
    expect(within(nav()).getByRole('link', { name: 'Search' })).toHaveAttribute('href', '/search');
    expect(within(nav()).getByRole('link', { name: 'Offers' })).toHaveAttribute('href', '/offers');
    const help = within(nav()).getByRole('link', { name: 'Help' });
    expect(help).toHaveAttribute('target', '_blank');
    expect(help.getAttribute('rel')).toContain('noopener');
  });

  it('shows a cart badge of 0 when the cart is empty, and the count when not', () => {
    renderHeader();
    const cart = within(nav()).getByRole('link', { name: /^Cart/ });
    expect(cart).toHaveAttribute('href', '/checkout');
    expect(screen.getByTestId('cart-count')).toHaveTextContent('0');
    expect(cart).toHaveAccessibleName(/^Cart\s*, 0 items$/);
    act(() => appState.set({ cart_meta: { item_count: 3, item_total: 45_000, coupon_discount: 0 } }));
    expect(screen.getByTestId('cart-count')).toHaveTextContent('3');
    expect(cart).toHaveAccessibleName(/^Cart\s*, 3 items$/);
  });

  it('signed out: a Log In button asks for the login overlay', async () => {
    const opened = vi.fn();
    const off = on('show-auth', opened);
    renderHeader();
    expect(screen.queryByRole('button', { name: /Asha/ })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Log In' }));
    expect(opened).toHaveBeenCalledWith({ mode: 'login' });
    off();
  });

  it('signed in: the user name opens Profile, Orders and Log out', async () => {
    appState.set({
      loggedIn: true,
      user: { name: 'Asha Rao', phone_number: '9876543210', email: 'asha@example.com' },
    });
    const logout = vi.fn(() => Promise.resolve());
    renderHeader('/offers', logout);
    expect(screen.queryByRole('button', { name: 'Log In' })).toBeNull();
    const button = screen.getByRole('button', { name: 'Asha Rao' });
    expect(button).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('link', { name: 'Profile' })).toBeNull();

    await userEvent.click(button);
    expect(button).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('link', { name: 'Profile' })).toHaveAttribute('href', '/myaccount/orders');
    expect(screen.getByRole('link', { name: 'Orders' })).toHaveAttribute('href', '/myaccount/orders');

    await userEvent.keyboard('{Escape}');
    expect(button).toHaveAttribute('aria-expanded', 'false');
    expect(button).toHaveFocus();

    await userEvent.click(button);
    await userEvent.click(screen.getByRole('button', { name: 'Log out' }));
    expect(logout).toHaveBeenCalledTimes(1);
    expect(screen.getByTestId('where')).toHaveTextContent('/restaurants');
  });

  it('shows the area above the address and opens the location overlay on click', async () => {
    const opened = vi.fn();
    const off = on('show-location', opened);
    appState.set({
      userLocation: {
        address: '80 Feet Road, Koramangala, Bengaluru',
        area: 'Koramangala',
        lat: 12.9,
        lng: 77.6,
      },
    });
    renderHeader();
    const button = screen.getByRole('button', { name: /Delivery location/ });
    expect(button).toHaveTextContent('Koramangala');
    expect(button).toHaveTextContent('80 Feet Road, Koramangala, Bengaluru');
    await userEvent.click(button);
    expect(opened).toHaveBeenCalledTimes(1);
    off();
  });
});
