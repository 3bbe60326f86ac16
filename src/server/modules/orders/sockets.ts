// The order websockets, served at the root (outside /api): /ws/orders/{restaurant_id}/ for that
// restaurant's staff and /ws/track/{order_id}/ for the customer who placed the order. Upgrades need a
// same-site Origin (else HTTP 403) and the auth cookie; a signed-out socket closes with 4401, a foreign
// restaurant or order with 4403/4404. Clients may send "ping" and get {"type":"pong"}; other frames
// are ignored (binary ones close the socket with 1003).
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { RawData, WebSocket } from 'ws';
import { liveSessions } from '../../auth/sessions.ts';
import { HttpError } from '../../http/errors.ts';
import { OrderHub } from '../../realtime/hub.ts';
import { WS_CLOSE, type OrderSummary } from '../../../shared/api/orders.ts';
import { findOrder } from './queries.ts';
import { reachedRestaurant } from './service.ts';

export function originAllowed(req: FastifyRequest, publicOrigin: string | undefined): boolean {
  const origin = req.headers.origin;
  if (!origin) return false;
  let url: URL;
  try {
    url = new URL(origin);
  } catch {
    return false;
  }
  if (publicOrigin && url.origin === new URL(publicOrigin).origin) return true;
  return url.host === req.headers.host;
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
    const hub = new OrderHub({
      db: app.db,
      loadSummary: async (id) => (await findOrder(app.db, { id }))?.summary,
      staffMaySee: (o) => reachedRestaurant(o as OrderSummary),
      liveSessions: (ids) => liveSessions(app.db, ids),
      log: app.log,
    });
    await hub.start();
    app.decorate('orderHub', hub);
    app.addHook('onClose', async () => hub.stop());

    const checkOrigin = async (req: FastifyRequest) => {
      if (!originAllowed(req, app.config.PUBLIC_ORIGIN)) {
        throw new HttpError(403, 'Websocket origin not allowed.', 'bad_origin');
      }
    };

    app.get<{ Params: { restaurantId: string } }>(
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
          hub.addStaff(restaurantId, socket, auth.sessionId);
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
          hub.addTracker(rec.summary.id, socket, auth.sessionId);
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
  }
}
