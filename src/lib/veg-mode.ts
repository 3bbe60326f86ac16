// Veg mode (src/shared/diet.ts): on while the `veg_mode` cookie says '1'. A cookie, not local
// storage, so the server renders a first page the way the app will hydrate it.
import { useSyncExternalStore } from 'react';
import { VEG_MODE_COOKIE } from '../shared/diet.ts';
import { cookies } from './cookies.ts';

const listeners = new Set<() => void>();

/** Whether Veg mode is on now (outside React; pages use useVegMode, which re-renders on a change). */
export const vegModeOn = (): boolean => cookies.get(VEG_MODE_COOKIE) === '1';

export function setVegMode(on: boolean): void {
  if (on) cookies.set(VEG_MODE_COOKIE, '1', { days: 365 });
  else cookies.remove(VEG_MODE_COOKIE);
  for (const l of listeners) l();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Whether Veg mode is on; every page that lists dishes or restaurants re-renders when it changes. */
export function useVegMode(): boolean {
  // The server snapshot reads the request's cookies while it renders (lib/cookies.ts), so a
  // server-rendered page and its hydration agree.
  return useSyncExternalStore(subscribe, vegModeOn, vegModeOn);
}
