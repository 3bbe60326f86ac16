import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from '../../lib/router.tsx';
import { TestRouter } from '../../testing/router.tsx';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FakeSocket } from '../../testing/fake-socket.ts';
import { everythingInView } from '../../testing/in-view.ts';
import { ORDER_RESTAURANT, orderSummary } from '../../testing/order-summary.ts';
import { appState } from '../../lib/app-state.ts';
import type { OrderSummary, PublicOrderStatus, Tracking } from '../../shared/api/orders.ts';
import { OrderStatusPage } from './order-status-page.tsx';
import { TrackingPage } from './tracking-page.tsx';
import { TRACKING_POLL_MS, TRACKING_SILENCE_MS } from './use-tracking.ts';

// The street map (Leaflet) is its own lazy chunk with its own test; here a stand-in shows what it got.
vi.mock('../../lib/street-map/index.tsx', () => ({
  loadMapSettings: () =>
    Promise.resolve({ key: null, tiles: { url: 'https://t.test/{z}/{x}/{y}.png', attribution: '© OSM' } }),
  MapBoundary: ({ children }: { children: unknown }) => children,
  StreetRouteMap: (p: { label: string; courier: { label: string } | null; delivery: unknown }) => (
    <div role="img" aria-label={p.label}>
      {p.delivery ? 'You' : null} {p.courier?.label}
    </div>
  ),
}));

const at = '2026-11-21T06:00:00.000Z';
function tracking(status: OrderSummary['status']): Tracking {
  const accepted = status !== 'placed';
  const order = orderSummary(
    {
      id: 5,
      order_number: '261121-CCCCCC',
      status,
      restaurant: { ...ORDER_RESTAURANT, lat: 12.9352, lng: 77.6245 },
      customer_name: 'Asha',
      delivery_address: {
        address: '5th Cross',
        flat: '4B',
        landmark: 'Near the park',
        lat: 12.9279,
        lng: 77.6271,
      },
      prep_time_min: accepted ? 15 : null,
      eta: accepted ? new Date(Date.now() + 30 * 60_000).toISOString() : null,
      accepted_at: accepted ? at : null,
    },
    at,
  );
  const steps = ['placed', 'accepted', 'preparing', 'ready', 'picked_up', 'delivered'] as const;
  const labels = [
    'Order placed',
    'Accepted by the restaurant',
    'Being prepared',
    'Ready for pickup',
    'Out for delivery',
    'Delivered',
  ];
  return {
    order,
    timeline: steps.map((s, i) => ({
      status: s,
      label: labels[i]!,
      at: i === 0 || (i === 1 && accepted) ? at : null,
      done: i === 0 || (i === 1 && accepted),
      current: s === status,
    })),
    eta: order.eta,
    restaurant_point: { lat: 12.9352, lng: 77.6245, name: 'Meghana Biryani House' },
    delivery_point: { lat: 12.9279, lng: 77.6271, address: '5th Cross' },
    courier: null,
    status_link: { path: '/m/5?t=5.1900000000.abcdefghijklmnopqrstuv', expires_at: at },
  };
}

let current: Tracking;
const calls: string[] = [];

function renderAt(path: string) {
  return render(
    <TestRouter path={path}>
      <Routes>
        <Route path="/tracking/:order_id?" element={<TrackingPage />} />
        <Route path="/m/:orderid?" element={<OrderStatusPage />} />
      </Routes>
    </TestRouter>,
  );
}

beforeEach(() => {
  everythingInView();
  FakeSocket.all = [];
  calls.length = 0;
  current = tracking('placed');
  vi.stubGlobal('WebSocket', FakeSocket);
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      calls.push(`${init?.method ?? 'GET'} ${url}`);
      if (url.includes('cancel-order')) {
        current = { ...current, order: { ...current.order, status: 'cancelled' } };
        return new Response(JSON.stringify({ status: 'success', message: 'Order cancelled.' }), {
          status: 200,
        });
      }
      if (url.includes('/tracking/404/'))
        return new Response(JSON.stringify({ status: 404, message: 'Order not found.' }), { status: 404 });
      return new Response(JSON.stringify(current), { status: 200 });
    }),
  );
});
afterEach(() => {
  vi.unstubAllGlobals();
  appState.reset();
});

