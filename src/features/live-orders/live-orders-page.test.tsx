import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import Cookies from 'js-cookie';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FakeSocket } from '../../testing/fake-socket.ts';
import type { OrderSummary } from '../../shared/api/orders.ts';
import { localYmd } from './dates.ts';
import { LiveOrdersPage } from './live-orders-page.tsx';

function order(over: Partial<OrderSummary> = {}): OrderSummary {
  const now = new Date().toISOString();
  return {
    id: 1,
    order_number: '261121-AAAAAA',
    status: 'placed',
    payment_status: 'paid',
    refund_pending: false,
    restaurant: { id: 1, name: 'Meghana', slug: 'm', area: 'Koramangala', image: '', lat: 12.9, lng: 77.6 },
    items: [{ menu_item_id: 7, name: 'Paneer Tikka', price: 24900, quantity: 2, is_veg: true }],
    item_count: 2,
    amount: 56790,
    bill: {
      item_total: 49800,
      packaging: 2000,
      delivery_fee: 2500,
      taxes: 2490,
      coupon_code: null,
      coupon_discount: 0,
      to_pay: 56790,
    },
    customer_name: 'Asha Rao',
    delivery_address: { address: '5th Cross', flat: '4B', landmark: '', lat: 12.92, lng: 77.62 },
    date: now,
    prep_time_min: null,
    reject_reason: null,
    eta: null,
    placed_at: now,
    paid_at: now,
    accepted_at: null,
    preparing_at: null,
    ready_at: null,
    picked_up_at: null,
    delivered_at: null,
    cancelled_at: null,
    rejected_at: null,
    updated_at: now,
    ...over,
  };
}

const showNotification = vi.fn(async () => undefined);
let fetchMock: ReturnType<typeof vi.fn>;

