// Delivery address: log in first (the auth overlay keeps the cart), then choose a saved address or add
// a new one. The restaurant's delivery radius decides which can be used, by the same straight-line rule
// (shared/bill.ts) the server applies when ordering; an address outside it says why and is never
// chosen or priced. The nearest usable address is chosen for the customer until they pick another.
import { accountsPaths } from '../../shared/api/paths.ts';
import { useCallback, useEffect, useMemo } from 'react';
import { useData } from '../../lib/use-api.ts';
import type { Address, AddressListResponse } from '../../shared/api/accounts.ts';
import type { StoreInfo } from '../../shared/api/checkout.ts';
import { deliveryReach } from '../../shared/geo.ts';
import { emit, snackbar } from '../../lib/events.ts';
import { formatDistance, formatRadius } from '../../lib/format.ts';

export interface Deliverability {
  ok: boolean;
  /** Metres from the restaurant in a straight line. */
  distance: number;
  /** Why it cannot be used (empty when it can). */
  message: string;
}

type Loaded = { kind: 'loading' } | { kind: 'error'; message: string } | { kind: 'ready'; list: Address[] };

export interface AddressSectionProps {
  loggedIn: boolean;
  store: StoreInfo;
  selectedId: number | null;
  /** Only ever called with an address the restaurant delivers to (or null). */
  onSelect: (address: Address | null) => void;
}

export function deliverability(a: Address, store: StoreInfo): Deliverability {
  const { distance_m: distance, delivers: ok } = deliveryReach(store, { lat: a.latitude, lng: a.longitude });
  return {
    ok,
    distance,
    message: ok
      ? ''
      : `Too far: ${formatDistance(distance)} from ${store.name}, which delivers within ${formatRadius(store.delivery_radius_m)}.`,
  };
}

/** The usable address nearest the restaurant, or null when none can be used. */
export function nearestUsable(list: readonly Address[], store: StoreInfo): Address | null {
  let best: { a: Address; d: number } | null = null;
  for (const a of list) {
    const check = deliverability(a, store);
    if (check.ok && (!best || check.distance < best.d)) best = { a, d: check.distance };
  }
  return best?.a ?? null;
}

export function AddressSection({ loggedIn, store, selectedId, onSelect }: AddressSectionProps) {
  const { data, error, isLoading, mutate } = useData<AddressListResponse | Address[]>(
    loggedIn ? accountsPaths.addresses : null,
  );
  const list = useMemo(() => (data ? (Array.isArray(data) ? data : (data.results ?? [])) : []), [data]);
  const loaded: Loaded = error
    ? { kind: 'error', message: error instanceof Error ? error.message : 'Could not load addresses.' }
    : isLoading || !data
      ? { kind: 'loading' }
      : { kind: 'ready', list };

  const load = useCallback(
    async (select?: number) => {
      const res = await mutate();
      if (select === undefined || !res) return;
      const fresh = Array.isArray(res) ? res : (res.results ?? []);
      const added = fresh.find((a) => a.id === select);
      if (!added) return;
      const check = deliverability(added, store);
      if (check.ok) onSelect(added);
      else snackbar.danger(`Saved, but it cannot be used for this order. ${check.message}`);
    },
    [mutate, onSelect, store],
  );

  // Choose for the customer: the nearest usable address, until they pick one themselves. A choice
  // that is no longer usable (another restaurant's cart) is replaced the same way.
  // The radios show that choice from their first paint; the effect then tells the page.
  const chosen = list.find((a) => a.id === selectedId);
  const shown = chosen && deliverability(chosen, store).ok ? chosen : nearestUsable(list, store);
  useEffect(() => {
    if (loaded.kind === 'ready' && (shown?.id ?? null) !== selectedId) onSelect(shown);
  }, [loaded.kind, shown, selectedId, onSelect]);

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

  const usable = list.filter((a) => deliverability(a, store).ok).length;
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
      {loaded.kind === 'ready' && loaded.list.length > 0 && usable === 0 && (
        <p className="co-error" role="status">
          {store.name} does not deliver to any of your saved addresses. Add an address within{' '}
          {formatRadius(store.delivery_radius_m)} of {store.area}.
        </p>
      )}
      {loaded.kind === 'ready' && loaded.list.length > 0 && (
        <fieldset className="co-address__list">
          <legend className="visually-hidden">Choose a delivery address</legend>
          {loaded.list.map((a) => {
            const check = deliverability(a, store);
            const blocked = !check.ok;
            const warnId = `co-address-warn-${a.id}`;
            return (
              <label
                key={a.id}
                className={`co-address__option${blocked ? ' co-address__option--blocked' : ''}`}
              >
                <input
                  type="radio"
                  name="delivery-address"
                  value={a.id}
                  checked={shown?.id === a.id}
                  disabled={blocked}
                  aria-describedby={blocked ? warnId : undefined}
                  onChange={() => onSelect(a)}
                />
                <span className="co-address__text">
                  <span className="co-address__type">{a.address_type}</span>
                  <span>
                    {a.flat}, {a.address}
                  </span>
                  {a.landmark && <span className="co-muted">Landmark: {a.landmark}</span>}
                  {blocked && (
                    <span id={warnId} className="co-address__warn">
                      {check.message}
                    </span>
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