describe('TrackingPage', () => {
  it('shows the timeline, the map and a cancel action while placed, then follows the socket', async () => {
    renderAt('/tracking/5');
    expect(await screen.findByRole('heading', { level: 1, name: 'Order placed' })).toBeInTheDocument();
    expect(screen.getByRole('list', { name: 'Order progress' })).toHaveTextContent('Order placed');
    expect(
      await screen.findByRole('img', { name: /Map: Restaurant Meghana Biryani House/ }),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Cancel order' })).toBeInTheDocument();
    const ws = FakeSocket.all[0]!;
    expect(ws.url).toMatch(/\/ws\/track\/5\/$/);
    act(() => ws.open());
    expect(await screen.findByText('Live')).toBeInTheDocument();

    current = tracking('accepted');
    act(() => ws.message({ type: 'order.updated', order: current.order }));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Accepted by the restaurant' }),
    ).toBeInTheDocument();
    await waitFor(() => expect(screen.getByText(/Arriving by/)).toBeInTheDocument());
    expect(screen.queryByRole('button', { name: 'Cancel order' })).not.toBeInTheDocument();

    act(() =>
      ws.message({
        type: 'courier.location',
        order_id: 5,
        courier: { lat: 12.93, lng: 77.625, updated_at: at },
      }),
    );
    expect(await screen.findByText(/Courier position updated/)).toBeInTheDocument();
    expect(screen.getByRole('img', { name: /courier on the way/ })).toHaveTextContent('Courier');
  });

  it('a socket that goes silent for two beats is not Live any more: polled and connected again', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      renderAt('/tracking/5');
      await screen.findByRole('heading', { level: 1, name: 'Order placed' });
      await waitFor(() => expect(FakeSocket.all).toHaveLength(1));
      const ws = FakeSocket.all[0]!;
      act(() => ws.open());
      expect(await screen.findByText('Live')).toBeInTheDocument();
      // The server's pings keep it live.
      await act(() => vi.advanceTimersByTimeAsync(TRACKING_SILENCE_MS - 1000));
      act(() => ws.message({ type: 'ping' }));
      await act(() => vi.advanceTimersByTimeAsync(TRACKING_SILENCE_MS - 1000));
      expect(screen.getByText('Live')).toBeInTheDocument();
      const fetched = calls.length;
      // Then nothing, not even a close: dead after two beats.
      await act(() => vi.advanceTimersByTimeAsync(1500));
      expect(screen.getByText('Updating every 10 s')).toBeInTheDocument();
      await act(() => vi.advanceTimersByTimeAsync(TRACKING_POLL_MS + 500));
      expect(calls.length).toBeGreaterThan(fetched);
      await waitFor(() => expect(FakeSocket.all.length).toBeGreaterThan(1));
    } finally {
      vi.useRealTimers();
    }
  });

  it('asks in the app’s own dialog before cancelling, never window.confirm', async () => {
    const confirm = vi.fn(() => true);
    vi.stubGlobal('confirm', confirm);
    renderAt('/tracking/5');
    await userEvent.click(await screen.findByRole('button', { name: 'Cancel order' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Cancel this order?' });
    expect(dialog.tagName).toBe('DIALOG');
    expect(dialog).toHaveTextContent(/The ₹567\.90? you paid is refunded to your payment method\./);
    expect(screen.getByRole('button', { name: 'Keep order' })).toHaveFocus();

    // "Keep order" closes it and nothing is sent.
    await userEvent.click(screen.getByRole('button', { name: 'Keep order' }));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(calls.filter((c) => c.startsWith('POST'))).toEqual([]);

    await userEvent.click(screen.getByRole('button', { name: 'Cancel order' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Yes, cancel order' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Cancelled' })).toBeInTheDocument();
    expect(calls).toContain('POST /api/v1/orders/cancel-order/5');
    expect(confirm).not.toHaveBeenCalled();
  });

  it('shows the flat, the address and the landmark it is delivering to', async () => {
    renderAt('/tracking/5');
    expect(await screen.findByRole('heading', { name: 'Delivering to' })).toBeInTheDocument();
    expect(screen.getByText('4B, 5th Cross')).toBeInTheDocument();
    expect(screen.getByText('Landmark: Near the park')).toBeInTheDocument();
    expect(screen.getByText('The courier appears here once your order is picked up.')).toBeInTheDocument();
  });

  it.each([
    ['cancelled', 'You cancelled this order.'],
    ['rejected', 'The restaurant could not take this order: Out of paneer'],
  ] as const)(
    'a %s order says neither where it was going nor that a courier is coming',
    async (status, line) => {
      current = tracking('placed');
      current = {
        ...current,
        order: { ...current.order, status, reject_reason: status === 'rejected' ? 'Out of paneer' : null },
      };
      renderAt('/tracking/5');
      expect(await screen.findByText(line)).toBeInTheDocument();
      expect(screen.queryByText(/Delivering to/)).not.toBeInTheDocument();
      expect(screen.queryByText(/The courier appears here/)).not.toBeInTheDocument();
      expect(screen.queryByRole('heading', { name: 'Map' })).not.toBeInTheDocument();
      expect(screen.queryByRole('button', { name: 'Cancel order' })).not.toBeInTheDocument();
    },
  );

  it('says so when the order is not the customer’s', async () => {
    renderAt('/tracking/404');
    expect(await screen.findByRole('heading', { name: 'Order not available' })).toBeInTheDocument();
    expect(screen.getByText('We could not find this order in your account.')).toBeInTheDocument();
  });

  it('asks to choose an order when none is given', () => {
    renderAt('/tracking');
    expect(screen.getByRole('link', { name: 'Go to my orders' })).toHaveAttribute(
      'href',
      '/myaccount/orders',
    );
  });
});

describe('OrderStatusPage', () => {
  it('shows the bare status with its timeline to the signed-in customer', async () => {
    appState.set({ loggedIn: true });
    current = tracking('accepted');
    renderAt('/m/5');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Accepted by the restaurant' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Track on the map' })).toHaveAttribute('href', '/tracking/5');
  });
});

