// The built-in map for choosing a delivery point without any map service: a Web Mercator grid that
// pans under a fixed centre pin (drag, or arrow keys to nudge), zooms with buttons or +/-, shows the
// pin's coordinates and can jump to the device's location.
import { useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';
import { MAX_ZOOM, MIN_ZOOM, TILE, pan, round6, toWorld, type LatLng } from './mercator.ts';

export interface PinPickerProps {
  center: LatLng;
  zoom: number;
  /** Every move while dragging (cheap). */
  onMove: (center: LatLng) => void;
  /** The pin came to rest: look the address up. */
  onSettle: (center: LatLng) => void;
  onZoom: (zoom: number) => void;
}

const NUDGE_PX = 32;

export function PinPicker({ center, zoom, onMove, onSettle, onZoom }: PinPickerProps) {
  const drag = useRef<{ x: number; y: number; center: LatLng; moved: boolean } | null>(null);
  const [geoMessage, setGeoMessage] = useState<string | null>(null);
  const [locating, setLocating] = useState(false);
  const world = toWorld(center, zoom);
  const ox = -(((world.x % TILE) + TILE) % TILE);
  const oy = -(((world.y % TILE) + TILE) % TILE);

  const onPointerDown = (e: PointerEvent<HTMLDivElement>) => {
    if (e.button !== 0) return;
    e.currentTarget.setPointerCapture?.(e.pointerId);
    drag.current = { x: e.clientX, y: e.clientY, center, moved: false };
  };
  const onPointerMove = (e: PointerEvent<HTMLDivElement>) => {
    const d = drag.current;
    if (!d) return;
    const dx = e.clientX - d.x;
    const dy = e.clientY - d.y;
    if (!d.moved && Math.abs(dx) + Math.abs(dy) < 3) return;
    d.moved = true;
    onMove(pan(d.center, zoom, dx, dy));
  };
  const onPointerUp = (e: PointerEvent<HTMLDivElement>) => {
    const d = drag.current;
    drag.current = null;
    if (!d?.moved) return;
    onSettle(pan(d.center, zoom, e.clientX - d.x, e.clientY - d.y));
  };

  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    const step = e.shiftKey ? NUDGE_PX * 4 : NUDGE_PX;
    const moves: Record<string, [number, number]> = {
      ArrowLeft: [step, 0],
      ArrowRight: [-step, 0],
      ArrowUp: [0, step],
      ArrowDown: [0, -step],
    };
    const m = moves[e.key];
    if (m) {
      e.preventDefault();
      const next = pan(center, zoom, m[0], m[1]);
      onMove(next);
      onSettle(next);
    } else if (e.key === '+' || e.key === '=') {
      e.preventDefault();
      onZoom(Math.min(MAX_ZOOM, zoom + 1));
    } else if (e.key === '-' || e.key === '_') {
      e.preventDefault();
      onZoom(Math.max(MIN_ZOOM, zoom - 1));
    }
  };

  const useMyLocation = () => {
    setGeoMessage(null);
    if (!('geolocation' in navigator) || !navigator.geolocation) {
      setGeoMessage('Your browser does not support location access. Move the map to your address instead.');
      return;
    }
    setLocating(true);
    navigator.geolocation.getCurrentPosition(
      (pos) => {
        setLocating(false);
        const here = { lat: pos.coords.latitude, lng: pos.coords.longitude };
        onMove(here);
        onSettle(here);
      },
      () => {
        setLocating(false);
        setGeoMessage('We could not get your location. Move the map to your address instead.');
      },
      { enableHighAccuracy: true, timeout: 10_000, maximumAge: 60_000 },
    );
  };

  return (
    <div className="pin-picker">
      <div
        className="pin-picker__map"
        role="application"
        aria-roledescription="map"
        aria-label="Delivery point. Drag the map or use the arrow keys to move it under the pin; plus and minus zoom."
        tabIndex={0}
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={onPointerUp}
        onPointerCancel={() => (drag.current = null)}
        onKeyDown={onKeyDown}
        data-testid="pin-picker"
      >
        <svg className="pin-picker__grid" width="100%" height="100%" aria-hidden="true" focusable="false">
          <defs>
            <pattern
              id="pin-picker-minor"
              width={TILE / 4}
              height={TILE / 4}
              patternUnits="userSpaceOnUse"
              patternTransform={`translate(${ox} ${oy})`}
            >
              <path d={`M ${TILE / 4} 0 L 0 0 0 ${TILE / 4}`} className="pin-picker__minor" />
            </pattern>
            <pattern
              id="pin-picker-major"
              width={TILE}
              height={TILE}
              patternUnits="userSpaceOnUse"
              patternTransform={`translate(${ox} ${oy})`}
            >
              <rect width={TILE} height={TILE} fill="url(#pin-picker-minor)" />
              <path d={`M ${TILE} 0 L 0 0 0 ${TILE}`} className="pin-picker__major" />
            </pattern>
          </defs>
          <svg x="50%" y="50%" overflow="visible">
            <rect x={-4096} y={-4096} width={8192} height={8192} fill="url(#pin-picker-major)" />
          </svg>
        </svg>
        <span className="pin-picker__pin" aria-hidden="true">
          <svg width="36" height="48" viewBox="0 0 36 48" focusable="false">
            <path
              d="M18 47c-1-6-14-16-14-29a14 14 0 0 1 28 0c0 13-13 23-14 29z"
              className="pin-picker__pin-body"
            />
            <circle cx="18" cy="18" r="5.5" className="pin-picker__pin-dot" />
          </svg>
        </span>
        <span className="pin-picker__shadow" aria-hidden="true" />
        <span className="pin-picker__hint" aria-hidden="true">
          Drag the map to move the pin
        </span>
        <span className="pin-picker__coords" data-testid="pin-coords">
          <span className="visually-hidden">Pin at latitude and longitude </span>
          {round6(center.lat).toFixed(6)}, {round6(center.lng).toFixed(6)}
        </span>
      </div>
      <div className="pin-picker__zoom">
        <button
          type="button"
          aria-label="Zoom in"
          disabled={zoom >= MAX_ZOOM}
          onClick={() => onZoom(zoom + 1)}
        >
          +
        </button>
        <button
          type="button"
          aria-label="Zoom out"
          disabled={zoom <= MIN_ZOOM}
          onClick={() => onZoom(zoom - 1)}
        >
          −
        </button>
      </div>
      <div className="pin-picker__bar">
        <button type="button" className="pin-picker__locate" onClick={useMyLocation} disabled={locating}>
          <svg width="18" height="18" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
            <circle cx="12" cy="12" r="4" fill="currentColor" />
            <path
              d="M12 2v3M12 19v3M2 12h3M19 12h3M12 6.5a5.5 5.5 0 1 0 0 11 5.5 5.5 0 0 0 0-11z"
              fill="none"
              stroke="currentColor"
              strokeWidth="2"
            />
          </svg>
          {locating ? 'Locating…' : 'Use my location'}
        </button>
      </div>
      {geoMessage && (
        <p className="pin-picker__message text-danger" role="alert">
          {geoMessage}
        </p>
      )}
    </div>
  );
}
