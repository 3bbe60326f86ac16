// The app's half of the early-taps script the server inlines in a server-rendered page
// (src/shared/early-taps.ts): once the page has hydrated (PageReady in app-router.tsx), the taps held
// before it are clicked again, now with React listening; later calls find nothing held. One tap per
// control: a second tap in the gap meant the same thing, and the first one's re-render may have
// replaced the control.

import { HELD_TAPS_GLOBAL } from '../shared/early-taps.ts';

interface HeldTaps {
  release: () => Element[];
}

export function replayEarlyTaps(): void {
  const heldTaps = (window as unknown as Record<string, HeldTaps | undefined>)[HELD_TAPS_GLOBAL];
  if (!heldTaps) return;
  for (const control of heldTaps.release()) {
    if (control.isConnected && control instanceof HTMLElement) control.click();
  }
}
