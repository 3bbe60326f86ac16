// Demo courier (DEMO_MODE only): moves a courier in a straight line from the restaurant to the door of
// every picked-up order, on schedule to arrive at its ETA, so tracking shows movement without a real
// rider app. Positions sent by real staff win: those orders are left alone.
import type { Db } from '../../db/index.ts';
import { demoDeliveries } from './queries.ts';
import { postCourierLocation, travelMinutes } from './service.ts';

export const DEMO_COURIER_TICK_MS = 3000;

export function interpolate(
  from: { lat: number; lng: number },
  to: { lat: number; lng: number },
  fraction: number,
): { lat: number; lng: number } {
  const f = Math.min(1, Math.max(0, fraction));
  return { lat: from.lat + (to.lat - from.lat) * f, lng: from.lng + (to.lng - from.lng) * f };
}

export async function driveDemoCouriers(db: Db, now = Date.now()): Promise<number> {
  let moved = 0;
  for (const rec of await demoDeliveries(db)) {
    const o = rec.summary;
    const d = o.delivery_address;
    if (d.lat === null || d.lng === null || !o.picked_up_at) continue;
    const start = Date.parse(o.picked_up_at);
    const end = o.eta ? Date.parse(o.eta) : start + travelMinutes(rec) * 60_000;
    // Stop just short of the door: "Delivered" is the staff's call.
    const fraction = end > start ? Math.min(0.97, (now - start) / (end - start)) : 0.97;
    const point = interpolate(o.restaurant, { lat: d.lat, lng: d.lng }, fraction);
    await postCourierLocation(db, rec.restaurantId, o.id, point, 'demo').catch(() => undefined);
    moved++;
  }
  return moved;
}

/** Starts the demo courier loop; returns a stop function. */
export function startDemoCourier(db: Db, log: { warn(o: unknown, m?: string): void }): () => void {
  let running = false;
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    driveDemoCouriers(db)
      .catch((err: unknown) => log.warn({ err }, 'demo courier tick failed'))
      .finally(() => (running = false));
  }, DEMO_COURIER_TICK_MS);
  timer.unref();
  return () => clearInterval(timer);
}
