// The save-delivery-address overlay (docs/product.md#overlays): a map with a centre pin, the
// reverse-geocoded address of the pin, door/flat, landmark and the address type, then Save.
import { lazy, Suspense, useCallback, useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { firstMessage } from '../../lib/http.ts';
import { snackbar } from '../../lib/events.ts';
import { appState } from '../../lib/app-state.ts';
import { ADDRESS_TYPES, type AddressType } from '../../shared/account-rules.ts';
import type { CreateAddressRequest } from '../../shared/api/accounts.ts';
import type { GeocodeResult } from '../../shared/api/discovery.ts';
import { MAP_OPEN_DELAY_MS, MAP_ZOOM } from '../../shared/constants.ts';
import { roundCoord, type LatLng } from '../../shared/geo.ts';
import { loadMapSettings, type MapTiles } from '../../lib/street-map/index.tsx';
import { AddressTypeIcon, TYPE_LABELS } from './address-type-icon.tsx';
import { createAddress } from './api/create-address.ts';
import { reverseGeocodePoint } from './api/reverse-geocode-point.ts';
import { PinPicker } from './pin-picker.tsx';
import { canSubmit, saveDisabled } from './rules.ts';
import './addresses.css';

const GoogleMapPicker = lazy(() => import('./google-map.tsx'));

/** Where the map opens without a saved location: central Bengaluru. */
export const DEFAULT_CENTER: LatLng = { lat: 12.9716, lng: 77.5946 };
const GEOCODE_DEBOUNCE_MS = 350;

type MapKind =
  | { kind: 'pending' }
  | { kind: 'failed' }
  | { kind: 'street'; tiles: MapTiles }
  | { kind: 'google'; key: string; tiles: MapTiles };

/** Six decimals (~10 cm): enough for a doorstep, short in URLs. */
const round6 = (v: number) => roundCoord(v, 6);

interface Place {
  address: string;
  area: string;
  address_components: GeocodeResult['address_components'];
  place_id: string;
}

export interface AddressFormProps {
  onSaved?: ((addressId: number) => void) | undefined;
  onClose: () => void;
  /** The delay before the map opens (docs/product.md#overlays); tests pass 0. */
  openDelayMs?: number;
}

export function AddressForm({ onSaved, onClose, openDelayMs = MAP_OPEN_DELAY_MS }: AddressFormProps) {
  const [map, setMap] = useState<MapKind>({ kind: 'pending' });
  const [mapOpen, setMapOpen] = useState(openDelayMs <= 0);
  const [center, setCenter] = useState<LatLng>(() => {
    const loc = appState.get().userLocation;
    return loc ? { lat: loc.lat, lng: loc.lng } : DEFAULT_CENTER;
  });
  const [zoom, setZoom] = useState(MAP_ZOOM);
  const [settled, setSettled] = useState<LatLng>(center);
  const [place, setPlace] = useState<Place | null>(null);
  const [locating, setLocating] = useState(true);
  const [locationError, setLocationError] = useState<string | null>(null);
  const [flat, setFlat] = useState('');
  const [landmark, setLandmark] = useState('');
  const [addressType, setAddressType] = useState<AddressType | null>(null);
  const [saving, setSaving] = useState(false);
  const [saveError, setSaveError] = useState<string | null>(null);
  const ids = { flat: useId(), landmark: useId(), type: useId(), error: useId(), place: useId() };
  const seq = useRef(0);

  // The map opens after a short delay (docs/product.md#overlays), once we know which map to show.
  useEffect(() => {
    if (openDelayMs <= 0) return;
    const t = setTimeout(() => setMapOpen(true), openDelayMs);
    return () => clearTimeout(t);
  }, [openDelayMs]);
  useEffect(() => {
    let live = true;
    loadMapSettings()
      .then(
        (r) =>
          live &&
          setMap(r.key ? { kind: 'google', key: r.key, tiles: r.tiles } : { kind: 'street', tiles: r.tiles }),
      )
      .catch(() => live && setMap({ kind: 'failed' }));
    return () => {
      live = false;
    };
  }, []);

  // Reverse geocode the pin once it rests; only the newest answer counts.
  useEffect(() => {
    const mine = ++seq.current;
    const t = setTimeout(() => {
      setLocating(true);
      reverseGeocodePoint(round6(settled.lat), round6(settled.lng))
        .then((res) => {
          if (mine !== seq.current) return;
          const best = res.data[0];
          if (!best) {
            setPlace(null);
            setLocationError('We could not find an address here. Move the pin a little.');
            return;
          }
          setLocationError(null);
          setPlace({
            address: best.formatted_address,
            area: best.area,
            address_components: best.address_components,
            place_id: best.place_id,
          });
        })
        .catch((err: unknown) => {
          if (mine !== seq.current) return;
          // docs/product.md#overlays: a 401 (and any other failure) is shown as a red location error.
          setPlace(null);
          setLocationError(firstMessage(err));
        })
        .finally(() => {
          if (mine === seq.current) setLocating(false);
        });
    }, GEOCODE_DEBOUNCE_MS);
    return () => clearTimeout(t);
  }, [settled]);

  const onMove = useCallback((c: LatLng) => setCenter(c), []);
  const onSettle = useCallback((c: LatLng) => {
    setCenter(c);
    setSettled(c);
  }, []);
  // Google's script missed its time-out or failed: the street map takes over.
  const useStreetMap = useCallback(
    () => setMap((m) => (m.kind === 'google' ? { kind: 'street', tiles: m.tiles } : m)),
    [],
  );

  // The typed lines of the address, both required: name, id, label, autofill hint, length, value, setter.
  const lines = [
    ['flat', ids.flat, 'Door / Flat No.', 'address-line1', 100, flat, setFlat],
    ['landmark', ids.landmark, 'Landmark', 'address-line2', 200, landmark, setLandmark],
  ] as const;
  const draft = { locationError, address: place?.address ?? '', flat, landmark, addressType };
  const disabled = saveDisabled(draft) || saving;

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (saving) return;
    if (!canSubmit(draft)) {
      setSaveError(locationError ?? 'Move the pin to your delivery location first.');
      return;
    }
    setSaving(true);
    setSaveError(null);
    try {
      const body: CreateAddressRequest = {
        address: place?.address ?? '',
        flat,
        landmark,
        address_type: addressType as AddressType,
        latitude: round6(settled.lat),
        longitude: round6(settled.lng),
        address_components: place?.address_components ?? [],
        place_id: place?.place_id ?? '',
      };
      const res = await createAddress(body);
      snackbar.success('Address saved');
      onSaved?.(res.data.id);
      onClose();
    } catch (err) {
      setSaveError(firstMessage(err));
    } finally {
      setSaving(false);
    }
  };

  return (
    <form className="address-form" onSubmit={(e) => void submit(e)} noValidate>
      <h2 className="address-form__title">Save delivery address</h2>
      <div className="address-map">
        {!mapOpen || map.kind === 'pending' ? (
          <div className="address-map__placeholder skeleton" role="status" aria-label="Loading map" />
        ) : map.kind === 'google' ? (
          <Suspense fallback={<div className="address-map__placeholder skeleton" aria-label="Loading map" />}>
            <GoogleMapPicker
              apiKey={map.key}
              center={center}
              zoom={zoom}
              onSettle={onSettle}
              onFail={useStreetMap}
            />
          </Suspense>
        ) : map.kind === 'failed' ? (
          <p className="address-map__failed" role="alert">
            The map could not load. Check your connection and open this form again.
          </p>
        ) : (
          <PinPicker
            tiles={map.tiles}
            center={center}
            zoom={zoom}
            onMove={onMove}
            onSettle={onSettle}
            onZoom={setZoom}
          />
        )}
      </div>
      <div className="address-form__place" id={ids.place} aria-live="polite">
        {locationError ? (
          <p className="address-form__location-error text-danger" role="alert">
            {locationError}
          </p>
        ) : locating && !place ? (
          <p className="text-muted">Finding the address of the pin…</p>
        ) : place ? (
          <>
            <p className="address-form__area">{place.area || 'Delivery location'}</p>
            <p className="address-form__address">{place.address}</p>
          </>
        ) : null}
      </div>
      {lines.map(([name, id, label, autoComplete, maxLength, value, set]) => (
        <div className="field" key={name}>
          <label htmlFor={id}>{label}</label>
          <input
            id={id}
            name={name}
            autoComplete={autoComplete}
            required
            maxLength={maxLength}
            value={value}
            onChange={(e) => set(e.target.value)}
            aria-describedby={ids.error}
          />
        </div>
      ))}
      <fieldset className="address-form__types">
        <legend>Save as</legend>
        <div className="address-form__type-list">
          {ADDRESS_TYPES.map((t) => (
            <label key={t} className="address-form__type" data-checked={addressType === t}>
              <input
                type="radio"
                name="address_type"
                value={t}
                checked={addressType === t}
                onChange={() => setAddressType(t)}
              />
              <AddressTypeIcon type={t} />
              {TYPE_LABELS[t]}
            </label>
          ))}
        </div>
      </fieldset>
      <p id={ids.error} className="address-form__error text-danger" role="alert" hidden={!saveError}>
        {saveError}
      </p>
      <button type="submit" className="button button--primary address-form__save" disabled={disabled}>
        {saving ? 'Saving…' : 'Save address'}
      </button>
    </form>
  );
}
