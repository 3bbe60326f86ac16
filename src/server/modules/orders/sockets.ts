// The order websockets, served at the root (outside /api): /ws/orders/{restaurant_id}/ for that
// restaurant's staff and /ws/track/{order_id}/ for the customer who placed the order. Upgrades need a
// same-site Origin (else HTTP 403) and the auth cookie; a signed-out socket closes with 4401, a foreign
// restaurant or order with 4403/4404. Clients may send "ping" and get {"type":"pong"}; other frames
// are ignored (binary ones close the socket with 1003). The server pings every WS_HEARTBEAT_MS and
// greets a staff socket with {"type":"hello","seq","heartbeat_ms"} (realtime/hub.ts), a tracking socket
// with {"type":"order.current","updated_at"}: when the order last changed, read once the socket gets
// every change, so the page fetches the order again only if it changed since the page had it.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { RawData, WebSocket } from 'ws';
import { liveSessions } from '../../auth/sessions.ts';
import { HttpError } from '../../http/errors.ts';
import { OrderHub } from '../../realtime/hub.ts';
import { WS_CLOSE, type OrderSummary } from '../../../shared/api/orders.ts';
import { StaffPresence } from '../kitchen/index.ts';
import { findOrder, orderUpdatedAt } from './queries.ts';
import { reachedRestaurant } from '../../../shared/order-status.ts';

/** A Host value we can trust to be a bare host[:port] (names, IPv4, bracketed IPv6). */
const HOST_RE = /^(?:[a-z0-9-]+(?:\.[a-z0-9-]+)*|\[[0-9a-f:.]+\])(?::\d{1,5})?$/i;

/** "scheme://host:port" with the default port dropped, or null when it is not an http(s) origin. */
function serialisedOrigin(value: string): string | null {
  try {
    const url = new URL(value);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
    if (url.username || url.password) return null;
    return url.origin;
  } catch {
    return null;
  }
}

/**
 * The browser's Origin must be this server's own origin, compared by scheme, host and port (default
 * ports normalised): the request's scheme and host as seen through trusted proxies
 * (X-Forwarded-Proto / -Host only with TRUST_PROXY_HOPS), or PUBLIC_ORIGIN when configured.
 */
export function originAllowed(req: FastifyRequest, publicOrigin: string | undefined): boolean {
  const header = req.headers.origin;
  if (!header) return false;
  const origin = serialisedOrigin(header);
  if (!origin) return false;
  if (publicOrigin && origin === serialisedOrigin(publicOrigin)) return true;
  const host = req.host;
  if (!host || !HOST_RE.test(host)) return false;
  return origin === serialisedOrigin(`${req.protocol}://${host}`);
}

const PONG = JSON.stringify({ type: 'pong' });

/** Frames from clients: only pings mean anything. */
function onFrames(socket: WebSocket, ready: Promise<boolean>): void {
  socket.on('message', (data: RawData, isBinary: boolean) => {
    if (isBinary) {
      socket.close(WS_CLOSE.unsupported, 'Binary frames are not supported');
      return;
    }
    const text = data.toString().trim();
    let isPing = text === 'ping';
    if (!isPing && text.startsWith('{')) {
      try {
        isPing = (JSON.parse(text) as { type?: unknown }).type === 'ping';
      } catch {
        // Not JSON: ignored like any other unknown frame.
      }
    }
    if (isPing) void ready.then((ok) => ok && socket.readyState === socket.OPEN && socket.send(PONG));
  });
}

const positiveId = (raw: string): number | null => {
  if (!/^\d{1,10}$/.test(raw)) return null;
  const n = Number(raw);
  return n >= 1 && n <= 2_147_483_647 ? n : null;
};

// Not encapsulated (fastify-plugin): the hub it decorates the app with is the app's own.
export const ordersSocketsPlugin = fp(
  async function ordersSockets(app: FastifyInstance): Promise<void> {
    // Staff devices per restaurant, in the database: the kitchen's unattended pause reads it.
    const presence = new StaffPresence(app.db, app.log);
    const hub = new OrderHub({
      db: app.db,
      onStaffPresence: (restaurantId, connections, arrived) =>
        presence.mark(restaurantId, connections, arrived),
      loadSummary: async (id) => (await findOrder(app.db, { id }))?.summary,
      staffMaySee: (o) => reachedRestaurant(o as OrderSummary),
      liveSessions: (ids) => liveSessions(app.db, ids),
      log: app.log,
      heartbeatMs: app.config.WS_HEARTBEAT_MS,
    });
    await hub.start();
    app.decorate('orderHub', hub);
    app.decorate('staffPresence', presence);
    app.addHook('onClose', async () => {
      await hub.stop();
      await presence.stop();
    });

    const checkOrigin = async (req: FastifyRequest) => {
      if (!originAllowed(req, app.config.PUBLIC_ORIGIN)) {
        throw new HttpError(403, 'Websocket origin not allowed.', 'bad_origin');
      }
    };

    app.get<{ Params: { restaurantId: string }; Querystring: { after?: string } }>(
      '/ws/orders/:restaurantId/',
      { websocket: true, preValidation: checkOrigin },
      (socket, req) => {
        const restaurantId = positiveId(req.params.restaurantId);
        const auth = req.auth;
        let ok = false;
        if (!auth) socket.close(WS_CLOSE.unauthenticated, 'Log in to receive live orders');
        else if (auth.role !== 'staff' || restaurantId === null || auth.restaurantId !== restaurantId)
          socket.close(WS_CLOSE.forbidden, 'Not your restaurant');
        else {
          // ?after=<seq>: the last event this tab saw; it gets everything since before live ones.
          const after = /^\d{1,15}$/.test(req.query.after ?? '') ? Number(req.query.after) : undefined;
          hub.addStaff(restaurantId, socket, auth.sessionId, after);
          ok = true;
        }
        onFrames(socket, Promise.resolve(ok));
      },
    );

    app.get<{ Params: { orderId: string } }>(
      '/ws/track/:orderId/',
      { websocket: true, preValidation: checkOrigin },
      (socket, req) => {
        const orderId = positiveId(req.params.orderId);
        const auth = req.auth;
        const ready = (async () => {
          if (!auth) {
            socket.close(WS_CLOSE.unauthenticated, 'Log in to follow your order');
            return false;
          }
          const rec = orderId === null ? undefined : await findOrder(app.db, { id: orderId });
          const own =
            rec &&
            (rec.userId === auth.userId || (auth.role === 'staff' && auth.restaurantId === rec.restaurantId));
          if (!rec || !own) {
            // Same answer for "no such order" and "not yours": ids cannot be probed.
            socket.close(WS_CLOSE.notFound, 'Order not found');
            return false;
          }
          if (socket.readyState !== socket.OPEN) return false;
          hub.addTracker(rec.summary.id, rec.restaurantId, socket, auth.sessionId);
          // Read after subscribing: a change made since is either in this answer or sent after it.
          const updatedAt = await orderUpdatedAt(app.db, rec.summary.id);
          if (updatedAt && socket.readyState === socket.OPEN)
            socket.send(JSON.stringify({ type: 'order.current', updated_at: updatedAt }));
          return true;
        })().catch((err: unknown) => {
          req.log.warn({ err }, 'tracking socket refused');
          socket.close(1011, 'Try again');
          return false;
        });
        onFrames(socket, ready);
      },
    );
  },
  { name: 'orders-sockets' },
);

declare module 'fastify' {
  interface FastifyInstance {
    orderHub: OrderHub;
    staffPresence: StaffPresence;
  }
}
