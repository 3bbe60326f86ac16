// The order outbox as a page sees it: asked about when the page opens and again on reconnect, so an
// order an earlier Pay left unsettled resumes instead of starting over.
import { useCallback, useEffect, useRef, useState } from 'react';
import type { Resumed } from './order-outbox.ts';
import { useVisiblePoll } from './use-visible-poll.ts';

/** While a UPI request waits for the customer's approval, the kept order is asked about this often. */
const UPI_POLL_MS = 3000;

export type KeptOrder = Resumed | { kind: 'checking' } | { kind: 'unknown'; message: string };

export function useKeptOrder(enabled: boolean): KeptOrder & { refresh: () => Promise<KeptOrder> } {
  const [kept, setKept] = useState<KeptOrder>({ kind: 'checking' });
  const live = useRef(true);
  const refresh = useCallback(async (): Promise<KeptOrder> => {
    let next: KeptOrder;
    try {
      // The outbox is its own chunk (checkout's first load does not carry it).
      const { resumeOutbox } = await import('./order-outbox.ts');
      next = await resumeOutbox();
    } catch (err) {
      next = { kind: 'unknown', message: (err as Error).message };
    }
    if (live.current) setKept(next);
    return next;
  }, []);

  useEffect(() => {
    live.current = true;
    if (enabled) void refresh();
    const onOnline = () => void refresh();
    window.addEventListener('online', onOnline);
    return () => {
      live.current = false;
      window.removeEventListener('online', onOnline);
    };
  }, [enabled, refresh]);

  // A UPI request waiting in the customer's UPI app: ask until it is paid or lapses (checkout then
  // shows the paid order), and at once when the customer comes back from their UPI app.
  const approving = kept.kind === 'awaiting' && kept.payment?.status === 'pending';
  useVisiblePoll(approving, UPI_POLL_MS, refresh);

  return { ...kept, refresh };
}
