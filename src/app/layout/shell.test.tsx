// The shell shows each part of the chrome on the routes docs/product.md#layout allows, and the bottom
// navigation and cart bar behave as a visitor expects.
import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useLocation } from '../../lib/router.tsx';
import { TestRouter } from '../../testing/router.tsx';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { initialState, appState } from '../../lib/app-state.ts';
import { routeNameOf } from '../route-name.ts';
import { ROUTE_NAMES } from '../route-names.ts';
import { Shell } from './shell.tsx';

// The cart engine stays out of these tests: the shell's idle cart load would call the network.
vi.mock('../../features/cart/boot.ts', () => ({ loadCart: () => undefined }));

/** Renders the shell at a path with a stand-in page; returns a getter for the current pathname. */
async function renderAt(path: string, page: 'main' | 'none' = 'main') {
  const name = routeNameOf(path);
  let pathname = path;
  function Page() {
    pathname = useLocation().pathname;
    return page === 'main' ? (
      <main id="main">
        <h1>{name}</h1>
      </main>
    ) : (
      <h1>{name}</h1>
    );
  }
  // The chrome and footer are lazy chunks: let them resolve inside act.
  await act(async () => {
    render(
      <TestRouter path={path}>
        <Shell>
          <Page />
        </Shell>
      </TestRouter>,
    );
  });
  // Let the (already imported, see beforeAll) lazy chunks resolve and render.
  for (let i = 0; i < 3; i++) await act(() => new Promise((r) => setTimeout(r, 5)));
  return { pathname: () => pathname };
}

const header = () => document.querySelector('.site-header');
const mobileHeader = () => document.querySelector('.mobile-location');
const footer = () => screen.queryByRole('contentinfo');
const bottomNav = () => screen.queryByRole('navigation', { name: 'Bottom navigation' });
const cartBar = () => screen.queryByTestId('cart-bar');
const withCart = () =>
  act(() => appState.set({ cart_meta: { item_count: 2, item_total: 45_000, coupon_discount: 0 } }));

beforeAll(async () => {
  await Promise.all([import('./chrome.tsx'), import('./footer.tsx')]);
});
beforeEach(() => appState.set(initialState));

describe('which parts show where', () => {
  it('/restaurants: header (large screens), location header and bottom nav (small), footer', async () => {
    await renderAt('/restaurants');
    expect(header()).toHaveClass('large-screen-only');
    expect(mobileHeader()).toHaveClass('small-screen-only');
    expect(bottomNav()).toBeInTheDocument();
    expect(bottomNav()!.closest('.small-screen-only')).not.toBeNull();
    expect(footer()).toBeInTheDocument();
  });
  it('/checkout: no header, no footer, no bottom bars, no location header', async () => {
    await renderAt('/checkout');
    expect(header()).toBeNull();
    expect(mobileHeader()).toBeNull();
    expect(footer()).toBeNull();
    expect(bottomNav()).toBeNull();
  });
  it('/: footer only', async () => {
    await renderAt('/');
    expect(header()).toBeNull();
    expect(mobileHeader()).toBeNull();
    expect(bottomNav()).toBeNull();
    expect(footer()).toBeInTheDocument();
  });
  it('/search: header and bottom nav, but no mobile location header', async () => {
    await renderAt('/search');
    expect(header()).toBeInTheDocument();
    expect(mobileHeader()).toBeNull();
    expect(bottomNav()).toBeInTheDocument();
  });
  it('/m/123: bare order status page', async () => {
    await renderAt('/m/123');
    expect(header()).toBeNull();
    expect(footer()).toBeNull();
    expect(bottomNav()).toBeNull();
  });
  it('/tracking/9: no header but footer and bottom nav', async () => {
    await renderAt('/tracking/9');
    expect(header()).toBeNull();
    expect(footer()).toBeInTheDocument();
    expect(bottomNav()).toBeInTheDocument();
  });
  it('an unknown page keeps the chrome', async () => {
    await renderAt('/no/such/page', 'none');
    expect(header()).toBeInTheDocument();
    expect(footer()).toBeInTheDocument();
  });
});

// Every page of docs/product.md#routes, rendered: which parts of the chrome a visitor gets, in the words
// of docs/product.md#layout (H header, F footer, N bottom nav, L mobile location header, C cart bar
// once the cart holds something). A page added without a row here fails the last test.
const CHROME: Record<string, { path: string; parts: string }> = {
  index: { path: '/', parts: 'F' },
  about: { path: '/about', parts: 'HFNL' },
  restaurants: { path: '/restaurants', parts: 'HFNL' },
  'restaurants-slug': { path: '/restaurants/meghana-biryani-house', parts: 'HFC' },
  search: { path: '/search', parts: 'HFN' },
  offers: { path: '/offers', parts: 'HFNL' },
  login: { path: '/login', parts: 'HFNL' },
  register: { path: '/register', parts: 'HFNL' },
  checkout: { path: '/checkout', parts: '' },
  'checkout-success': { path: '/checkout/success', parts: 'HFL' },
  myaccount: { path: '/myaccount', parts: 'HFN' },
  'myaccount-addresses': { path: '/myaccount/addresses', parts: 'HFN' },
  'myaccount-orders': { path: '/myaccount/orders', parts: 'HFN' },
  'myaccount-payments': { path: '/myaccount/payments', parts: 'HFN' },
  'request-remove': { path: '/request-remove', parts: 'HFNL' },
  tracking: { path: '/tracking/9', parts: 'FN' },
  'm-orderid': { path: '/m/123', parts: '' },
  'partner-login': { path: '/partner/login', parts: 'HFNL' },
  'partner-orders': { path: '/partner/orders', parts: '' },
  'not-found': { path: '/no/such/page', parts: 'HFNL' },
};

