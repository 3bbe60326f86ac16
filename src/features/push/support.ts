// Whether this browser can receive Web Push at all (service worker, PushManager, Notification): kept
// apart from subscribe.ts so a page can decide to offer push without loading the subscription code.
export function pushSupported(): boolean {
  return (
    typeof navigator !== 'undefined' &&
    'serviceWorker' in navigator &&
    typeof window !== 'undefined' &&
    'PushManager' in window &&
    typeof Notification !== 'undefined'
  );
}
