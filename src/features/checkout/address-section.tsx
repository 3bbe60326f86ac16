// Delivery address: log in first (the auth overlay keeps the cart), then choose a saved address or add
// a new one; each is checked against the restaurant's delivery radius by the maps service.
import { useCallback, useEffect, useMemo, useState } from 'react';
import useSWR from 'swr';
import type { Address, AddressListResponse } from '../../shared/api/accounts.ts';
import type { StoreInfo } from '../../shared/api/checkout.ts';
import type { AllowedResponse } from '../../shared/api/discovery.ts';
import { distanceMetres } from '../../shared/bill.ts';
import { emit } from '../../lib/events.ts';
import { api } from '../../lib/http.ts';

const ADDRESSES_PATH = '/api/v1/users/customer/address/';
const allowedPath = (lat: number, lng: number, storeId: number) =>
  `/api/v1/gmaps/reverse-geocode/allowed/latlng/${lat},${lng}/${storeId}`;

export interface Deliverability {
  ok: boolean;
  message: string;
}

type Loaded = { kind: 'loading' } | { kind: 'error'; message: string } | { kind: 'ready'; list: Address[] };

export interface AddressSectionProps {
  loggedIn: boolean;
  store: StoreInfo;
  selectedId: number | null;
  onSelect: (address: Address | null, ok: boolean) => void;
}

export function AddressSection({ loggedIn, store, selectedId, onSelect }: AddressSectionProps) {
  const { data, error, isLoading, mutate } = useSWR(loggedIn ? ADDRESSES_PATH : null, (path: string) =>
    api<AddressListResponse | Address[]>(path),
  );
  const list = useMemo(() => (data ? (Array.isArray(data) ? data : (data.results ?? [])) : []), [data]);
  const loaded: Loaded = error
    ? { kind: 'error', message: error instanceof Error ? error.message : 'Could not load addresses.' }
    : isLoading || !data
      ? { kind: 'loading' }
      : { kind: 'ready', list };
  const [remote, setRemote] = useState<Record<number, Deliverability>>({});

  const load = useCallback(
    async (select?: number) => {
      const res = await mutate();
      if (select === undefined || !res) return;
      const fresh = Array.isArray(res) ? res : (res.results ?? []);
      const chosen = fresh.find((a) => a.id === select);
      if (chosen) onSelect(chosen, true);
    },
    [mutate, onSelect],
  );

  // Ask the maps service whether the restaurant delivers to each address (the server re-checks when
  // ordering); until it answers, or without it, the straight-line distance decides.
  useEffect(() => {
    let live = true;
    for (const a of list) {
      api<AllowedResponse>(allowedPath(a.latitude, a.longitude, store.id))
        .then((res) => {
          if (live)
            setRemote((c) => ({ ...c, [a.id]: { ok: res.status, message: res.status ? '' : res.message } }));
        })
        .catch(() => undefined);
    }
    return () => {
      live = false;
    };
  }, [list, store.id]);

  const checkOf = useCallback(
    (a: Address): Deliverability => {
      const r = remote[a.id];
      if (r) return r;
      const ok = distanceMetres({ lat: a.latitude, lng: a.longitude }, store) <= store.delivery_radius_m;
      return { ok, message: ok ? '' : 'Outside delivery area' };
    },
    [remote, store],
  );

  // Keep the page's choice in step with what we learn about deliverability.
  useEffect(() => {
    if (selectedId === null) return;
    const chosen = list.find((a) => a.id === selectedId);
    if (chosen) onSelect(chosen, checkOf(chosen).ok);
  }, [list, selectedId, checkOf, onSelect]);

  if (!loggedIn) {
    return (
      <section className="co-card co-address" aria-labelledby="co-address-title">
        <h2 id="co-address-title" className="co-section__title">
          Delivery address
        </h2>
        <p className="co-muted">
          Log in to choose a delivery address and place your order. Your cart stays as it is.
        </p>
        <button
          type="button"
          className="button button--primary"
          onClick={() => emit('show-auth', { mode: 'login', redirect: false })}
        >
          Log in
        </button>
      </section>
    );
  }

  return (
    <section className="co-card co-address" aria-labelledby="co-address-title">
      <div className="co-address__head">
        <h2 id="co-address-title" className="co-section__title">
          Delivery address
        </h2>
        <button
          type="button"
          className="button"
          onClick={() => emit('show-address', { onSaved: (id) => void load(id) })}
        >
          Add new address
        </button>
      </div>
      {loaded.kind === 'loading' && (
        <div className="skeleton co-address__skeleton" role="status" aria-label="Loading addresses" />
      )}
      {loaded.kind === 'error' && (
        <div role="alert" className="co-error">
          {loaded.message}{' '}
          <button type="button" className="button" onClick={() => void load()}>
            Try again
          </button>
        </div>
      )}
      {loaded.kind === 'ready' && loaded.list.length === 0 && (
        <p className="co-muted">You have no saved addresses yet. Add one to continue.</p>
      )}
      {loaded.kind === 'ready' && loaded.list.length > 0 && (
        <fieldset className="co-address__list">
          <legend className="visually-hidden">Choose a delivery address</legend>
          {loaded.list.map((a) => {
            const check = checkOf(a);
            const blocked = !check.ok;
            return (
              <label
                key={a.id}
                className={`co-address__option${blocked ? ' co-address__option--blocked' : ''}`}
              >
                <input
                  type="radio"
                  name="delivery-address"
                  value={a.id}
                  checked={selectedId === a.id}
                  disabled={blocked}
                  onChange={() => onSelect(a, check.ok)}
                />
                <span className="co-address__text">
                  <span className="co-address__type">{a.address_type}</span>
                  <span>
                    {a.flat}, {a.address}
                  </span>
                  {a.landmark && <span className="co-muted">Landmark: {a.landmark}</span>}
                  {blocked && (
                    <span className="co-address__warn">{check.message || 'Outside delivery area'}</span>
                  )}
                </span>
              </label>
            );
          })}
        </fieldset>
      )}
    </section>
  );
}
