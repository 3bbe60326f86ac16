// The restaurant's live-orders socket (SPEC.md sections 4 and 9): reconnecting-websocket with a 1000 ms
// connection timeout and at most 3 retries; then the page offers "Reconnect" and falls back to polling.
// Connect, error and close events are only logged.
import ReconnectingWebSocket from 'reconnecting-websocket';
import { useCallback, useEffect, useRef, useState } from 'react';
import { SOCKET } from '../../shared/constants.ts';
import { WS_CLOSE, wsPaths, type OrderSocketMessage } from '../../shared/api/orders.ts';

export type SocketState = 'connecting' | 'open' | 'failed';

export function socketUrl(path: string): string {
  return `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}${path}`;
}

export function useOrderSocket(
  restaurantId: string | undefined,
  onMessage: (m: OrderSocketMessage) => void,
): { state: SocketState; reconnect: () => void } {
  const [state, setState] = useState<SocketState>('connecting');
  const ws = useRef<ReconnectingWebSocket | null>(null);
  const handler = useRef(onMessage);
  useEffect(() => {
    handler.current = onMessage;
  });

  useEffect(() => {
    if (!restaurantId) return;
    const rws = new ReconnectingWebSocket(socketUrl(wsPaths.restaurant(restaurantId)), [], {
      connectionTimeout: SOCKET.connectionTimeoutMs,
      maxRetries: SOCKET.maxRetries,
    });
    ws.current = rws;
    rws.addEventListener('open', () => {
      console.info('live orders: socket connected');
      setState('open');
    });
    rws.addEventListener('error', (e) => console.warn('live orders: socket error', e.message ?? e));
    rws.addEventListener('close', (e) => {
      console.info('live orders: socket closed', e.code);
      if (e.code === WS_CLOSE.unauthenticated || e.code === WS_CLOSE.forbidden) {
        // The server refused this login for this restaurant: retrying cannot help.
        rws.close();
        setState('failed');
        return;
      }
      // After the last retry the library stops quietly: show the Reconnect control.
      setTimeout(() => setState(rws.retryCount >= SOCKET.maxRetries ? 'failed' : 'connecting'), 0);
    });
    rws.addEventListener('message', (e: MessageEvent) => {
      if (typeof e.data !== 'string') return;
      try {
        handler.current(JSON.parse(e.data) as OrderSocketMessage);
      } catch {
        console.warn('live orders: unreadable message');
      }
    });
    return () => {
      rws.close();
      ws.current = null;
    };
  }, [restaurantId]);

  const reconnect = useCallback(() => {
    setState('connecting');
    ws.current?.reconnect();
  }, []);

  return { state, reconnect };
}
