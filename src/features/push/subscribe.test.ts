import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { enablePush, keyBytes } from './subscribe.ts';

const saved = vi.hoisted(() => vi.fn(async () => ({ subscribed: true })));
vi.mock('./api/save-push-subscription.ts', () => ({
  savePushSubscription: saved,
  deletePushSubscription: vi.fn(async () => ({ subscribed: false })),
}));

const keyRaw = Array.from({ length: 65 }, (_, i) => (i * 37) % 256);
const serverKey = btoa(String.fromCharCode(...keyRaw))
  .replace(/\+/g, '-')
  .replace(/\//g, '_')
  .replace(/=+$/, '');

function fakeSubscription(key: Uint8Array, endpoint: string) {
  return {
    endpoint,
    options: { applicationServerKey: key.slice().buffer },
    unsubscribe: vi.fn(async () => true),
    toJSON: () => ({ endpoint, expirationTime: null, keys: { p256dh: 'p', auth: 'a' } }),
  };
}

let existing: ReturnType<typeof fakeSubscription> | null;
const subscribe = vi.fn(async (o: { applicationServerKey: Uint8Array }) =>
  fakeSubscription(o.applicationServerKey, 'https://push.example/new'),
);

beforeEach(() => {
  existing = null;
  Object.defineProperty(navigator, 'serviceWorker', {
    configurable: true,
    value: { ready: Promise.resolve({ pushManager: { getSubscription: async () => existing, subscribe } }) },
  });
});
afterEach(() => {
  vi.clearAllMocks();
  Reflect.deleteProperty(navigator, 'serviceWorker');
});

describe('subscribe helper', () => {
  it('decodes the base64url server key to its 65 bytes', () => {
    expect([...keyBytes(serverKey)]).toEqual(keyRaw);
  });

  it('subscribes with the server key (user-visible only) and saves the subscription', async () => {
    await enablePush(serverKey);
    expect(subscribe).toHaveBeenCalledOnce();
    const opts = subscribe.mock.calls[0]![0] as {
      userVisibleOnly: boolean;
      applicationServerKey: Uint8Array;
    };
    expect(opts.userVisibleOnly).toBe(true);
    expect([...opts.applicationServerKey]).toEqual([...keyBytes(serverKey)]);
    expect(saved).toHaveBeenCalledWith(expect.objectContaining({ endpoint: 'https://push.example/new' }));
  });

  it('keeps a subscription made with the same key, replaces one made with another key', async () => {
    existing = fakeSubscription(keyBytes(serverKey), 'https://push.example/same');
    await enablePush(serverKey);
    expect(subscribe).not.toHaveBeenCalled();
    expect(saved).toHaveBeenCalledWith(expect.objectContaining({ endpoint: 'https://push.example/same' }));

    const stale = fakeSubscription(new Uint8Array(65), 'https://push.example/old');
    existing = stale;
    await enablePush(serverKey);
    expect(stale.unsubscribe).toHaveBeenCalledOnce();
    expect(subscribe).toHaveBeenCalledOnce();
    expect(saved).toHaveBeenLastCalledWith(expect.objectContaining({ endpoint: 'https://push.example/new' }));
  });
});
