// The menu's items with their stock state, searchable: mark one out of stock for the rest of the day,
// for 4 hours or until turned back on, or put it back. Customers' menus and carts follow within seconds.
import { useDeferredValue, useEffect, useId, useMemo, useState } from 'react';
import { firstMessage } from '../../lib/http.ts';
import { STOCK_DURATIONS, type StockDuration } from '../../shared/kitchen.ts';
import type { KitchenItem } from '../../shared/api/kitchen.ts';
import { listMenuItems } from './api/list-menu-items.ts';
import { setItemStock } from './api/set-item-stock.ts';
import { KitchenDialog } from './kitchen-dialog.tsx';
import { STOCK_LABELS, stockLabel } from './control-labels.ts';

export function StockList({ onChanged }: { onChanged: () => void }) {
  const [items, setItems] = useState<KitchenItem[] | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [attempt, setAttempt] = useState(0);
  const [query, setQuery] = useState('');
  const deferred = useDeferredValue(query);
  const [marking, setMarking] = useState<KitchenItem | null>(null);
  const [duration, setDuration] = useState<StockDuration>('end_of_day');
  const [working, setWorking] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [said, setSaid] = useState('');
  const groupName = useId();

  useEffect(() => {
    const ctl = new AbortController();
    listMenuItems(ctl.signal)
      .then((p) => {
        setItems(p.results);
        setLoadError(null);
      })
      .catch((err: unknown) => {
        if ((err as Error).name !== 'AbortError') setLoadError(firstMessage(err, 'Could not load the menu.'));
      });
    return () => ctl.abort();
  }, [attempt]);

  const shown = useMemo(() => {
    const q = deferred.trim().toLowerCase();
    const list = items ?? [];
    return q ? list.filter((i) => `${i.name} ${i.category}`.toLowerCase().includes(q)) : list;
  }, [items, deferred]);

  async function change(item: KitchenItem, outFor: StockDuration | null) {
    setWorking(item.id);
    setError(null);
    try {
      const updated = await setItemStock(item.id, outFor);
      setItems((list) => (list ?? []).map((i) => (i.id === updated.id ? updated : i)));
      setSaid(`${updated.name}: ${stockLabel(updated)}`);
      setMarking(null);
      onChanged();
    } catch (err) {
      setError(firstMessage(err, 'Could not change the item.'));
      setMarking(null);
    } finally {
      setWorking(null);
    }
  }

  if (loadError)
    return (
      <div className="kitchen__error" role="alert">
        <span>{loadError}</span>
        <button type="button" className="button" onClick={() => setAttempt((a) => a + 1)}>
          Try again
        </button>
      </div>
    );
  if (!items) return <p className="kitchen__muted">Loading the menu…</p>;

  return (
    <div className="kitchen-stock">
      <label className="field kitchen-stock__search">
        Search items
        <input
          type="search"
          value={query}
          maxLength={100}
          placeholder="Dish or category"
          onChange={(e) => setQuery(e.target.value)}
        />
      </label>
      <p className="visually-hidden" aria-live="polite">
        {said}
      </p>
      {error && (
        <p className="kitchen__error" role="alert">
          {error}
        </p>
      )}
      {shown.length === 0 ? (
        <p className="kitchen__muted">
          {items.length === 0 ? 'The menu has no items yet.' : 'No item matches.'}
        </p>
      ) : (
        <ul className="kitchen-stock__list">
          {shown.map((item) => (
            <li
              key={item.id}
              className={`kitchen-stock__item${item.in_stock ? '' : ' kitchen-stock__item--out'}`}
              data-item-id={item.id}
            >
              <span className="kitchen-stock__name">
                {item.name}
                <span className="kitchen__muted"> · {item.category}</span>
              </span>
              <span className="kitchen-stock__state">{stockLabel(item)}</span>
              {item.in_stock ? (
                <button
                  type="button"
                  className="button"
                  disabled={working === item.id}
                  onClick={() => {
                    setDuration('end_of_day');
                    setMarking(item);
                  }}
                  aria-label={`Mark ${item.name} out of stock`}
                >
                  Out of stock
                </button>
              ) : (
                <button
                  type="button"
                  className="button button--primary"
                  disabled={working === item.id}
                  onClick={() => void change(item, null)}
                  aria-label={`Put ${item.name} back in stock`}
                >
                  Back in stock
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
      {marking && (
        <KitchenDialog
          title={`${marking.name} out of stock`}
          confirmLabel="Mark out of stock"
          tone="danger"
          working={working === marking.id}
          onCancel={() => setMarking(null)}
          onConfirm={() => void change(marking, duration)}
        >
          <fieldset className="kitchen-dialog__choices">
            <legend>How long?</legend>
            {STOCK_DURATIONS.map((d) => (
              <label key={d} className="kitchen-dialog__choice">
                <input
                  type="radio"
                  name={groupName}
                  value={d}
                  checked={duration === d}
                  onChange={() => setDuration(d)}
                />
                {STOCK_LABELS[d]}
              </label>
            ))}
          </fieldset>
          <p className="kitchen__muted">Customers see it as out of stock and cannot order it.</p>
        </KitchenDialog>
      )}
    </div>
  );
}
