// The delivery-point picker without a Google key: a street map (src/lib/street-map, Leaflet with
// MAP_TILE_URL tiles) that pans under a fixed centre pin. Drag the map, tap or click a spot to put
// the pin there, or use the arrow keys; zoom with the buttons or +/-. Shows the pin's coordinates
// and can jump to the device's location.
import { Suspense, useState } from 'react';
import { MapBoundary, StreetPinMap, type MapTiles } from '../../lib/street-map/index.tsx';
import { roundCoord, type LatLng } from '../../shared/geo.ts';

export interface PinPickerProps {
  tiles: MapTiles;
  center: LatLng;
  zoom: number;
  /** Every move while dragging (cheap). */
  onMove: (center: LatLng) => void;
  /** The pin came to rest: look the address up. */
  onSettle: (center: LatLng) => void;
  onZoom: (zoom: number) => void;
}

const LABEL =
  'Delivery point. Drag the map, tap a spot or use the arrow keys to move it under the pin; plus and minus zoom.';

export function PinPicker({ tiles, center, zoom, onMove, onSettle, onZoom }: PinPickerProps) {
  const [geoMessage, setGeoMessage] = useState<string | null>(null);
  const [locating, setLocating] = useState(false);

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

  const loading = (
    <div className="address-map__placeholder skeleton" role="status" aria-label="Loading map" />
  );
  return (
    <div className="pin-picker">
      <div className="pin-picker__map">
        <MapBoundary
          fallback={
            <p className="pin-picker__failed" role="alert">
              The map could not load. Check your connection, or use your location below.
            </p>
          }
        >
          <Suspense fallback={loading}>
            <StreetPinMap
              tiles={tiles}
              center={center}
              zoom={zoom}
              onMove={onMove}
              onSettle={onSettle}
              onZoom={onZoom}
              label={LABEL}
              testId="pin-picker"
              className="pin-picker__street"
            />
          </Suspense>
        </MapBoundary>
        <span className="pin-picker__hint" aria-hidden="true">
          Drag the map or tap to move the pin
        </span>
      </div>
      <div className="pin-picker__bar">
        <span className="pin-picker__coords" data-testid="pin-coords">
          <span className="visually-hidden">Pin at latitude and longitude </span>
          {roundCoord(center.lat, 6).toFixed(6)}, {roundCoord(center.lng, 6).toFixed(6)}
        </span>
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
