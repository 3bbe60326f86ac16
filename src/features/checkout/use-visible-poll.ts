// Asking again while a payment's answer is awaited: every `everyMs` while the page is visible (for
// `forMs` at most), and at once when it becomes visible again (back from the UPI app).
import { useEffect } from 'react';

/** `ask` must keep its identity between renders (useCallback), or the clock restarts on each. */
export function useVisiblePoll(active: boolean, everyMs: number, ask: () => unknown, forMs = Infinity) {
  useEffect(() => {
    if (!active) return;
    const started = Date.now();
    const timer = setInterval(() => {
      if (Date.now() - started > forMs) clearInterval(timer);
      else if (document.visibilityState === 'visible') void ask();
    }, everyMs);
    const onVisible = () => {
      if (document.visibilityState === 'visible') void ask();
    };
    document.addEventListener('visibilitychange', onVisible);
    return () => {
      clearInterval(timer);
      document.removeEventListener('visibilitychange', onVisible);
    };
  }, [active, everyMs, ask, forMs]);
}
