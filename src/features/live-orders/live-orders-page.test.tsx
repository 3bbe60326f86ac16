import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import Cookies from 'js-cookie';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FakeSocket } from '../../testing/fake-socket.ts';
import { paidOrder } from './alerting/order-fixture.ts';
import type { OrderSummary } from '../../shared/api/orders.ts';
import { useEffect } from 'react';
import { useLocation } from '../../lib/router.tsx';
import { TestRouter } from '../../testing/router.tsx';
import { istDay, istDayPlus } from '../../shared/india-time.ts';
import { LiveOrdersPage } from './live-orders-page.tsx';

/** The alerting tests' paid order, placed just now, with the whole detail a card shows. */
function order(over: Partial<OrderSummary> = {}): OrderSummary {
  const now = new Date().toISOString();
  return paidOrder(1, {
    order_number: '261121-AAAAAA',
    delivery_address: {
      address: '5th Cross',
      flat: '4B',
      landmark: 'Opposite the temple',
      lat: 12.92,
      lng: 77.62,
    },
    instructions: { cooking: 'Less spicy, no onion', delivery: "Don't ring the bell" },
    date: now,
    placed_at: now,
    paid_at: now,
    updated_at: now,
    ...over,
  });
}

const showNotification = vi.fn(async () => undefined);
let fetchMock: ReturnType<typeof vi.fn>;
let listAnswer: (u: URL) => {
  count: number;
  results: OrderSummary[];
  totals: { orders: number; revenue: number };
};

let where = '';
function Where() {
  const l = useLocation();
  useEffect(() => {
    where = l.pathname + l.search;
  });
  return null;
}

function renderConsole(path = '/partner/orders') {
  return render(
    <TestRouter path={path}>
      <LiveOrdersPage />
      <Where />
    </TestRouter>,
  );
}

const listCalls = () =>
  fetchMock.mock.calls
    .map(([u]) => new URL(u as string, 'http://localhost'))
    .filter((u) => u.pathname === '/api/v1/orders/restaurant/');
