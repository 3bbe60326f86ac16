// Registers the service worker (production builds only) and, when a new version is waiting, offers
// "Update available" with a Reload button. It never reloads on its own and stays out of checkout and
// payment (the order page reopens payment windows too): a reload that comes due while the customer is
// there (Reload pressed, then checkout opened before the new version took over) waits until they
// leave, so a payment in progress is never interrupted.
import { useEffect, useState } from 'react';
import { useLocation } from '../lib/router.tsx';
import type { Workbox } from 'workbox-window';

export const SW_URL = '/sw.js';

/** Registers the worker; calls onWaiting(workbox) whenever a new version is installed and waiting. */
export async function registerServiceWorker(onWaiting: (wb: Workbox) => void): Promise<Workbox | null> {
  if (!('serviceWorker' in navigator)) return null;
  // Loaded after the first render so it never weighs on the first route.
  const { Workbox } = await import('workbox-window');
  const wb = new Workbox(SW_URL);
  wb.addEventListener('waiting', () => onWaiting(wb));
  await wb.register();
  return wb;
}

/** Asks the waiting worker to take over and reloads once it controls the page. */
export function applyUpdate(wb: Workbox, reload: () => void = () => window.location.reload()): void {
  wb.addEventListener('controlling', () => reload());
  wb.messageSkipWaiting();
}

/** Checkout and the order page, where payment windows open: never reloaded under the customer. */
export const isPaymentPath = (pathname: string): boolean => /^\/checkout(\/|$)/.test(pathname);

const reloadPage = () => window.location.reload();

export function UpdatePrompt({
  enabled = import.meta.env.PROD,
  reload = reloadPage,
}: {
  enabled?: boolean;
  reload?: () => void;
}) {
  const [waiting, setWaiting] = useState<Workbox | null>(null);
  const [busy, setBusy] = useState(false);
  const [reloadDue, setReloadDue] = useState(false);
  const { pathname } = useLocation();
  const inPayment = isPaymentPath(pathname);

  useEffect(() => {
    if (reloadDue && !inPayment) reload();
  }, [reloadDue, inPayment, reload]);

  useEffect(() => {
    if (!enabled) return;
    let cancelled = false;
    const start = () => {
      registerServiceWorker((wb) => {
        if (!cancelled) setWaiting(wb);
      }).catch((err: unknown) => console.warn('Service worker registration failed', err));
    };
    if (document.readyState === 'complete') start();
    else window.addEventListener('load', start, { once: true });
    return () => {
      cancelled = true;
      window.removeEventListener('load', start);
    };
  }, [enabled]);

  if (!waiting || inPayment) return null;
  return (
    <div className="update-prompt" role="status">
      <span>Update available</span>
      <button
        type="button"
        className="button button--primary"
        disabled={busy}
        onClick={() => {
          setBusy(true);
          applyUpdate(waiting, () => setReloadDue(true));
        }}
      >
        Reload
      </button>
      <button type="button" className="button update-prompt__later" onClick={() => setWaiting(null)}>
        Later
      </button>
    </div>
  );
}
