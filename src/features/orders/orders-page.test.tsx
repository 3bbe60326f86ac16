import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from '../../lib/router.tsx';
import { TestRouter } from '../../testing/router.tsx';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { idb } from '../../lib/idb.ts';
import { appState } from '../../lib/app-state.ts';
import type { OrderSummary } from '../../shared/api/orders.ts';
import { ORDER_BILL, orderSummary } from '../../testing/order-summary.ts';
import { cartChanges } from '../cart/index.tsx';
import { LAST_ORDERS_KEY } from './last-orders.ts';
import { OrdersPage } from './orders-page.tsx';

function order(over: Partial<OrderSummary> = {}): OrderSummary {
  const at = '2026-11-20T13:30:00.000Z';
  return orderSummary(
    {
      order_number: '261120-AAAAAA',
      status: 'delivered',
      items: [
        { menu_item_id: 7, name: 'Paneer Tikka', price: 24900, quantity: 2, is_veg: true },
        { menu_item_id: 9, name: 'Chicken Biryani', price: 32000, quantity: 1, is_veg: false },
      ],
      item_count: 3,
      amount: 89000,
      bill: { ...ORDER_BILL, item_total: 81800, taxes: 2700, to_pay: 89000 },
      prep_time_min: 15,
      accepted_at: at,
      preparing_at: at,
      ready_at: at,
      picked_up_at: at,
      delivered_at: at,
      ...over,
    },
    at,
  );
}

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

function renderPage() {
  return render(
    <TestRouter path={'/myaccount/orders'}>
      <Routes>
        <Route path="/myaccount/orders" element={<OrdersPage />} />
        <Route path="/checkout" element={<h1>Checkout</h1>} />
      </Routes>
    </TestRouter>,
  );
}

/** The page with the network gone and one order saved on the device for the user `owner`. */
async function renderOffline(owner: string) {
  await idb.set(LAST_ORDERS_KEY, {
    owner,
    page: { count: 1, next: null, previous: null, results: [order()] },
    savedAt: '2026-11-20T14:00:00.000Z',
  });
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))),
  );
  return renderPage();
}

// An access token whose subject (user id) is 42; the signature is irrelevant to the client.
const token = (sub: string) => `h.${btoa(JSON.stringify({ sub })).replace(/=+$/, '')}.s`;

beforeEach(async () => {
  await idb.del(LAST_ORDERS_KEY);
  appState.set({ all_orders: [], access: token('42') });
});
afterEach(() => vi.unstubAllGlobals());

describe('OrdersPage', () => {
  it('shows active and past orders with restaurant, items, amount, date and status, and keeps them for offline', async () => {
    const active = order({ id: 2, order_number: '261121-BBBBBB', status: 'preparing' });
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => json({ count: 2, next: null, previous: null, results: [active, order()] })),
    );
    renderPage();
    const past = await screen.findByRole('region', { name: 'Past orders' });
    const card = within(past).getByRole('listitem');
    expect(card).toHaveTextContent('Meghana Biryani House');
    expect(card).toHaveTextContent('2 × Paneer Tikka, 1 × Chicken Biryani');
    expect(card).toHaveTextContent('₹890');
    expect(card).toHaveTextContent('20 Nov 2026');
    expect(card).toHaveTextContent('Delivered');
    const current = screen.getByRole('region', { name: 'Active orders' });
    expect(within(current).getByRole('link', { name: 'Track order' })).toHaveAttribute('href', '/tracking/2');
    await waitFor(async () =>
      expect((await idb.get<{ page: { count: number } }>(LAST_ORDERS_KEY))?.page.count).toBe(2),
    );
    expect(appState.get().all_orders).toHaveLength(2);
  });

  it('shows the last known orders when the network is gone', async () => {
    await renderOffline('42');
    expect(await screen.findByText(/You are offline\. Showing your orders as of/)).toBeInTheDocument();
    expect(screen.getByText('Meghana Biryani House')).toBeInTheDocument();
  });

  it('never shows another user’s saved orders', async () => {
    await renderOffline('7');
    expect(await screen.findByText(/You seem to be offline/)).toBeInTheDocument();
    expect(screen.queryByText('Meghana Biryani House')).not.toBeInTheDocument();
  });

  it('shows an empty state', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => json({ count: 0, next: null, previous: null, results: [] })),
    );
    renderPage();
    expect(await screen.findByText(/No orders yet/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Find a restaurant' })).toHaveAttribute('href', '/restaurants');
  });

  it('reorders: asks before replacing another restaurant’s cart, then opens checkout with what changed', async () => {
    const asked: unknown[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init?: RequestInit) => {
        if (url.startsWith('/api/v1/checkout/reorder/')) {
          const body = JSON.parse(String(init?.body)) as { order_id: number; replace?: boolean };
          asked.push(body);
          if (!body.replace) {
            return json({ status: 409, message: 'Replace cart?', code: 'cart_store_conflict' }, 409);
          }
          return json({
            session_key: 'k'.repeat(22),
            cart_items: [],
            cart_info: null,
            cart_meta: null,
            store_info: null,
            reorder: {
              added: 1,
              warnings: [
                { kind: 'price', item: 7, options: [], name: 'Chicken Biryani', from: 25000, to: 27000 },
              ],
            },
          });
        }
        return json({ count: 1, next: null, previous: null, results: [order()] });
      }),
    );
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: 'Reorder' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Replace cart?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Replace' }));
    expect(await screen.findByRole('heading', { name: 'Checkout' })).toBeInTheDocument();
    expect(asked).toEqual([{ order_id: order().id }, { order_id: order().id, replace: true }]);
    expect(cartChanges()).toEqual([
      expect.objectContaining({ kind: 'price', name: 'Chicken Biryani', from: 25000, to: 27000 }),
    ]);
  });
});