const lane = (name: string) => screen.getByRole('region', { name: new RegExp(`^${name} \\d+ orders?$`) });
const card = async (number = '261121-AAAAAA') => screen.findByRole('article', { name: number });
const buttons = (el: HTMLElement) =>
  within(el)
    .getAllByRole('button')
    .map((b) => b.textContent);

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
  listAnswer = (u) => {
    const status = u.searchParams.get('delivery_status');
    const results = status && status !== 'placed' && status !== 'active' ? [] : [order()];
    return { count: results.length, results, totals: { orders: results.length, revenue: 56790 } };
  };
  fetchMock = vi.fn(async (url: string, init?: RequestInit) => {
    const u = new URL(url, 'http://localhost');
    if (init?.method === 'POST' && u.pathname === '/api/v1/orders/restaurant/1/status/') {
      const change = JSON.parse(String(init.body)) as { status: OrderSummary['status']; reason?: string };
      const later = new Date(Date.now() + 1000).toISOString();
      const moved = order({ status: change.status, reject_reason: change.reason ?? null, updated_at: later });
      return new Response(JSON.stringify({ order: moved }), {
        status: 200,
        headers: { 'content-type': 'application/json' },
      });
    }
    const body =
      u.pathname === '/api/v1/orders/restaurant/' ? { next: null, previous: null, ...listAnswer(u) } : {};
    return new Response(JSON.stringify(body), {
      status: u.pathname === '/api/v1/orders/restaurant/' ? 200 : 404,
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

describe('the kitchen console', () => {
  it('loads every active order at once and shows each whole in its lane, with only the next steps', async () => {
    renderConsole();
    const c = await card();
    expect(Object.fromEntries(listCalls()[0]!.searchParams)).toEqual({
      limit: '100',
      offset: '0',
      delivery_status: 'active',
    });
    expect(within(lane('New')).getByRole('article')).toBe(c);
    expect(lane('New')).toHaveTextContent(/New\s*1/);
    expect(buttons(c)).toEqual(['Accept', 'Reject']);
    expect(within(c).getByText('Paneer Tikka')).toBeInTheDocument();
    expect(within(c).getByText('2 ×')).toBeInTheDocument();
    expect(within(c).getByText('Less spicy, no onion')).toBeInTheDocument();
    expect(within(c).getByText("Don't ring the bell")).toBeInTheDocument();
    expect(within(c).getByRole('link', { name: 'Call Asha Rao on 9876543210' })).toHaveAttribute(
      'href',
      'tel:+919876543210',
    );
    expect(c).toHaveTextContent('4B, 5th Cross · Opposite the temple');
    expect(c).toHaveTextContent(/Paid · ₹567\.90/);
    expect(within(c).getByText('0 min')).toBeInTheDocument();
    expect(FakeSocket.all[0]!.url).toMatch(/\/ws\/orders\/1\/$/);
  });

  it('moves a card along the lanes from the socket, and staff hear nothing of their own steps', async () => {
    renderConsole();
    await card();
    const ws = FakeSocket.all[0]!;
    act(() => ws.open());
    // Live once the server greets the tab (after any replay), not when the socket opens.
    act(() => ws.message({ type: 'hello', seq: 0, heartbeat_ms: 10_000 }));
    expect(await screen.findByText('Live')).toBeInTheDocument();
    const later = new Date(Date.now() + 1000).toISOString();
    act(() =>
      ws.message({
        type: 'order.updated',
        order: order({ status: 'accepted', prep_time_min: 15, accepted_at: later, updated_at: later }),
      }),
    );
    const c = within(lane('Preparing')).getByRole('article', { name: '261121-AAAAAA' });
    expect(within(c).getByText('Accepted')).toBeInTheDocument();
    expect(buttons(c)).toEqual(['Preparing', 'Reject', '−5', '+5', 'Print ticket']);
    expect(within(lane('New')).queryByRole('article')).toBeNull();
    const delivered = new Date(Date.now() + 2000).toISOString();
    act(() =>
      ws.message({ type: 'order.updated', order: order({ status: 'delivered', updated_at: delivered }) }),
    );
    expect(screen.queryByRole('article')).toBeNull();
    await new Promise((r) => setTimeout(r, 50));
    expect(showNotification).not.toHaveBeenCalledWith(
      expect.anything(),
      expect.objectContaining({ tag: 'order-1-accepted' }),
    );
  });

  it("a customer's cancellation takes the card off the board and raises the notification once", async () => {
    renderConsole();
    await card();
    const ws = FakeSocket.all[0]!;
    act(() => ws.open());
    const at = new Date(Date.now() + 1000).toISOString();
    const cancelled = order({ status: 'cancelled', cancelled_at: at, updated_at: at });
    act(() => ws.message({ type: 'order.updated', order: cancelled }));
    act(() => ws.message({ type: 'order.updated', order: { ...cancelled, refund_pending: true } }));
    expect(screen.queryByRole('article')).toBeNull();
    await waitFor(() =>
      expect(showNotification).toHaveBeenCalledWith('!! Order Update Received', {
        body: 'You have a new Order Update',
        tag: 'order-1-cancelled',
        data: { url: '/partner/orders' },
      }),
    );
    expect(
      (showNotification.mock.calls as unknown as Array<[string, { tag: string }]>).filter(([, o]) =>
        o.tag.startsWith('order-1-c'),
      ),
    ).toHaveLength(1);
  });

  it('Reject asks for a reason in a modal dialog, then sends it; the card leaves the board', async () => {
    renderConsole();
    const c = await card();
    await userEvent.click(within(c).getByRole('button', { name: 'Reject order 261121-AAAAAA' }));
    // The dialog opens once its code is there (loaded on use, prefetched when the console is idle).
    const dialog = await screen.findByRole('dialog', { name: 'Reject order 261121-AAAAAA' });
    expect(dialog.tagName).toBe('DIALOG');
    const reason = within(dialog).getByRole('textbox', { name: 'Reason (the customer sees it)' });
    expect(reason).toHaveFocus();
    const confirm = within(dialog).getByRole('button', { name: 'Reject order' });
    expect(confirm).toBeDisabled();
    await userEvent.type(reason, 'Out of paneer');
    await userEvent.click(confirm);
    await waitFor(() => expect(screen.queryByRole('article')).toBeNull());
    const post = fetchMock.mock.calls.find(
      ([, init]) => (init as RequestInit | undefined)?.method === 'POST',
    );
    expect(JSON.parse(String((post![1] as RequestInit).body))).toEqual({
      status: 'rejected',
      reason: 'Out of paneer',
    });
  });

  it('loads the board again each time the server greets the tab (after any replay)', async () => {
    renderConsole();
    await card();
    const before = listCalls().length;
    act(() => {
      FakeSocket.all[0]!.open();
      FakeSocket.all[0]!.message({ type: 'hello', seq: 7, heartbeat_ms: 10_000 });
    });
    await waitFor(() => expect(listCalls().length).toBe(before + 1));
  });

  it('adds a newly paid order on top of New, ignores unpaid checkouts and garbage', async () => {
    renderConsole();
    await card();
    const ws = FakeSocket.all[0]!;
    act(() => ws.open());
    act(() =>
      ws.message({
        type: 'order.created',
        order: order({ id: 3, order_number: 'UNPAID', payment_status: 'pending', paid_at: null }),
      }),
    );
    act(() => ws.dispatchEvent(Object.assign(new Event('message'), { data: '{oops' })));
    const newer = new Date(Date.now() + 60_000).toISOString();
    act(() =>
      ws.message({
        type: 'order.created',
        order: order({ id: 2, order_number: '261121-BBBBBB', placed_at: newer }),
      }),
    );
    const cards = within(lane('New')).getAllByRole('article');
    expect(cards.map((c) => c.getAttribute('data-order-id'))).toEqual(['2', '1']);
    expect(screen.queryByText('UNPAID')).not.toBeInTheDocument();
    expect(screen.getByRole('tab', { name: /Orders/ })).toHaveTextContent('2 new');
  });

  it('history: the refresh payload for today in Indian days, then yesterday, a status and a search, all in the address', async () => {
    renderConsole('/partner/orders?view=history');
    await screen.findByText(/1 order today · ₹567\.90 paid/);
    const first = listCalls().find((u) => u.searchParams.get('delivery_status') !== 'active')!;
    expect(Object.fromEntries(first.searchParams)).toEqual({
      limit: '10',
      offset: '0',
      delivery_status: '',
      startDate: istDay(new Date()),
      endDate: istDayPlus(new Date(), 1),
    });
    await userEvent.click(screen.getByRole('button', { name: 'Yesterday' }));
    await waitFor(() => expect(where).toBe('/partner/orders?view=history&range=yesterday'));
    const yesterday = istDayPlus(new Date(), -1);
    await waitFor(() => expect(listCalls().at(-1)!.searchParams.get('startDate')).toBe(yesterday));
    expect(listCalls().at(-1)!.searchParams.get('endDate')).toBe(yesterday);
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Status' }), 'delivered');
    await screen.findByText(/No delivered orders yesterday/);
    expect(listCalls().at(-1)!.searchParams.get('delivery_status')).toBe('delivered');
    await userEvent.type(screen.getByRole('searchbox', { name: 'Order number or phone' }), '98765');
    await waitFor(() => expect(listCalls().at(-1)!.searchParams.get('q')).toBe('98765'));
    expect(where).toBe('/partner/orders?view=history&range=yesterday&status=delivered&q=98765');
  });

  it('history: its list is the window height minus its top offset minus 126, on resize too', async () => {
    const { container } = renderConsole('/partner/orders?view=history');
    await card();
    const list = container.querySelector<HTMLElement>('.history__list')!;
    vi.spyOn(list, 'getBoundingClientRect').mockReturnValue({ top: 200 } as DOMRect);
    act(() => {
      Object.defineProperty(window, 'innerHeight', { configurable: true, value: 900 });
      window.dispatchEvent(new Event('resize'));
    });
    expect(list.style.maxHeight).toBe(`${900 - 200 - 126}px`);
    act(() => {
      Object.defineProperty(window, 'innerHeight', { configurable: true, value: 1000 });
      window.dispatchEvent(new Event('resize'));
    });
    expect(list.style.maxHeight).toBe(`${1000 - 200 - 126}px`);
  });

  it('shows a refund on its way, then refunded, as the socket reports it', async () => {
    renderConsole('/partner/orders?view=history');
    const c = await within(await screen.findByRole('tabpanel', { name: 'History' })).findByRole('article');
    expect(within(c).getByText(/Paid/)).toBeInTheDocument();
    const ws = FakeSocket.all[0]!;
    act(() => ws.open());
    const t1 = new Date(Date.now() + 1000).toISOString();
    act(() =>
      ws.message({
        type: 'order.updated',
        order: order({ status: 'rejected', refund_pending: true, updated_at: t1 }),
      }),
    );
    expect(await within(c).findByText(/Refund in progress/)).toBeInTheDocument();
    const t2 = new Date(Date.now() + 2000).toISOString();
    act(() =>
      ws.message({
        type: 'order.updated',
        order: order({ status: 'rejected', payment_status: 'refunded', updated_at: t2 }),
      }),
    );
    expect(await within(c).findByText(/Refunded/)).toBeInTheDocument();
  });

  it('tabs follow the arrow keys and the address', async () => {
    renderConsole();
    await card();
    const orders = screen.getByRole('tab', { name: /Orders/ });
    expect(orders).toHaveAttribute('aria-selected', 'true');
    orders.focus();
    await userEvent.keyboard('{ArrowRight}');
    expect(screen.getByRole('tab', { name: 'History' })).toHaveFocus();
    expect(where).toBe('/partner/orders?view=history');
    await userEvent.keyboard('{ArrowRight}');
    expect(where).toBe('/partner/orders?view=kitchen');
    expect(screen.getByRole('tabpanel', { name: 'Kitchen' })).toBeVisible();
  });

  it('shows Reconnect when the server refuses the socket for this restaurant', async () => {
    renderConsole();
    await card();
    act(() => FakeSocket.all[0]!.close(4403));
    expect(await screen.findByRole('button', { name: 'Reconnect' })).toBeInTheDocument();
    expect(screen.getByRole('status', { name: 'Connection' })).toHaveTextContent(
      'OfflineLog in again to receive orders',
    );
  });

  it('asks for notification permission only from the button', async () => {
    const requestPermission = vi.fn(async () => 'granted' as const);
    vi.stubGlobal('Notification', { permission: 'default', requestPermission });
    renderConsole();
    await card();
    expect(requestPermission).not.toHaveBeenCalled();
    await userEvent.click(screen.getByRole('button', { name: 'Enable notifications' }));
    expect(requestPermission).toHaveBeenCalledTimes(1);
    expect(await screen.findByText('Notifications on')).toBeInTheDocument();
  });
});