describe('the chrome of every page, as rendered', () => {
  it.each(Object.entries(CHROME))('%s', async (name, { path, parts }) => {
    appState.set({ cart_meta: { item_count: 2, item_total: 45_000, coupon_discount: 0 } });
    await renderAt(path, name === 'not-found' ? 'none' : 'main');
    const shown = [
      header() && 'H',
      footer() && 'F',
      bottomNav() && 'N',
      mobileHeader() && 'L',
      cartBar() && 'C',
    ].filter(Boolean);
    expect(shown.join('')).toBe(parts);
  });
  it('has a row for every page', () => {
    expect(Object.keys(CHROME).sort()).toEqual([...ROUTE_NAMES].sort());
  });
});

describe('cart bar', () => {
  it('is absent on a menu page while the cart is empty', async () => {
    await renderAt('/restaurants/meghana-biryani-house');
    expect(cartBar()).toBeNull();
    act(() => appState.set({ cart_meta: { item_count: 0, item_total: 0, coupon_discount: 0 } }));
    expect(cartBar()).toBeNull();
  });
  it('on a menu page with items shows count, total and View Cart, and opens the cart', async () => {
    const router = await renderAt('/restaurants/meghana-biryani-house');
    withCart();
    const bar = cartBar()!;
    expect(bar).toHaveTextContent('2 Item');
    expect(bar).toHaveTextContent('₹450');
    expect(bar).toHaveTextContent('View Cart');
    expect(bar.querySelector('.cart-bar__divider')).not.toBeNull();
    expect(bar.closest('.small-screen-only')).not.toBeNull();
    await userEvent.click(bar);
    expect(router.pathname()).toBe('/checkout');
  });
  it('never shows outside the menu page, even with items', async () => {
    await renderAt('/restaurants');
    withCart();
    expect(cartBar()).toBeNull();
  });
});

describe('bottom navigation', () => {
  it('links Near Me, Search, Cart and Account (to /login when signed out)', async () => {
    await renderAt('/search');
    const nav = bottomNav()!;
    expect(within(nav).getByRole('link', { name: 'Near Me' })).toHaveAttribute('href', '/restaurants');
    expect(within(nav).getByRole('link', { name: 'Search' })).toHaveAttribute('href', '/search');
    expect(within(nav).getByRole('link', { name: /^Cart/ })).toHaveAttribute('href', '/checkout');
    expect(within(nav).getByRole('link', { name: 'Account' })).toHaveAttribute('href', '/login');
  });
  it('sends Account to /myaccount when signed in', async () => {
    appState.set({ loggedIn: true });
    await renderAt('/restaurants');
    expect(within(bottomNav()!).getByRole('link', { name: 'Account' })).toHaveAttribute('href', '/myaccount');
  });
  it('marks the current page', async () => {
    await renderAt('/search');
    const nav = bottomNav()!;
    expect(within(nav).getByRole('link', { name: 'Search' })).toHaveAttribute('aria-current', 'page');
    expect(within(nav).getByRole('link', { name: 'Near Me' })).not.toHaveAttribute('aria-current');
  });
});

describe('landmarks', () => {
  it('does not nest a second main around a page that renders its own', async () => {
    await renderAt('/restaurants');
    expect(screen.getAllByRole('main')).toHaveLength(1);
    expect(document.getElementById('content')).not.toHaveAttribute('role');
  });
  it('makes the content wrapper the main landmark when a page renders none', async () => {
    await renderAt('/restaurants', 'none');
    expect(screen.getAllByRole('main')).toHaveLength(1);
    expect(document.getElementById('content')).toHaveAttribute('role', 'main');
  });
  it('has a skip link that moves focus to the page', async () => {
    await renderAt('/restaurants');
    await userEvent.click(screen.getByRole('link', { name: 'Skip to content' }));
    expect(document.getElementById('main')).toHaveFocus();
  });
  it('footer names the company, 2023 copyright, columns and opens other sites in a new tab', async () => {
    await renderAt('/restaurants');
    const f = footer()!;
    expect(f).toHaveTextContent(/© 2023 .*Private Limited/);
    expect(f).toHaveTextContent(/Registered office: .*India/);
    for (const col of ['Info', 'Contact', 'Legal', 'Follow Us']) {
      expect(within(f).getByRole('heading', { name: col })).toBeInTheDocument();
    }
    for (const name of [
      'Blog',
      'Referral Program',
      'Phishing & Fraud',
      'Help & Support',
      'Partner with us',
      'Terms & Conditions',
      'Refund & Cancellation',
      'Privacy Policy',
      'Cookie Policy',
      'Facebook',
      'Instagram',
      'Twitter',
      'LinkedIn',
    ]) {
      const link = within(f).getByRole('link', { name });
      expect(link).toHaveAttribute('target', '_blank');
      expect(link).toHaveAttribute('rel', 'noopener noreferrer');
      expect(link).toHaveAccessibleDescription('Opens in a new tab');
    }
    expect(within(f).getByRole('link', { name: 'About Us' })).toHaveAttribute('href', '/about');
  });
});
