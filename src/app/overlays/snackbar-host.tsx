// Shows 'snackbar' events (success or danger) in a polite live region; each closes after SNACKBAR_MS
// unless the event asks for another duration. A newer message replaces the one on screen.
import { useEffect, useState } from 'react';
import { on, type AppEvents } from '../../lib/events.ts';
import { SNACKBAR_MS } from '../../shared/constants.ts';
import { CloseIcon } from '../layout/icons.tsx';

type Snack = AppEvents['snackbar'] & { id: number };

export function SnackbarHost() {
  const [snack, setSnack] = useState<Snack | null>(null);

  useEffect(() => {
    let id = 0;
    return on('snackbar', (payload) => setSnack({ ...payload, id: ++id }));
  }, []);

  useEffect(() => {
    if (!snack) return;
    const timer = setTimeout(() => setSnack(null), snack.durationMs ?? SNACKBAR_MS);
    return () => clearTimeout(timer);
  }, [snack]);

  return (
    <div className="snackbar-region" aria-live="polite" aria-atomic="true">
      {snack && (
        <div
          key={snack.id}
          className={`snackbar snackbar--${snack.variant ?? 'info'}`}
          data-variant={snack.variant ?? 'info'}
        >
          <span className="snackbar__message">{snack.message}</span>
          <button
            type="button"
            className="snackbar__close"
            aria-label="Dismiss"
            onClick={() => setSnack(null)}
          >
            <CloseIcon size={18} />
          </button>
        </div>
      )}
    </div>
  );
}
