// React door to this tab's alerting: what rings, who rings, the sound, and the actions.
import { useEffect, useMemo, useSyncExternalStore } from 'react';
import { unlockAudio, unlockAudioOnFirstGesture } from '../alerts.ts';
import { currentRestaurantId } from '../connection/use-staff-socket.ts';
import type { AlertSnapshot } from './alert-controller.ts';
import { acquireAlertController, alertControllerFor } from './browser-alerts.ts';
import { noChanges } from '../../../lib/no-changes.ts';

const IDLE: AlertSnapshot = {
  ringing: [],
  role: 'follower',
  sound: 'off',
  leaderSound: null,
  acknowledging: false,
  error: null,
  awake: null,
};

export interface Alerting extends AlertSnapshot {
  /** Silence every ringing order on every device. */
  acknowledge: () => void;
  /** Allow sound (from a button press: browsers need a tap). */
  enableSound: () => void;
  /** Ring in this tab instead of another tab of this browser. */
  ringHere: () => void;
}

export function useAlerting(restaurantId: string | undefined = currentRestaurantId()): Alerting {
  // None on the server: a rendered console's bar is calm until the browser's alerting starts.
  const controller = useMemo(
    () => (restaurantId && typeof window !== 'undefined' ? alertControllerFor(restaurantId) : null),
    [restaurantId],
  );
  useEffect(() => {
    if (!restaurantId) return;
    const release = acquireAlertController(restaurantId);
    const stopListening = unlockAudioOnFirstGesture();
    return () => {
      stopListening();
      release();
    };
  }, [restaurantId]);
  // One subscription per controller, not a new one on every render.
  const subscribe = useMemo(
    () => (controller ? (fn: () => void) => controller.onChange(fn) : noChanges),
    [controller],
  );
  const snap = useSyncExternalStore(
    subscribe,
    () => controller?.snapshot ?? IDLE,
    () => IDLE,
  );
  return {
    ...snap,
    acknowledge: () => void controller?.acknowledge(),
    enableSound: unlockAudio,
    ringHere: () => {
      unlockAudio();
      controller?.takeOver();
    },
  };
}
