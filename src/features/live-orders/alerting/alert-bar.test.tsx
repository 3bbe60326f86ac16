import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import Cookies from 'js-cookie';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FakeSocket } from '../../../testing/fake-socket.ts';
import { AlertBar } from './alert-bar.tsx';
import { paidOrder } from './order-fixture.ts';

/** A Web Audio context the browser has not allowed yet, until resume() from a tap. */
class BlockedAudio extends EventTarget {
  static made = 0;
  state: 'suspended' | 'running' = 'suspended';
  constructor() {
    super();
    BlockedAudio.made += 1;
  }
  static tones = 0;
  currentTime = 0;
  destination = {};
  async resume() {
    this.state = 'running';
    this.dispatchEvent(new Event('statechange'));
  }
  createOscillator() {
    BlockedAudio.tones += 1;
    const node = { type: '', frequency: { value: 0 }, start() {}, stop() {}, connect: () => node };
    return node;
  }
  createGain() {
    const param = { setValueAtTime() {}, exponentialRampToValueAtTime() {} };
    return { gain: param, connect: (n: unknown) => n };
  }
}

let fetchMock: ReturnType<typeof vi.fn>;
const waiting = [paidOrder(5), paidOrder(6)];

beforeEach(() => {
  FakeSocket.all = [];
  vi.stubGlobal('WebSocket', FakeSocket);
  vi.stubGlobal('AudioContext', BlockedAudio);
  vi.stubGlobal('Notification', { permission: 'denied', requestPermission: vi.fn() });
  Cookies.set('auth._token.local', 'Bearer x');
  fetchMock = vi.fn(async (url: string, init?: RequestInit) => {
    const path = new URL(url, 'http://localhost').pathname;
    const body =
      path === '/api/v1/orders/restaurant/alerts/'
        ? {
            count: waiting.length,
            results: waiting.map((o) => ({ id: o.id, order_number: o.order_number, placed_at: o.placed_at })),
          }
        : init?.method === 'POST'
          ? { order_id: Number(/(\d+)\/ack\/$/.exec(path)![1]), acknowledged_at: 'x', changed: true }
          : {};
    return new Response(JSON.stringify(body), {
      status: 200,
      headers: { 'content-type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => {
  vi.unstubAllGlobals();
  Cookies.remove('auth._token.local');
});

async function socket(): Promise<FakeSocket> {
  await waitFor(() => expect(FakeSocket.all).toHaveLength(1));
  return FakeSocket.all[0]!;
}

describe('AlertBar', () => {
  it('shows what rings once the server greets the tab, says the sound is blocked, and acknowledges on every device', async () => {
    render(<AlertBar restaurantId="41" />);
    const ws = await socket();
    act(() => {
      ws.open();
      ws.message({ type: 'hello', seq: 3, heartbeat_ms: 10_000 });
    });
    expect(await screen.findByText('2 new orders waiting')).toBeInTheDocument();
    expect(screen.getByText(`${waiting[0]!.order_number}, ${waiting[1]!.order_number}`)).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('Sound is blocked: notifications only');
    expect(screen.getByText('Sound is blocked until you tap the page.')).toBeInTheDocument();
    expect(BlockedAudio.tones).toBe(0);

    await userEvent.click(screen.getByRole('button', { name: 'Turn on sound' }));
    await waitFor(() =>
      expect(screen.queryByRole('button', { name: 'Turn on sound' })).not.toBeInTheDocument(),
    );
    expect(screen.getByRole('alert')).toHaveTextContent('Ringing until someone accepts or acknowledges');
    await waitFor(() => expect(BlockedAudio.tones).toBeGreaterThan(0), { timeout: 5000 });

    await userEvent.click(screen.getByRole('button', { name: 'Acknowledge' }));
    await waitFor(() => expect(screen.queryByText(/new orders? waiting/)).not.toBeInTheDocument());
    const posts = fetchMock.mock.calls
      .filter(([, init]) => (init as RequestInit | undefined)?.method === 'POST')
      .map(([url]) => url as string);
    expect(posts).toEqual(['/api/v1/orders/restaurant/5/ack/', '/api/v1/orders/restaurant/6/ack/']);
    expect(BlockedAudio.made).toBe(1);
  });

  it('rings for an order that arrives live, and stops when it is accepted elsewhere', async () => {
    waiting.splice(0);
    render(<AlertBar restaurantId="42" />);
    const ws = await socket();
    act(() => {
      ws.open();
      ws.message({ type: 'hello', seq: 0, heartbeat_ms: 10_000 });
    });
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    act(() => ws.message({ type: 'order.updated', order: paidOrder(9), seq: 1 }));
    expect(await screen.findByText('New order waiting')).toBeInTheDocument();
    act(() => ws.message({ type: 'order.updated', order: paidOrder(9, { status: 'accepted' }), seq: 2 }));
    await waitFor(() => expect(screen.queryByText('New order waiting')).not.toBeInTheDocument());
  });
});

describe('AlertBar in a browser that reports user activation', () => {
  const activation = { hasBeenActive: false };
  beforeEach(() => {
    vi.resetModules();
    BlockedAudio.made = 0;
    activation.hasBeenActive = false;
    Object.defineProperty(navigator, 'userActivation', { configurable: true, value: activation });
  });
  afterEach(() => {
    delete (navigator as { userActivation?: unknown }).userActivation;
  });

  async function greeted(restaurantId: string) {
    // A fresh module graph: no audio context left from an earlier test.
    const { AlertBar: Bar } = await import('./alert-bar.tsx');
    render(<Bar restaurantId={restaurantId} />);
    const ws = await socket();
    act(() => {
      ws.open();
      ws.message({ type: 'hello', seq: 0, heartbeat_ms: 10_000 });
    });
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    return ws;
  }

  it('says sound is blocked before the first tap without making an audio context, and makes one for the button', async () => {
    waiting.splice(0);
    await greeted('51');
    expect(await screen.findByText('Sound is blocked until you tap the page.')).toBeInTheDocument();
    expect(screen.getByText('Sound is blocked: notifications only')).toBeInTheDocument();
    expect(BlockedAudio.made).toBe(0);

    activation.hasBeenActive = true;
    await userEvent.click(screen.getByRole('button', { name: 'Turn on sound' }));
    await waitFor(() => expect(screen.getByText('Sound on')).toBeInTheDocument());
    expect(screen.queryByText('Sound is blocked until you tap the page.')).not.toBeInTheDocument();
    expect(BlockedAudio.made).toBe(1);
  });

  it('says sound is on after a gesture, and makes the audio context for the first beep', async () => {
    waiting.splice(0);
    activation.hasBeenActive = true;
    const ws = await greeted('52');
    expect(await screen.findByText('Sound on')).toBeInTheDocument();
    expect(BlockedAudio.made).toBe(0);

    const tones = BlockedAudio.tones;
    act(() => ws.message({ type: 'order.updated', order: paidOrder(12), seq: 1 }));
    expect(await screen.findByText('New order waiting')).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('Ringing until someone accepts or acknowledges');
    await waitFor(() => expect(BlockedAudio.tones).toBeGreaterThan(tones));
    expect(BlockedAudio.made).toBe(1);
  });
});
