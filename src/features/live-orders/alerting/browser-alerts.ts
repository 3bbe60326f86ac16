// The alert controller of this tab for a restaurant, built on the browser's own APIs (Web Locks,
// BroadcastChannel, notifications, Web Audio, Badging, Screen Wake Lock) and shared by every component
// that shows or uses it: one controller per tab, running while at least one of them is mounted.
import { acknowledgeOrder } from '../api/acknowledge-order.ts';
import { listRingingOrders } from '../api/list-ringing-orders.ts';
import { audioState, beep, onSoundChange, showOrderNotification, soundEnabled } from '../alerts.ts';
import { acquireStaffSocket, staffSocketFor } from '../connection/staff-socket.ts';
import { AlertController, type AlertDeps, type SoundState } from './alert-controller.ts';
import type { LockManagerLike } from './leader.ts';
import { keepScreenAwake } from './wake-lock.ts';

function sound(): SoundState {
  if (!soundEnabled()) return 'off';
  const state = audioState();
  return state === 'running' ? 'on' : state === 'blocked' ? 'blocked' : 'off';
}

/** The app icon's badge: the number of orders waiting (where the Badging API exists). */
function badge(count: number): void {
  const nav = navigator as {
    setAppBadge?: (n: number) => Promise<void>;
    clearAppBadge?: () => Promise<void>;
  };
  const done = count > 0 ? nav.setAppBadge?.(count) : nav.clearAppBadge?.();
  void done?.catch(() => undefined);
}

function browserDeps(restaurantId: string): AlertDeps {
  return {
    locks: (navigator as { locks?: LockManagerLike }).locks ?? null,
    openChannel: () =>
      typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel(`live-orders-${restaurantId}`),
    fetchRinging: listRingingOrders,
    postAck: acknowledgeOrder,
    notify: (id, status, again) => void showOrderNotification(id, status, again),
    beep,
    sound,
    onSoundChange,
    badge,
    keepAwake: (fn) => keepScreenAwake(fn),
    now: () => Date.now(),
  };
}

const shared = new Map<string, { controller: AlertController; users: number }>();

/** This tab's controller for the restaurant (made on first ask, not yet running). */
export function alertControllerFor(restaurantId: string): AlertController {
  let entry = shared.get(restaurantId);
  if (!entry) {
    const socket = staffSocketFor(restaurantId);
    const source = {
      subscribe: socket.subscribe.bind(socket),
      get isLive() {
        return socket.snapshot.state === 'live';
      },
    };
    entry = { controller: new AlertController(restaurantId, source, browserDeps(restaurantId)), users: 0 };
    shared.set(restaurantId, entry);
  }
  return entry.controller;
}

/** Runs (and keeps the socket connected) while at least one user holds it. */
export function acquireAlertController(restaurantId: string): () => void {
  const controller = alertControllerFor(restaurantId);
  const entry = shared.get(restaurantId)!;
  const socket = acquireStaffSocket(restaurantId);
  entry.users += 1;
  if (entry.users === 1) controller.start();
  let released = false;
  return () => {
    if (released) return;
    released = true;
    entry.users -= 1;
    if (entry.users === 0) controller.stop();
    socket.release();
  };
}
