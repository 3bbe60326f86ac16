// A small built-in map (no keys, no network): the restaurant, the delivery point and the courier placed
// to scale on a simple grid, with the route between them. Google Maps is never required here.
import type { Courier, Tracking } from '../../shared/api/orders.ts';

const W = 320;
const H = 200;
const PAD = 36;

interface P {
  lat: number;
  lng: number;
}

export function project(points: P[]): (p: P) => { x: number; y: number } {
  const lats = points.map((p) => p.lat);
  const lngs = points.map((p) => p.lng);
  const midLat = (Math.min(...lats) + Math.max(...lats)) / 2;
  const k = Math.cos((midLat * Math.PI) / 180);
  const minX = Math.min(...lngs) * k;
  const maxX = Math.max(...lngs) * k;
  const minY = Math.min(...lats);
  const maxY = Math.max(...lats);
  // Keep the aspect ratio; a single point (or very close ones) sits in the middle.
  const span = Math.max(maxX - minX, ((maxY - minY) * W) / H, 0.002);
  const scale = (W - 2 * PAD) / span;
  const cx = (minX + maxX) / 2;
  const cy = (minY + maxY) / 2;
  return (p) => ({ x: W / 2 + (p.lng * k - cx) * scale, y: H / 2 - (p.lat - cy) * scale });
}

function Pin({
  x,
  y,
  label,
  kind,
}: {
  x: number;
  y: number;
  label: string;
  kind: 'restaurant' | 'home' | 'courier';
}) {
  return (
    <g
      className={`status-map__pin status-map__pin--${kind}`}
      transform={`translate(${x.toFixed(1)} ${y.toFixed(1)})`}
    >
      <circle r={kind === 'courier' ? 9 : 8} />
      <text className="status-map__glyph" textAnchor="middle" dy="4">
        {kind === 'restaurant' ? 'R' : kind === 'home' ? 'H' : '▶'}
      </text>
      <text className="status-map__label" textAnchor="middle" dy={kind === 'courier' ? -14 : 22}>
        {label}
      </text>
    </g>
  );
}

export function StatusMap({ tracking, courier }: { tracking: Tracking; courier: Courier | null }) {
  const r = tracking.restaurant_point;
  const d = tracking.delivery_point;
  const points: P[] = [r, ...(d ? [d] : []), ...(courier ? [courier] : [])];
  const at = project(points);
  const rp = at(r);
  const dp = d ? at(d) : null;
  const cp = courier ? at(courier) : null;
  const described = [
    `Restaurant ${r.name}`,
    d ? `delivery to ${d.address || 'your address'}` : 'delivery point unknown',
    courier ? 'courier on the way, shown between them' : 'courier not on the way yet',
  ].join(', ');
  return (
    <figure className="status-map">
      <svg viewBox={`0 0 ${W} ${H}`} role="img" aria-label={`Map: ${described}`}>
        <defs>
          <pattern id="status-map-grid" width="32" height="32" patternUnits="userSpaceOnUse">
            <path d="M 32 0 L 0 0 0 32" className="status-map__grid" />
          </pattern>
        </defs>
        <rect width={W} height={H} className="status-map__bg" />
        <rect width={W} height={H} fill="url(#status-map-grid)" />
        {dp && <line x1={rp.x} y1={rp.y} x2={dp.x} y2={dp.y} className="status-map__route" />}
        {dp && cp && <line x1={rp.x} y1={rp.y} x2={cp.x} y2={cp.y} className="status-map__done" />}
        <Pin {...rp} label={r.name} kind="restaurant" />
        {dp && <Pin {...dp} label="You" kind="home" />}
        {cp && <Pin {...cp} label="Courier" kind="courier" />}
      </svg>
      <figcaption className="status-map__caption">
        {courier
          ? `Courier position updated ${new Date(courier.updated_at).toLocaleTimeString('en-IN', { hour: 'numeric', minute: '2-digit' })}`
          : 'The courier appears here once your order is picked up.'}
      </figcaption>
    </figure>
  );
}
