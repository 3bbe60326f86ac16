// The update prompt: offered when a new service worker waits, never on checkout, and Reload asks the
// worker to skip waiting and reloads only once it controls the page.
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useNavigate } from '../../lib/router.tsx';
import { TestRouter } from '../../testing/router.tsx';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { applyUpdate, isPaymentPath, UpdatePrompt } from '../update-prompt.tsx';

type Listener = () => void;
const fakeWb = {
  listeners: new Map<string, Listener[]>(),
  addEventListener(type: string, fn: Listener) {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), fn]);
  },
  fire(type: string) {
    for (const fn of this.listeners.get(type) ?? []) fn();
  },
  register: vi.fn(() => Promise.resolve(undefined)),
  messageSkipWaiting: vi.fn(),
};

vi.mock('workbox-window', () => ({
  Workbox: vi.fn(function Workbox() {
    return fakeWb;
  }),
}));

beforeEach(() => {
  fakeWb.listeners.clear();
  fakeWb.messageSkipWaiting.mockClear();
  Object.defineProperty(navigator, 'serviceWorker', { value: {}, configurable: true });
});

async function renderAt(path: string) {
  render(
    <TestRouter path={path}>
      <UpdatePrompt enabled />
    </TestRouter>,
  );
  await vi.waitFor(() => expect(fakeWb.register).toHaveBeenCalled());
}

describe('UpdatePrompt', () => {
  it('stays hidden until a new worker is waiting, then offers Reload', async () => {
    await renderAt('/restaurants');
    expect(screen.queryByText('Update available')).toBeNull();
    act(() => fakeWb.fire('waiting'));
    expect(screen.getByText('Update available')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Reload' }));
    expect(fakeWb.messageSkipWaiting).toHaveBeenCalledTimes(1);
  });

  it('is never shown during checkout', async () => {
    await renderAt('/checkout');
    act(() => fakeWb.fire('waiting'));
    expect(screen.queryByText('Update available')).toBeNull();
  });

  it('reloads only when the new worker takes control', () => {
    const reload = vi.fn();
    applyUpdate(fakeWb as never, reload);
    expect(reload).not.toHaveBeenCalled();
    fakeWb.fire('controlling');
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('a reload that comes due on checkout waits until the customer leaves checkout and payment', async () => {
    const reload = vi.fn();
    fakeWb.register.mockClear();
    let go: (path: string) => void = () => {};
    function Nav() {
      const navigate = useNavigate();
      go = (path) => void navigate(path);
      return null;
    }
    render(
      <TestRouter path={'/restaurants'}>
        <Nav />
        <UpdatePrompt enabled reload={reload} />
      </TestRouter>,
    );
    await vi.waitFor(() => expect(fakeWb.register).toHaveBeenCalled());
    act(() => fakeWb.fire('waiting'));
    await userEvent.click(screen.getByRole('button', { name: 'Reload' }));
    // The customer opens checkout, then pays (the order page) before the new version takes over.
    act(() => go('/checkout'));
    act(() => fakeWb.fire('controlling'));
    act(() => go('/checkout/success?order=4'));
    expect(reload).not.toHaveBeenCalled();
    act(() => go('/tracking/4'));
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('counts checkout and the order page as payment, and nothing else', () => {
    expect(isPaymentPath('/checkout')).toBe(true);
    expect(isPaymentPath('/checkout/success')).toBe(true);
    expect(isPaymentPath('/checkouts')).toBe(false);
    expect(isPaymentPath('/myaccount/orders')).toBe(false);
  });
});
