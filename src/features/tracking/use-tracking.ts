// One order's tracking state: GET orders/tracking/{id}/ through useData, kept live by /ws/track/{id}/
// (reconnecting, 1000 ms timeout, 3 retries) and polled every 10 s whenever the socket is not live.
// Live means the server is heard: it pings every socket each beat, so two beats of silence (a phone
// whose network died without closing anything) count as a dead connection: not live, polled, and
// connected again. Once connected, the server says when the order last changed; the order is fetched
// again only if the page's copy is older (the page usually came with it a moment before).
import { ReconnectingWebSocket } from '../../lib/reconnecting-socket.ts';
import { useEffect, useRef, useState } from 'react';
import { useData } from '../../lib/use-api.ts';
import { fetcher } from '../../lib/http.ts';
import { SOCKET, WS_HEARTBEAT_DEFAULT_MS, WS_MISSED_BEATS } from '../../shared/constants.ts';
import type { OrderSocketMessage, Tracking } from '../../shared/api/orders.ts';
import { WS_CLOSE } from '../../shared/constants.ts';
import { ordersPaths, wsPaths } from '../../shared/api/paths.ts';
import { isFinalStatus } from '../../shared/order-status.ts';

export const TRACKING_POLL_MS = 10_000;
/** Silence after which the tracking socket counts as dead. */
export const TRACKING_SILENCE_MS = WS_HEARTBEAT_DEFAULT_MS * WS_MISSED_BEATS;

function socketUrl(path: string): string {
  return `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}${path}`;
}

export function useTracking(orderId: number | null) {
  const key = orderId ? ordersPaths.tracking(orderId) : null;
  const [live, setLive] = useState(false);
  const tracking = useData<Tracking>(key, fetcher, {
    refreshInterval: (data) => (live || (data && isFinalStatus(data.order.status)) ? 0 : TRACKING_POLL_MS),
    revalidateOnFocus: true,
  });
  const { mutate } = tracking;
  const shownUpdatedAt = useRef<string | undefined>(undefined);
  useEffect(() => {
    shownUpdatedAt.current = tracking.data?.order.updated_at;
  });
  const final = tracking.data ? isFinalStatus(tracking.data.order.status) : false;

  useEffect(() => {
    if (!orderId || final) return;
    const rws = new ReconnectingWebSocket(socketUrl(wsPaths.tracking(orderId)), [], {
      connectionTimeout: SOCKET.connectionTimeoutMs,
      maxRetries: SOCKET.maxRetries,
    });
    let watchdog: ReturnType<typeof setTimeout> | undefined;
    const heard = () => {
      clearTimeout(watchdog);
      watchdog = setTimeout(() => {
        console.warn('tracking: no heartbeat, reconnecting');
        setLive(false);
        rws.reconnect();
      }, TRACKING_SILENCE_MS);
    };
    rws.addEventListener('open', () => {
      console.info('tracking: socket connected');
      heard();
      setLive(true);
    });
    rws.addEventListener('error', () => console.warn('tracking: socket error'));
    rws.addEventListener('close', (e) => {
      console.info('tracking: socket closed', e.code);
      clearTimeout(watchdog);
      setLive(false);
      if (e.code === WS_CLOSE.unauthenticated || e.code === WS_CLOSE.notFound) rws.close();
    });
    rws.addEventListener('message', (e: MessageEvent) => {
      heard(); // any word from the server, a ping included, proves the connection alive
      if (typeof e.data !== 'string') return;
      let m: OrderSocketMessage;
      try {
        m = JSON.parse(e.data) as OrderSocketMessage;
      } catch {
        return;
      }
      if (m.type === 'order.current') {
        // Catch up on anything that changed while connecting (or before the first answer came).
        if (m.updated_at !== shownUpdatedAt.current) void mutate();
      } else if (m.type === 'courier.location') {
        void mutate((d) => (d ? { ...d, courier: m.courier } : d), { revalidate: false });
      } else if (m.type === 'order.created' || m.type === 'order.updated') {
        // The timeline and ETA are the server's: fetch them fresh, show the new status at once.
        void mutate((d) => (d ? { ...d, order: m.order } : d), { revalidate: true });
      }
    });
    return () => {
      clearTimeout(watchdog);
      rws.close();
      setLive(false);
    };
  }, [orderId, final, mutate]);

  return { ...tracking, live };
}
