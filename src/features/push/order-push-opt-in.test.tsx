import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { OrderSummary } from '../../shared/api/orders.ts';
import { OrderPushOptIn } from './order-push-opt-in.tsx';

const key = vi.hoisted(() => ({ value: 'BPUBLIC' as string | null }));
const sub = vi.hoisted(() => ({
  current: null as object | null,
  enablePush: vi.fn(async () => ({})),
  disablePush: vi.fn(async () => undefined),
  showStatusNotification: vi.fn(async () => undefined),
}));
vi.mock('./api/get-push-key.ts', () => ({ getPushKey: async () => key.value }));
vi.mock('./subscribe.ts', () => ({
  currentSubscription: async () => sub.current,
  enablePush: sub.enablePush,
  disablePush: sub.disablePush,
  showStatusNotification: sub.showStatusNotification,
}));

function order(over: Partial<OrderSummary> = {}): OrderSummary {
  return {
    id: 5,
    order_number: 'OD5',
    status: 'placed',
    restaurant: { id: 1, name: 'Meghana', slug: 'm', area: 'K', image: '', lat: 1, lng: 1 },
    ...over,
  } as OrderSummary;
}

let permission: NotificationPermission;
const requestPermission = vi.fn(async () => permission);

beforeEach(() => {
  key.value = 'BPUBLIC';
  sub.current = null;
  permission = 'default';
  requestPermission.mockImplementation(async () => permission);
  // A live getter (Object.assign would copy the value once).
  const FakeNotification = Object.defineProperty(function Notification() {}, 'permission', {
    get: () => permission,
  });
  vi.stubGlobal('Notification', Object.assign(FakeNotification, { requestPermission }));
  vi.stubGlobal('PushManager', function PushManager() {});
  Object.defineProperty(navigator, 'serviceWorker', { value: {}, configurable: true });
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.clearAllMocks();
  Reflect.deleteProperty(navigator, 'serviceWorker');
});

describe('OrderPushOptIn', () => {
  it('offers "Notify me"; allowing subscribes this browser with the server key', async () => {
    render(<OrderPushOptIn order={order()} />);
    const button = await screen.findByRole('button', { name: 'Notify me' });
    permission = 'granted';
    await userEvent.click(button);
    expect(requestPermission).toHaveBeenCalledOnce();
    expect(sub.enablePush).toHaveBeenCalledWith('BPUBLIC');
    expect(await screen.findByText(/Notifications are on/)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Turn off' }));
    expect(sub.disablePush).toHaveBeenCalledOnce();
    expect(await screen.findByRole('button', { name: 'Notify me' })).toBeInTheDocument();
  });

  it('says so when the browser blocks notifications, and subscribes nothing', async () => {
    render(<OrderPushOptIn order={order()} />);
    const button = await screen.findByRole('button', { name: 'Notify me' });
    permission = 'denied';
    await userEvent.click(button);
    expect(await screen.findByText(/blocked for this site/)).toBeInTheDocument();
    expect(sub.enablePush).not.toHaveBeenCalled();
  });

  it('shows nothing when the server has no push configured, or the order is over', async () => {
    key.value = null;
    const { container, rerender } = render(<OrderPushOptIn order={order()} />);
    await act(async () => new Promise((r) => setTimeout(r, 10)));
    expect(container).toBeEmptyDOMElement();
    key.value = 'BPUBLIC';
    rerender(<OrderPushOptIn key="again" order={order({ status: 'delivered' })} />);
    await act(async () => new Promise((r) => setTimeout(r, 10)));
    expect(container).toBeEmptyDOMElement();
  });

  it('renews an existing subscription for the signed-in user when allowed before', async () => {
    permission = 'granted';
    sub.current = { endpoint: 'https://push.example/1' };
    render(<OrderPushOptIn order={order()} />);
    expect(await screen.findByText(/Notifications are on/)).toBeInTheDocument();
    expect(sub.enablePush).toHaveBeenCalledWith('BPUBLIC');
  });

  it('allowed but turned off here before: offers again instead of subscribing', async () => {
    permission = 'granted';
    render(<OrderPushOptIn order={order()} />);
    expect(await screen.findByRole('button', { name: 'Notify me' })).toBeInTheDocument();
    expect(sub.enablePush).not.toHaveBeenCalled();
  });

  it('while open without push, shows a status change through the service worker (same texts)', async () => {
    permission = 'granted';
    const { rerender } = render(<OrderPushOptIn order={order()} />);
    await screen.findByRole('button', { name: 'Notify me' });
    rerender(<OrderPushOptIn order={order({ status: 'accepted' })} />);
    await waitFor(() =>
      expect(sub.showStatusNotification).toHaveBeenCalledWith(
        { id: 5, order_number: 'OD5', restaurant: 'Meghana' },
        'accepted',
      ),
    );
    // Not for a step customers are not told about.
    rerender(<OrderPushOptIn order={order({ status: 'preparing' })} />);
    await act(async () => new Promise((r) => setTimeout(r, 10)));
    expect(sub.showStatusNotification).toHaveBeenCalledTimes(1);
  });

  it('with push on, leaves status changes to the pushes (no second notification)', async () => {
    permission = 'granted';
    sub.current = { endpoint: 'https://push.example/1' };
    const { rerender } = render(<OrderPushOptIn order={order()} />);
    await screen.findByText(/Notifications are on/);
    rerender(<OrderPushOptIn order={order({ status: 'accepted' })} />);
    await act(async () => new Promise((r) => setTimeout(r, 10)));
    expect(sub.showStatusNotification).not.toHaveBeenCalled();
  });
});
