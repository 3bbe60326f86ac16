// This browser's side of Web Push: whether it can, its subscription made with the server's public key
// (PushManager.subscribe), saved for the signed-in user, or removed. Loaded only where push is used:
// the staff tab, and a customer's order page once they asked for notifications.
import { customerStatusMessage, type CustomerPushStatus } from '../../shared/push-notifications.ts';
import { deletePushSubscription, savePushSubscription } from './api/save-push-subscription.ts';

export { pushSupported } from './support.ts';

/** The service-worker registration, or null when no worker takes over in time (dev server). */
export async function swRegistration(timeoutMs = 3000): Promise<ServiceWorkerRegistration | null> {
  if (!('serviceWorker' in navigator)) return null;
  return Promise.race([
    navigator.serviceWorker.ready,
    new Promise<null>((resolve) => setTimeout(() => resolve(null), timeoutMs)),
  ]);
}

/** base64url (the server's key) to the bytes PushManager.subscribe wants. */
export function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const b64 = base64url.replace(/-/g, '+').replace(/_/g, '/');
  const raw = atob(b64 + '='.repeat((4 - (b64.length % 4)) % 4));
  const out = new Uint8Array(raw.length);
  for (let i = 0; i < raw.length; i += 1) out[i] = raw.charCodeAt(i);
  return out;
}

function sameKey(a: ArrayBuffer | null, b: Uint8Array): boolean {
  if (!a || a.byteLength !== b.length) return false;
  const x = new Uint8Array(a);
  return x.every((v, i) => v === b[i]);
}

export async function currentSubscription(): Promise<PushSubscription | null> {
  const reg = await swRegistration();
  return reg ? reg.pushManager.getSubscription() : null;
}

/**
 * Subscribes this browser with the server's key (again when an older subscription was made with
 * another key) and saves it for the signed-in user. Call after notification permission is granted.
 */
export async function enablePush(publicKey: string): Promise<PushSubscription> {
  const reg = await swRegistration();
  if (!reg) throw new Error('No service worker is running on this page.');
  const key = keyBytes(publicKey);
  let sub = await reg.pushManager.getSubscription();
  if (sub && !sameKey(sub.options.applicationServerKey, key)) {
    await sub.unsubscribe().catch(() => false);
    sub = null;
  }
  sub ??= await reg.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: key });
  await savePushSubscription(sub.toJSON());
  return sub;
}

/** Stops pushes to this browser: the server forgets the subscription, the browser drops it. */
export async function disablePush(): Promise<void> {
  const sub = await currentSubscription();
  if (!sub) return;
  await deletePushSubscription(sub.endpoint);
  await sub.unsubscribe().catch(() => false);
}

/**
 * While the order page is open and this browser gets no pushes: the same notification the server
 * would push, through the service-worker registration (same tag, so the two never stack).
 */
export async function showStatusNotification(
  order: { id: number; order_number: string; restaurant: string },
  status: CustomerPushStatus,
): Promise<void> {
  if (typeof Notification === 'undefined' || Notification.permission !== 'granted') return;
  const m = customerStatusMessage(order, status);
  const reg = await swRegistration();
  const options = { body: m.body, tag: m.tag, renotify: true, data: { url: m.url } } as NotificationOptions;
  if (reg) await reg.showNotification(m.title, options);
  else new Notification(m.title, options);
}