beforeEach(() => {
  FakeSocket.all = [];
  vi.stubGlobal('WebSocket', FakeSocket);
  vi.stubGlobal('Notification', { permission: 'granted', requestPermission: vi.fn() });
  Object.defineProperty(navigator, 'serviceWorker', {
    configurable: true,
    value: { ready: Promise.resolve({ showNotification }) },
  });
  Cookies.set('res_id', '1');
  Cookies.set('auth._token.local', 'Bearer x');
  fetchMock = vi.fn(async (url: string) => {
    const u = new URL(url, 'http://localhost');
    const status = u.searchParams.get('delivery_status');
    const results = status && status !== 'placed' ? [] : [order()];
    return new Response(JSON.stringify({ count: results.length, next: null, previous: null, results }), {
      status: 200,
      headers: { 'content-type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fetchMock);
  showNotification.mockClear();
});

afterEach(() => {
  vi.unstubAllGlobals();
  Cookies.remove('res_id');
  Cookies.remove('auth._token.local');
});

describe('LiveOrdersPage', () => {
  it('loads today’s orders with the SPEC refresh payload and offers only the chain’s next actions', async () => {
    render(<LiveOrdersPage />);
    const row = await screen.findByRole('row', { name: /261121-AAAAAA/ });
    const url = new URL(fetchMock.mock.calls[0]![0] as string, 'http://localhost');
    const today = new Date();
    const tomorrow = new Date(today.getFullYear(), today.getMonth(), today.getDate() + 1);
    expect(url.pathname).toBe('/api/v1/orders/restaurant/');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      limit: '10',
      offset: '0',
      delivery_status: '',
      startDate: localYmd(today),
      endDate: localYmd(tomorrow),
    });
    expect(
      within(row)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Accept', 'Reject']);
    expect(FakeSocket.all[0]!.url).toMatch(/\/ws\/orders\/1\/$/);
  });

  it('sizes the table to the window height minus its top offset minus 126, on resize too', async () => {
    const { container } = render(<LiveOrdersPage />);
    await screen.findByRole('row', { name: /261121-AAAAAA/ });
    const wrap = container.querySelector<HTMLElement>('.live-orders__table-wrap')!;
    vi.spyOn(wrap, 'getBoundingClientRect').mockReturnValue({ top: 200 } as DOMRect);
    act(() => {
      Object.defineProperty(window, 'innerHeight', { configurable: true, value: 900 });
      window.dispatchEvent(new Event('resize'));
    });
    expect(wrap.style.maxHeight).toBe(`${900 - 200 - 126}px`);
    act(() => {
      Object.defineProperty(window, 'innerHeight', { configurable: true, value: 1000 });
      window.dispatchEvent(new Event('resize'));
    });
    expect(wrap.style.maxHeight).toBe(`${1000 - 200 - 126}px`);
  });

  it('updates a row in place from the socket and raises the staff notification', async () => {
    render(<LiveOrdersPage />);
    await screen.findByRole('row', { name: /261121-AAAAAA/ });
    const ws = FakeSocket.all[0]!;
    act(() => ws.open());
    expect(await screen.findByText('Live')).toBeInTheDocument();
    act(() => ws.message({ type: 'order.updated', order: order({ status: 'accepted', prep_time_min: 15 }) }));
    const row = screen.getByRole('row', { name: /261121-AAAAAA/ });
    expect(within(row).getByText('Accepted')).toBeInTheDocument();
    expect(
      within(row)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Preparing', 'Reject']);
    await waitFor(() =>
      expect(showNotification).toHaveBeenCalledWith('!! Order Update Received', {
        body: 'You have a new Order Update',
        tag: 'order-1-accepted',
        data: { url: '/partner/orders' },
      }),
    );
    expect(screen.getAllByRole('row')).toHaveLength(2); // header + the one order
  });

  it('adds a newly paid order on top, ignores unpaid checkouts and garbage', async () => {
    render(<LiveOrdersPage />);
    await screen.findByRole('row', { name: /261121-AAAAAA/ });
    const ws = FakeSocket.all[0]!;
    act(() => ws.open());
    act(() =>
      ws.message({
        type: 'order.created',
        order: order({ id: 3, order_number: 'UNPAID', payment_status: 'pending', paid_at: null }),
      }),
    );
    act(() => ws.dispatchEvent(Object.assign(new Event('message'), { data: '{oops' })));
    act(() => ws.message({ type: 'order.created', order: order({ id: 2, order_number: '261121-BBBBBB' }) }));
    const rows = screen.getAllByRole('row');
    expect(rows).toHaveLength(3);
    expect(rows[1]).toHaveTextContent('261121-BBBBBB');
    expect(screen.queryByText('UNPAID')).not.toBeInTheDocument();
    expect(screen.getByText(/Page 1 of 1 · 2 orders/)).toBeInTheDocument();
  });

  it('asks for the delivery status of the chosen mode', async () => {
    render(<LiveOrdersPage />);
    await screen.findByRole('row', { name: /261121-AAAAAA/ });
    await userEvent.click(screen.getByRole('button', { name: 'Delivered' }));
    await screen.findByText(/No delivered orders today yet/);
    const last = new URL(fetchMock.mock.calls.at(-1)![0] as string, 'http://localhost');
    expect(last.searchParams.get('delivery_status')).toBe('delivered');
    expect(screen.getByRole('button', { name: 'Delivered' })).toHaveAttribute('aria-pressed', 'true');
  });

  it('shows Reconnect when the server refuses the socket for this restaurant', async () => {
    render(<LiveOrdersPage />);
    await screen.findByRole('row', { name: /261121-AAAAAA/ });
    act(() => FakeSocket.all[0]!.close(4403));
    expect(await screen.findByRole('button', { name: 'Reconnect' })).toBeInTheDocument();
    expect(screen.getByText(/Offline: refreshing every 10 s/)).toBeInTheDocument();
  });

  it('asks for notification permission only from the button', async () => {
    const requestPermission = vi.fn(async () => 'granted' as const);
    vi.stubGlobal('Notification', { permission: 'default', requestPermission });
    render(<LiveOrdersPage />);
    await screen.findByRole('row', { name: /261121-AAAAAA/ });
    expect(requestPermission).not.toHaveBeenCalled();
    await userEvent.click(screen.getByRole('button', { name: 'Enable notifications' }));
    expect(requestPermission).toHaveBeenCalledTimes(1);
    expect(await screen.findByText('Notifications on')).toBeInTheDocument();
  });
});
