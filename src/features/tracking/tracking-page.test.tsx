import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { SWRConfig } from 'swr';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FakeSocket } from '../../testing/fake-socket.ts';
import type { OrderSummary, Tracking } from '../../shared/api/orders.ts';
import { OrderStatusPage } from './order-status-page.tsx';
import { TrackingPage } from './tracking-page.tsx';

const at = '2026-11-21T06:00:00.000Z';
function tracking(status: OrderSummary['status']): Tracking {
  const accepted = status !== 'placed';
  const order = {
    id: 5,
    order_number: '261121-CCCCCC',
    status,
    payment_status: 'paid',
    refund_pending: false,
    restaurant: {
      id: 1,
      name: 'Meghana Biryani House',
      slug: 'm',
      area: 'Koramangala',
      image: '',
      lat: 12.9352,
      lng: 77.6245,
    },
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
    customer_name: 'Asha',
    delivery_address: { address: '5th Cross', flat: '4B', landmark: '', lat: 12.9279, lng: 77.6271 },
    date: at,
    prep_time_min: accepted ? 15 : null,
    reject_reason: null,
    eta: accepted ? new Date(Date.now() + 30 * 60_000).toISOString() : null,
    placed_at: at,
    paid_at: at,
    accepted_at: accepted ? at : null,
    preparing_at: null,
    ready_at: null,
    picked_up_at: null,
    delivered_at: null,
    cancelled_at: null,
    rejected_at: null,
    updated_at: at,
  } satisfies OrderSummary;
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
  };
}

let current: Tracking;
const calls: string[] = [];

function renderAt(path: string) {
  return render(
    <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0, shouldRetryOnError: false }}>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path="/tracking/:order_id?" element={<TrackingPage />} />
          <Route path="/m/:orderid?" element={<OrderStatusPage />} />
        </Routes>
      </MemoryRouter>
    </SWRConfig>,
  );
}

beforeEach(() => {
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
afterEach(() => vi.unstubAllGlobals());

describe('TrackingPage', () => {
  it('shows the timeline, the map and a cancel action while placed, then follows the socket', async () => {
    renderAt('/tracking/5');
    expect(await screen.findByRole('heading', { level: 1, name: 'Order placed' })).toBeInTheDocument();
    expect(screen.getByRole('list', { name: 'Order progress' })).toHaveTextContent('Order placed');
    expect(screen.getByRole('img', { name: /Map: Restaurant Meghana Biryani House/ })).toBeInTheDocument();
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
    expect(await screen.findByText('Courier')).toBeInTheDocument();
  });

  it('cancels a placed order after confirmation', async () => {
    vi.stubGlobal(
      'confirm',
      vi.fn(() => true),
    );
    renderAt('/tracking/5');
    await userEvent.click(await screen.findByRole('button', { name: 'Cancel order' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Cancelled' })).toBeInTheDocument();
    expect(calls).toContain('POST /api/v1/orders/cancel-order/5');
  });

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
  it('shows the bare status with its timeline', async () => {
    current = tracking('accepted');
    renderAt('/m/5');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Accepted by the restaurant' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Track on the map' })).toHaveAttribute('href', '/tracking/5');
  });
});
