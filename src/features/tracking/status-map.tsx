// The delivery map of the tracking page: the restaurant, the delivery point and the courier on a street
// map (src/lib/street-map, Leaflet with MAP_TILE_URL tiles). While the map's code or settings cannot
// load (offline), a small schematic drawn here stands in: the same points to scale on a plain grid.
// The street map loads once a quarter of it is on screen: on a phone the map sits below the order's
// progress, and its code, its start and its tiles held the page's start-up for a third of a second
// on a slow phone before anyone had scrolled to it.
import { Suspense, useEffect, useRef, useState } from 'react';
import { useSeen } from '../../lib/use-seen.ts';
import { MapBoundary, StreetRouteMap, loadMapSettings, type MapTiles } from '../../lib/street-map/index.tsx';
import type { Courier, Tracking } from '../../shared/api/orders.ts';
import { formatTime } from '../../shared/india-time.ts';

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

function SchematicMap({ tracking, courier, described }: StatusMapProps & { described: string }) {
  const r = tracking.restaurant_point;
  const d = tracking.delivery_point;
  const points: P[] = [r, ...(d ? [d] : []), ...(courier ? [courier] : [])];
  const at = project(points);
  const rp = at(r);
  const dp = d ? at(d) : null;
  const cp = courier ? at(courier) : null;
  return (
    <svg className="status-map__schematic" viewBox={`0 0 ${W} ${H}`} role="img" aria-label={described}>
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
  );
}

interface StatusMapProps {
  tracking: Tracking;
  courier: Courier | null;
}

/** Share of the map on screen that loads it, and the phones' bottom bar that covers the screen's foot. */
const SEEN_SHARE = 0.25;
const BOTTOM_BAR_PX = 64;

/** The tile settings once loaded (asked for once `wanted`); null before; 'failed' when they could not be had. */
function useTiles(wanted: boolean): MapTiles | null | 'failed' {
  const [tiles, setTiles] = useState<MapTiles | null | 'failed'>(null);
  useEffect(() => {
    if (!wanted) return;
    let live = true;
    loadMapSettings()
      .then((s) => live && setTiles(s.tiles))
      .catch(() => live && setTiles('failed'));
    return () => {
      live = false;
    };
  }, [wanted]);
  return tiles;
}

export function StatusMap({ tracking, courier }: StatusMapProps) {
  const figure = useRef<HTMLElement>(null);
  const tiles = useTiles(useSeen(figure, SEEN_SHARE, BOTTOM_BAR_PX));
  const r = tracking.restaurant_point;
  const d = tracking.delivery_point;
  const described = [
    `Map: Restaurant ${r.name}`,
    d ? `delivery to ${d.address || 'your address'}` : 'delivery point unknown',
    courier ? 'courier on the way, shown between them' : 'courier not on the way yet',
  ].join(', ');
  const schematic = <SchematicMap tracking={tracking} courier={courier} described={described} />;
  const loading = <div className="status-map__loading skeleton" role="status" aria-label="Loading map" />;
  return (
    <figure className="status-map" ref={figure}>
      {tiles === 'failed' ? (
        schematic
      ) : tiles === null ? (
        loading
      ) : (
        <MapBoundary fallback={schematic}>
          <Suspense fallback={loading}>
            <StreetRouteMap
              tiles={tiles}
              label={described}
              className="status-map__street"
              restaurant={{ lat: r.lat, lng: r.lng, label: r.name }}
              delivery={d ? { lat: d.lat, lng: d.lng, label: 'You' } : null}
              courier={courier ? { lat: courier.lat, lng: courier.lng, label: 'Courier' } : null}
            />
          </Suspense>
        </MapBoundary>
      )}
      {courier ? (
        <figcaption className="status-map__caption">
          Courier position updated {formatTime(courier.updated_at)}
        </figcaption>
      ) : tracking.order.status === 'delivered' ? null : (
        <figcaption className="status-map__caption">
          The courier appears here once your order is picked up.
        </figcaption>
      )}
    </figure>
  );
}
