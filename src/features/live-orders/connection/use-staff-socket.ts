// React door to the tab's shared staff socket: subscribe to its messages and its connection state.
import { useEffect, useMemo, useRef, useSyncExternalStore } from 'react';
import { cookies, COOKIES } from '../../../lib/cookies.ts';
import type { OrderSocketMessage } from '../../../shared/api/orders.ts';
import {
  acquireStaffSocket,
  staffSocketFor,
  type ConnectionSnapshot,
  type StaffSocket,
} from './staff-socket.ts';
import { noChanges } from '../../../lib/no-changes.ts';

/** The restaurant of the signed-in staff member (the res_id cookie set at staff sign-in). */
export function currentRestaurantId(): string | undefined {
  return cookies.get(COOKIES.restaurantId);
}

/** The shared socket of this restaurant, connected while the calling component is mounted. */
export function useStaffSocket(restaurantId: string | undefined = currentRestaurantId()): StaffSocket | null {
  // None on the server: a rendered console shows "Connecting…" until the browser connects.
  const socket = useMemo(
    () => (restaurantId && typeof window !== 'undefined' ? staffSocketFor(restaurantId) : null),
    [restaurantId],
  );
  useEffect(() => {
    if (!restaurantId) return;
    return acquireStaffSocket(restaurantId).release;
  }, [restaurantId]);
  return socket;
}

/** Calls `onMessage` (the latest one passed) for every message of the socket. */
export function useSocketMessages(
  socket: StaffSocket | null,
  onMessage: (m: OrderSocketMessage) => void,
): void {
  const handler = useRef(onMessage);
  useEffect(() => {
    handler.current = onMessage;
  });
  useEffect(() => socket?.subscribe((m) => handler.current(m)), [socket]);
}

const CONNECTING: ConnectionSnapshot = { state: 'reconnecting', refused: false, everLive: false };

export interface ConnectionControls extends ConnectionSnapshot {
  /** Connect again now (the Reconnect button). */
  reconnect: () => void;
}

/** LIVE / RECONNECTING / OFFLINE of this tab's order socket, from the server's heartbeat. */
export function useConnectionState(restaurantId?: string): ConnectionControls {
  const socket = useStaffSocket(restaurantId ?? currentRestaurantId());
  // One subscription per socket, not a new one on every render.
  const subscribe = useMemo(() => (socket ? (fn: () => void) => socket.onChange(fn) : noChanges), [socket]);
  const snap = useSyncExternalStore(
    subscribe,
    () => socket?.snapshot ?? CONNECTING,
    () => CONNECTING,
  );
  return { ...snap, reconnect: () => socket?.reconnectNow(true) };
}
