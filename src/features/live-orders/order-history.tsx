// The console's history: the restaurant's orders of a day range in Indian time (today, yesterday, the
// last 7 days or chosen dates), by status, searched by order number or phone, with the range's totals
// (orders, revenue). Filters live in the address (history-query.ts); pages of 10, the refresh payload's
// size; cards update in place from the socket.
import { useEffect, useId, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { useSearchParams } from '../../lib/router.tsx';
import { formatRupees } from '../../lib/format.ts';
import { useDebouncedValue } from '../../lib/use-debounced-value.ts';
import { LIVE_ORDERS_REFRESH, TABLE_HEIGHT_OFFSET } from '../../shared/constants.ts';
import { formatDate } from '../../shared/india-time.ts';
import { ORDER_STATUSES, STAFF_STATUS_LABELS } from '../../shared/order-status.ts';
import type { ActionDialogProps } from './action-dialog.tsx';
import type { LazyPart } from './lazy-parts.tsx';
import { refreshPayload, type Mode } from './order-list-query.ts';
import {
  historyParams,
  RANGE_LABELS,
  RANGE_PRESETS,
  readHistoryQuery,
  type HistoryQuery,
  type RangePreset,
} from './history-query.ts';
import { OrderCardList, OrderListError } from './order-card-list.tsx';
import { useOrderActions } from './use-order-actions.tsx';
import { useOrderList } from './use-order-list.ts';

const HISTORY_RULES = { belongs: () => true, takesNew: false };

function rangeText(h: HistoryQuery): string {
  if (h.range === 'today') return 'today';
  if (h.range === 'yesterday') return 'yesterday';
  const from = formatDate(`${h.startDate}T12:00:00+05:30`);
  const to = formatDate(`${h.endDate}T12:00:00+05:30`);
  return from === to ? from : `${from} – ${to}`;
}

export function OrderHistory({
  restaurantId,
  actionDialog,
}: {
  restaurantId: string | undefined;
  /** The Accept / Reject dialog (the board's, loaded on use). */
  actionDialog: LazyPart<ActionDialogProps>;
}) {
  const [params, setParams] = useSearchParams();
  const h = useMemo(() => readHistoryQuery(params), [params]);
  const set = (change: Partial<HistoryQuery>) =>
    setParams(historyParams({ ...h, page: 1, ...change }), { replace: true });

  // Typing searches after a pause; the address follows the search, not each key.
  const [typed, setTyped] = useState(h.q);
  const searched = useDebouncedValue(typed.trim(), 350);
  useEffect(() => {
    if (searched !== h.q) setParams(historyParams({ ...h, q: searched, page: 1 }), { replace: true });
    // Only a new search moves the address; h changes with it.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [searched]);

  const offset = (h.page - 1) * LIVE_ORDERS_REFRESH.limit;
  const query = useMemo(
    () => ({
      ...refreshPayload(h.status, offset, { startDate: h.startDate, endDate: h.endDate }),
      ...(h.q ? { q: h.q } : {}),
    }),
    [h.status, offset, h.startDate, h.endDate, h.q],
  );
  const list = useOrderList(restaurantId, query, HISTORY_RULES);
  const { busy, onAction, dialog } = useOrderActions(list.put, list.refresh, actionDialog);
  const pages = Math.max(1, Math.ceil(list.count / LIVE_ORDERS_REFRESH.limit));
  const ids = { range: useId(), status: useId(), q: useId(), from: useId(), to: useId() };
  // The custom range's two dates, each bounded by the other: field, id, label, min, max.
  const dateFields = [
    ['startDate', ids.from, 'From', undefined, h.endDate],
    ['endDate', ids.to, 'To', h.startDate, undefined],
  ] as const;

  // The list's height: the window's minus its top offset minus TABLE_HEIGHT_OFFSET, at least 240 px.
  const listRef = useRef<HTMLDivElement>(null);
  const [height, setHeight] = useState<number | undefined>(undefined);
  const loaded = list.orders !== null;
  useLayoutEffect(() => {
    const measure = () => {
      const top = listRef.current?.getBoundingClientRect().top ?? 0;
      setHeight(Math.max(240, window.innerHeight - top - TABLE_HEIGHT_OFFSET));
    };
    measure();
    window.addEventListener('resize', measure);
    return () => window.removeEventListener('resize', measure);
  }, [loaded, h.range]);

  return (
    <div className="history">
      <form
        className="history__filters"
        role="search"
        aria-label="Order history"
        onSubmit={(e) => e.preventDefault()}
      >
        <div className="history__ranges" role="group" aria-labelledby={ids.range}>
          <span id={ids.range} className="visually-hidden">
            Days
          </span>
          {RANGE_PRESETS.map((r: RangePreset) => (
            <button
              key={r}
              type="button"
              className={`live-orders__mode${h.range === r ? ' live-orders__mode--active' : ''}`}
              aria-pressed={h.range === r}
              onClick={() => set({ range: r })}
            >
              {RANGE_LABELS[r]}
            </button>
          ))}
        </div>
        {h.range === 'custom' && (
          <div className="history__dates">
            {dateFields.map(([key, id, label, min, max]) => (
              <label key={key} className="field" htmlFor={id}>
                {label}
                <input
                  id={id}
                  type="date"
                  value={h[key]}
                  min={min}
                  max={max}
                  onChange={(e) => e.target.value && set({ [key]: e.target.value })}
                />
              </label>
            ))}
          </div>
        )}
        <label className="field history__status" htmlFor={ids.status}>
          Status
          <select id={ids.status} value={h.status} onChange={(e) => set({ status: e.target.value as Mode })}>
            <option value="all">All</option>
            {ORDER_STATUSES.map((s) => (
              <option key={s} value={s}>
                {STAFF_STATUS_LABELS[s]}
              </option>
            ))}
          </select>
        </label>
        <label className="field history__search" htmlFor={ids.q}>
          Order number or phone
          <input
            id={ids.q}
            type="search"
            value={typed}
            maxLength={40}
            autoComplete="off"
            onChange={(e) => setTyped(e.target.value)}
          />
        </label>
      </form>

      <p className="history__totals" role="status">
        {list.totals && list.orders
          ? `${list.totals.orders} order${list.totals.orders === 1 ? '' : 's'} ${
              h.q ? `matching “${h.q}” ` : ''
            }${rangeText(h)} · ${formatRupees(list.totals.revenue)} paid`
          : 'Loading…'}
      </p>

      <OrderListError list={list} />

      <div className="history__list" ref={listRef} style={height ? { maxHeight: height } : undefined}>
        {list.orders === null && !list.error ? (
          <div className="skeleton board__skeleton" aria-hidden="true" />
        ) : list.orders?.length === 0 ? (
          <p className="board__empty">
            No {h.status === 'all' ? '' : `${STAFF_STATUS_LABELS[h.status].toLowerCase()} `}orders{' '}
            {h.q ? `matching “${h.q}” ` : ''}
            {rangeText(h)}.
          </p>
        ) : (
          <OrderCardList
            orders={list.orders ?? []}
            list={list}
            busy={busy}
            onAction={onAction}
            className="history__cards"
          />
        )}
      </div>

      <nav className="live-orders__pager" aria-label="Pages">
        <button
          type="button"
          className="button"
          disabled={h.page <= 1}
          onClick={() => setParams(historyParams({ ...h, page: h.page - 1 }))}
        >
          Previous
        </button>
        <span>
          Page {Math.min(h.page, pages)} of {pages}
        </span>
        <button
          type="button"
          className="button"
          disabled={h.page >= pages}
          onClick={() => setParams(historyParams({ ...h, page: h.page + 1 }))}
        >
          Next
        </button>
      </nav>
      {dialog}
    </div>
  );
}
