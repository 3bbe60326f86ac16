// The Google map with a fixed centre pin, used only when the server hands out a browser key. Its own
// chunk: @react-google-maps/api loads only when this map is shown. If the maps script has not loaded
// within MAPS_SCRIPT_TIMEOUT_MS (or fails), onFail switches the overlay to the built-in pin picker.
import { GoogleMap, useJsApiLoader, type Libraries } from '@react-google-maps/api';
import { useEffect, useRef, useState } from 'react';
import { MAPS_SCRIPT_TIMEOUT_MS } from '../../shared/constants.ts';
import { CentrePin } from '../../lib/street-map/centre-pin.tsx';
import type { LatLng } from '../../shared/geo.ts';

const LIBRARIES: Libraries = ['places'];

export interface GoogleMapPickerProps {
  apiKey: string;
  center: LatLng;
  zoom: number;
  onSettle: (center: LatLng) => void;
  onFail: () => void;
}

export default function GoogleMapPicker({ apiKey, center, zoom, onSettle, onFail }: GoogleMapPickerProps) {
  const { isLoaded, loadError } = useJsApiLoader({
    id: 'storefront-google-maps',
    googleMapsApiKey: apiKey,
    libraries: LIBRARIES,
    region: 'IN',
  });
  const map = useRef<google.maps.Map | null>(null);
  // The map owns its centre once shown; the initial one is fixed so re-renders do not snap it back.
  const [initial] = useState(center);

  useEffect(() => {
    if (loadError) onFail();
  }, [loadError, onFail]);
  useEffect(() => {
    if (isLoaded) return;
    const t = setTimeout(onFail, MAPS_SCRIPT_TIMEOUT_MS);
    return () => clearTimeout(t);
  }, [isLoaded, onFail]);

  if (!isLoaded) return <div className="address-map__placeholder skeleton" aria-label="Loading map" />;
  return (
    <div className="address-map__google">
      <GoogleMap
        mapContainerClassName="address-map__google-canvas"
        center={initial}
        zoom={zoom}
        options={{
          streetViewControl: false,
          mapTypeControl: false,
          fullscreenControl: false,
          clickableIcons: false,
        }}
        onLoad={(m) => {
          map.current = m;
        }}
        onIdle={() => {
          const c = map.current?.getCenter();
          if (c) onSettle({ lat: c.lat(), lng: c.lng() });
        }}
      />
      <CentrePin block="pin-picker" />
    </div>
  );
}
