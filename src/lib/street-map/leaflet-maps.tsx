// The street maps themselves, on Leaflet with raster tiles from MAP_TILE_URL: the delivery-point
// picker (the map pans under a fixed centre pin) and the delivery map (restaurant, door, courier).
// Loaded only through the lazy components of ./index.tsx. Markers are CSS-styled divs with SVG, no
// image files and no inline style attributes (the CSP allows styles from our own files only).
// Leaflet loads first through leaflet-load.ts (why: that module).
import './leaflet-load.ts';
import { divIcon, latLngBounds, type LeafletEventHandlerFnMap, type Map as LeafletMap } from 'leaflet';
import 'leaflet/dist/leaflet.css';
import { Fragment, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import {
  AttributionControl,
  MapContainer,
  Marker,
  Polyline,
  TileLayer,
  Tooltip,
  useMap,
  useMapEvents,
  ZoomControl,
} from 'react-leaflet';
import { CentrePin } from './centre-pin.tsx';
import './street-map.css';

export interface LatLng {
  lat: number;
  lng: number;
}

export interface MapTiles {
  /** URL template with {z}, {x} and {y}. */
  url: string;
  /** Plain text the tile licence asks to show, e.g. "© OpenStreetMap contributors". */
  attribution: string;
}

export const MIN_ZOOM = 3;
export const MAX_ZOOM = 19;

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** Leaflet takes attribution as HTML: the server's plain text, linked to the licence page. */
function attributionHtml(text: string): string {
  return `<a href="https://www.openstreetmap.org/copyright" target="_blank" rel="noopener noreferrer">${escapeHtml(text)}</a>`;
}

function Tiles({ tiles }: { tiles: MapTiles }) {
  return (
    <>
      <TileLayer url={tiles.url} attribution={attributionHtml(tiles.attribution)} maxZoom={MAX_ZOOM} />
      <AttributionControl position="bottomright" prefix={false} />
    </>
  );
}

/** Names the map's own focusable element (Leaflet's container takes the keyboard). */
function Describe({ label, testId }: { label: string; testId?: string | undefined }) {
  const map = useMap();
  useEffect(() => {
    const el = map.getContainer();
    el.setAttribute('role', 'application');
    el.setAttribute('aria-roledescription', 'map');
    el.setAttribute('aria-label', label);
    if (testId) el.dataset['testid'] = testId;
  }, [map, label, testId]);
  return null;
}

const near = (a: LatLng, b: LatLng) => Math.abs(a.lat - b.lat) < 1e-7 && Math.abs(a.lng - b.lng) < 1e-7;

// ------------------------------------------------------------------------------------- pin picker

export interface PinMapProps {
  tiles: MapTiles;
  /**
   * The point under the pin. The map follows when it changes from outside (e.g. "my location"); pass
   * back the very object onMove or onSettle gave, so the map knows its own moves when they return.
   */
  center: LatLng;
  /** Initial zoom (docs/product.md#constants-and-limits: 13). */
  zoom: number;
  /** Every move while dragging or animating (cheap). */
  onMove: (center: LatLng) => void;
  /** The map came to rest: look the address up. */
  onSettle: (center: LatLng) => void;
  onZoom?: (zoom: number) => void;
  label: string;
  testId?: string;
  className?: string;
}

function PinEvents({ center, onMove, onSettle, onZoom }: Omit<PinMapProps, 'tiles' | 'zoom' | 'label'>) {
  // Leaflet's listeners are attached once; they call the newest callbacks through this ref.
  const handlers = useRef({ onMove, onSettle, onZoom });
  useEffect(() => {
    handlers.current = { onMove, onSettle, onZoom };
  });
  // Every centre the map reported. One coming back as `center` is the map's own move, often a few
  // frames late on a slow phone while the map glides on: following it would pull the map back and
  // stop the glide short of where the customer tapped.
  const reported = useRef(new WeakSet<LatLng>());
  const events = useMemo<LeafletEventHandlerFnMap>(() => {
    const report = (map: LeafletMap) => {
      const c = map.getCenter();
      const center = { lat: c.lat, lng: c.lng };
      reported.current.add(center);
      return center;
    };
    return {
      move: (e) => handlers.current.onMove(report(e.target as LeafletMap)),
      moveend: (e) => handlers.current.onSettle(report(e.target as LeafletMap)),
      zoomend: (e) => handlers.current.onZoom?.(e.target.getZoom()),
      // A tap or click places the pin there: the map glides to put that point under it.
      click: (e) => e.target.panTo(e.latlng),
    };
  }, []);
  const map = useMapEvents(events);
  useEffect(() => {
    if (!reported.current.has(center) && !near(map.getCenter(), center)) map.setView(center, map.getZoom());
  }, [map, center]);
  return null;
}

export function PinMap({
  tiles,
  center,
  zoom,
  onMove,
  onSettle,
  onZoom,
  label,
  testId,
  className,
}: PinMapProps) {
  // The map owns its view once shown; the first centre and zoom are fixed so re-renders do not reset it.
  const [initial] = useState({ center, zoom });
  return (
    <div className={`street-map street-map--pin ${className ?? ''}`}>
      <MapContainer
        className="street-map__canvas"
        center={initial.center}
        zoom={initial.zoom}
        minZoom={MIN_ZOOM}
        maxZoom={MAX_ZOOM}
        // Zooming keeps the point under the pin where it is.
        scrollWheelZoom="center"
        touchZoom="center"
        doubleClickZoom="center"
        attributionControl={false}
      >
        <Tiles tiles={tiles} />
        <Describe label={label} testId={testId} />
        <PinEvents center={center} onMove={onMove} onSettle={onSettle} onZoom={onZoom} />
      </MapContainer>
      <CentrePin block="street-map" />
      <span className="street-map__pin-shadow" aria-hidden="true" />
    </div>
  );
}

// ------------------------------------------------------------------------------------ delivery map

export interface RoutePoint extends LatLng {
  /** Shown beside the marker and read as its title. */
  label: string;
}

export interface RouteMapProps {
  tiles: MapTiles;
  restaurant: RoutePoint;
  delivery: RoutePoint | null;
  courier: RoutePoint | null;
  label: string;
  className?: string;
  children?: ReactNode;
}

const GLYPHS = {
  // A fork and knife, a house, a scooter: drawn in white on the marker's coloured disc.
  restaurant:
    '<path d="M9 6v6a2 2 0 0 0 2 2v6M13 6v6M11 6v4M17 6c-1.5 0-2.5 2-2.5 5h2.5v9" fill="none" stroke="currentColor" stroke-width="1.6" stroke-linecap="round" stroke-linejoin="round"/>',
  home: '<path d="M6 13l7-6 7 6M8.5 11.5V19h9v-7.5M11.5 19v-4h3v4" fill="none" stroke="currentColor" stroke-width="1.6" stroke-linecap="round" stroke-linejoin="round"/>',
  courier:
    '<circle cx="8.5" cy="17" r="2.2" fill="none" stroke="currentColor" stroke-width="1.6"/><circle cx="18" cy="17" r="2.2" fill="none" stroke="currentColor" stroke-width="1.6"/><path d="M8.5 17h6l2-6h-3M16.5 11l1.5 6M10 13h4" fill="none" stroke="currentColor" stroke-width="1.6" stroke-linecap="round" stroke-linejoin="round"/>',
} as const;

type Kind = keyof typeof GLYPHS;

const icons = Object.fromEntries(
  (Object.keys(GLYPHS) as Kind[]).map((kind) => [
    kind,
    divIcon({
      className: `street-map__marker street-map__marker--${kind}`,
      html: `<svg viewBox="0 0 26 26" width="26" height="26" aria-hidden="true" focusable="false">${GLYPHS[kind]}</svg>`,
      iconSize: [34, 34],
      iconAnchor: [17, 17],
      // The courier's label sits to its right, clear of the restaurant and door labels above theirs.
      tooltipAnchor: kind === 'courier' ? [18, 0] : [0, -18],
    }),
  ]),
) as Record<Kind, ReturnType<typeof divIcon>>;

const FIT = { padding: [48, 48] as [number, number], maxZoom: 16 };

type Framing =
  { center: LatLng; zoom: number } | { bounds: ReturnType<typeof latLngBounds>; boundsOptions: typeof FIT };

/** The view that frames every point: a lone point close up, several with a margin. */
function framing(points: LatLng[]): Framing {
  return points.length === 1
    ? { center: points[0]!, zoom: 15 }
    : { bounds: latLngBounds(points.map((p) => [p.lat, p.lng])), boundsOptions: FIT };
}

/**
 * Frames the points again when their number changes (the courier appears). The map opens framed
 * (RouteMap), so its tiles load once, at the zoom they are shown at.
 */
function FitPoints({ points }: { points: LatLng[] }) {
  const map = useMap();
  const key = points.length;
  const latest = useRef(points);
  const framed = useRef(key);
  useEffect(() => {
    latest.current = points;
  });
  useEffect(() => {
    if (framed.current === key) return;
    framed.current = key;
    const view = framing(latest.current);
    if ('bounds' in view) map.fitBounds(view.bounds, view.boundsOptions);
    else map.setView(view.center, view.zoom);
  }, [map, key]);
  return null;
}

function Point({ at, kind }: { at: RoutePoint; kind: Kind }) {
  return (
    <Marker
      position={[at.lat, at.lng]}
      icon={icons[kind]}
      title={at.label}
      keyboard={false}
      interactive={false}
      zIndexOffset={kind === 'courier' ? 1000 : 0}
    >
      <Tooltip
        permanent
        direction={kind === 'courier' ? 'right' : 'top'}
        className={`street-map__label street-map__label--${kind}`}
      >
        {at.label}
      </Tooltip>
    </Marker>
  );
}

/**
 * Renders each step a task after the one before: the map, its tiles and its points added in one commit
 * held a slow phone's main thread for 85 ms, through the tracking page's start. Each marker is a step
 * of its own: placing its permanent label measures the page (a layout each).
 */
function OneStepATask({ steps }: { steps: ReactNode[] }) {
  const [shown, setShown] = useState(0);
  useEffect(() => {
    if (shown >= steps.length) return;
    const next = setTimeout(() => setShown((n) => n + 1));
    return () => clearTimeout(next);
  }, [shown, steps.length]);
  return steps.slice(0, shown).map((step, i) => <Fragment key={i}>{step}</Fragment>);
}

export function RouteMap({
  tiles,
  restaurant,
  delivery,
  courier,
  label,
  className,
  children,
}: RouteMapProps) {
  const points = [restaurant, ...(delivery ? [delivery] : []), ...(courier ? [courier] : [])];
  // The first view frames the points; later changes of view are FitPoints'.
  const [opening] = useState(() => framing(points));
  return (
    <div className={`street-map street-map--route ${className ?? ''}`}>
      <MapContainer
        className="street-map__canvas"
        {...opening}
        minZoom={MIN_ZOOM}
        maxZoom={MAX_ZOOM}
        // The page scrolls past the map; zoom with the buttons, two fingers or a double tap.
        scrollWheelZoom={false}
        attributionControl={false}
        zoomControl={false}
      >
        {/* Bottom right, as phone maps have them: at the top they would sit under the bottom bar
            when the page opens with the map at the fold. */}
        <ZoomControl position="bottomright" />
        <Describe label={label} />
        <OneStepATask
          steps={[
            <Tiles tiles={tiles} />,
            <>
              <FitPoints points={points} />
              {delivery && (
                <Polyline
                  positions={[
                    [restaurant.lat, restaurant.lng],
                    [delivery.lat, delivery.lng],
                  ]}
                  // className, not pathOptions: Leaflet reads a path's class only when it creates it.
                  className="street-map__route"
                  interactive={false}
                />
              )}
              {delivery && courier && (
                <Polyline
                  positions={[
                    [restaurant.lat, restaurant.lng],
                    [courier.lat, courier.lng],
                  ]}
                  className="street-map__route street-map__route--done"
                  interactive={false}
                />
              )}
            </>,
            <Point at={restaurant} kind="restaurant" />,
            delivery && <Point at={delivery} kind="home" />,
            courier && <Point at={courier} kind="courier" />,
            children,
          ]}
        />
      </MapContainer>
    </div>
  );
}
