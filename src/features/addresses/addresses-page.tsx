// /myaccount/addresses: the saved delivery addresses, with delete (after a confirmation) and
// "Add new address" (the save-address overlay).
import { useState } from 'react';
import { useData } from '../../lib/use-api.ts';
import { emit, snackbar } from '../../lib/events.ts';
import { firstMessage } from '../../lib/http.ts';
import type { Address, AddressListResponse } from '../../shared/api/accounts.ts';
import { accountsPaths } from '../../shared/api/paths.ts';
import { AddressTypeIcon, TYPE_LABELS } from './address-type-icon.tsx';
import { deleteAddress } from './api/delete-address.ts';
import './addresses.css';

export function AddressesPage() {
  const { data, error, isLoading, mutate } = useData<AddressListResponse>(accountsPaths.addresses);
  const add = () => emit('show-address', { onSaved: () => void mutate() });
  const addresses = data?.results ?? [];

  return (
    <main id="main" className="page addresses-page">
      <div className="addresses-page__head">
        <h1>Saved addresses</h1>
        {addresses.length > 0 && (
          <button type="button" className="button button--primary" onClick={add}>
            Add new address
          </button>
        )}
      </div>
      {isLoading && !data ? (
        <ul className="address-list" aria-busy="true" aria-label="Loading addresses">
          {[0, 1].map((i) => (
            <li key={i} className="address-card card">
              <div className="skeleton address-card__skeleton" />
            </li>
          ))}
        </ul>
      ) : error && !data ? (
        <div className="addresses-page__empty card">
          <p className="text-danger" role="alert">
            {firstMessage(error)}
          </p>
          <button type="button" className="button" onClick={() => void mutate()}>
            Try again
          </button>
        </div>
      ) : addresses.length === 0 ? (
        <div className="addresses-page__empty card">
          <AddressTypeIcon type="other" size={40} />
          <h2>No saved addresses yet</h2>
          <p className="text-muted">Save your home or work address to check out faster.</p>
          <button type="button" className="button button--primary" onClick={add}>
            Add new address
          </button>
        </div>
      ) : (
        <ul className="address-list">
          {addresses.map((a) => (
            <AddressCard
              key={a.id}
              address={a}
              onDeleted={() =>
                void mutate(
                  (cur) =>
                    cur && {
                      ...cur,
                      count: cur.count - 1,
                      results: cur.results.filter((x) => x.id !== a.id),
                    },
                  {
                    revalidate: true,
                  },
                )
              }
            />
          ))}
        </ul>
      )}
    </main>
  );
}

function AddressCard({ address, onDeleted }: { address: Address; onDeleted: () => void }) {
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const label = TYPE_LABELS[address.address_type];

  const remove = async () => {
    setBusy(true);
    setError(null);
    try {
      await deleteAddress(address.id);
      snackbar.success('Address deleted');
      onDeleted();
    } catch (err) {
      setError(firstMessage(err));
      setBusy(false);
    }
  };

  return (
    <li className="address-card card">
      <span className="address-card__icon">
        <AddressTypeIcon type={address.address_type} size={24} />
      </span>
      <div className="address-card__body">
        <h2 className="address-card__type">{label}</h2>
        <p className="address-card__line">
          {address.flat}, {address.address}
        </p>
        {address.landmark && (
          <p className="address-card__landmark text-muted">Landmark: {address.landmark}</p>
        )}
        {error && (
          <p className="text-danger" role="alert">
            {error}
          </p>
        )}
        {confirming ? (
          <div className="address-card__confirm" role="group" aria-label="Confirm delete">
            <span>Delete this address?</span>
            <button
              type="button"
              className="button button--danger"
              disabled={busy}
              onClick={() => void remove()}
            >
              {busy ? 'Deleting…' : 'Yes, delete'}
            </button>
            <button type="button" className="button" disabled={busy} onClick={() => setConfirming(false)}>
              Cancel
            </button>
          </div>
        ) : (
          <button
            type="button"
            className="address-card__delete"
            aria-label={`Delete ${label} address`}
            onClick={() => setConfirming(true)}
          >
            Delete
          </button>
        )}
      </div>
    </li>
  );
}
