// The restaurant's live-orders socket for the order list (docs/product.md#live-orders): the tab's one
// shared connection (connection/staff-socket.ts: heartbeat, resume after the last sequence, retries
// that never give up). `state` keeps the list's three words: open while live, connecting while it
// reconnects, failed while offline (the list then polls) or refused (the page offers Reconnect).
import { useCallback } from 'react';
import type { OrderSocketMessage } from '../../shared/api/orders.ts';
import { useConnectionState, useSocketMessages, useStaffSocket } from './connection/use-staff-socket.ts';

export type SocketState = 'connecting' | 'open' | 'failed';

export function useOrderSocket(
  restaurantId: string | undefined,
  onMessage: (m: OrderSocketMessage) => void,
): { state: SocketState; reconnect: () => void } {
  const socket = useStaffSocket(restaurantId);
  useSocketMessages(socket, onMessage);
  const { state: connection, reconnect: reconnectNow } = useConnectionState(restaurantId);
  const state: SocketState =
    connection === 'live' ? 'open' : connection === 'offline' ? 'failed' : 'connecting';
  const reconnect = useCallback(() => reconnectNow(), [reconnectNow]);
  return { state, reconnect };
}