describe('OrderStatusPage with a signed link', () => {
  const publicStatus = (status: OrderSummary['status']): PublicOrderStatus => {
    const t = tracking(status);
    return {
      order: {
        id: 5,
        order_number: t.order.order_number,
        status,
        restaurant_name: t.order.restaurant.name,
        updated_at: at,
      },
      timeline: t.timeline,
      eta: t.eta,
      expires_at: at,
    };
  };

  it('shows only that order’s public status without signing in', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) => {
        calls.push(`GET ${url}`);
        return new Response(JSON.stringify(publicStatus('accepted')), { status: 200 });
      }),
    );
    renderAt('/m/5?t=5.1900000000.abcdefghijklmnopqrstuv');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Accepted by the restaurant' }),
    ).toBeInTheDocument();
    expect(screen.getByText(/Meghana Biryani House · Order/)).toBeInTheDocument();
    expect(screen.getByRole('list', { name: 'Order progress' })).toBeInTheDocument();
    expect(calls).toEqual(['GET /api/v1/orders/status/5/?t=5.1900000000.abcdefghijklmnopqrstuv']);
    // Signed out: no socket, no link to the signed-in tracking page.
    expect(FakeSocket.all).toHaveLength(0);
    expect(screen.queryByRole('link', { name: 'Track on the map' })).not.toBeInTheDocument();
  });

  it('asks to sign in when the link has expired and nobody is signed in', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(
        async () =>
          new Response(
            JSON.stringify({ status: 404, message: 'This order status link is not valid or has expired.' }),
            {
              status: 404,
            },
          ),
      ),
    );
    renderAt('/m/5?t=5.1.bad');
    expect(await screen.findByRole('heading', { name: 'This link no longer works' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Log in' })).toHaveAttribute('href', '/login?redirect=%2Fm%2F5');
  });

  it('asks to sign in without a token', async () => {
    renderAt('/m/5');
    expect(await screen.findByRole('heading', { name: 'Log in to see your order' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Log in' })).toHaveAttribute('href', '/login?redirect=%2Fm%2F5');
    expect(calls).toEqual([]);
  });
});
