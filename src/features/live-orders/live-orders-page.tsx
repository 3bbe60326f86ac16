// /partner/orders: the restaurant's orders of today, live. A table per status mode, paginated, whose
// rows update in place from the websocket; staff move orders along the chain with the actions the
// shared status table allows. Alerts: a notification on every update and a beep for a new order.
import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { cookies, COOKIES } from '../../lib/cookies.ts';
import { snackbar } from '../../lib/events.ts';
import { formatRupees } from '../../lib/format.ts';
import { ApiError } from '../../lib/http.ts';
import { LIVE_ORDERS_REFRESH, TABLE_HEIGHT_OFFSET } from '../../shared/constants.ts';
import type { OrderSocketMessage, OrderSummary } from '../../shared/api/orders.ts';
import {
  ORDER_STATUSES,
  PAYMENT_STATUS_LABELS,
  STAFF_ACTION_LABELS,
  isFinalStatus,
  nextStatuses,
  type OrderStatus,
} from '../../shared/order-status.ts';
import {
  askNotificationPermission,
  beep,
  notificationPermission,
  setSoundEnabled,
  showOrderNotification,
  soundEnabled,
  unlockAudio,
} from './alerts.ts';
import { changeOrderStatus, fetchRestaurantOrders, refreshPayload, type Mode } from './api.ts';
import { ActionDialog, type PendingAction } from './action-dialog.tsx';
import { useOrderSocket } from './use-order-socket.ts';
import './live-orders.css';

const MODES: Mode[] = ['all', ...ORDER_STATUSES];
const MODE_LABELS: Record<Mode, string> = {
  all: 'All',
  placed: 'Placed',
  accepted: 'Accepted',
  preparing: 'Preparing',
  ready: 'Ready',
  picked_up: 'Picked up',
  delivered: 'Delivered',
  cancelled: 'Cancelled',
  rejected: 'Rejected',
};
const POLL_MS = 10_000;

const timeFmt = new Intl.DateTimeFormat('en-IN', { hour: 'numeric', minute: '2-digit' });
const reachedKitchen = (o: OrderSummary) => o.paid_at !== null || o.payment_status !== 'pending';

export function LiveOrdersPage() {
  const restaurantId = cookies.get(COOKIES.restaurantId);
  const [mode, setMode] = useState<Mode>('all');
  const [offset, setOffset] = useState<number>(LIVE_ORDERS_REFRESH.offset);
  const [orders, setOrders] = useState<OrderSummary[] | null>(null);
  const [count, setCount] = useState(0);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState<number | null>(null);
  const [pending, setPending] = useState<PendingAction | null>(null);
  const [permission, setPermission] = useState(notificationPermission());
  const [sound, setSound] = useState(soundEnabled());
  const [flash, setFlash] = useState<Set<number>>(new Set());
  const [announcement, setAnnouncement] = useState('');
  const view = useRef({ mode, offset });
  const ordersRef = useRef(orders);
  useEffect(() => {
    view.current = { mode, offset };
    ordersRef.current = orders;
  });

  const refresh = useCallback(async (signal?: AbortSignal) => {
    const { mode: m, offset: o } = view.current;
    try {
      const page = await fetchRestaurantOrders(refreshPayload(m, o), signal);
      setOrders(page.results);
      setCount(page.count);
      setError(null);
    } catch (err) {
      if ((err as Error).name === 'AbortError') return;
      console.warn('live orders: refresh failed', err);
      setError(err instanceof ApiError ? err.message : 'Could not load orders.');
    }
  }, []);

  useEffect(() => {
    const ctl = new AbortController();
    void refresh(ctl.signal);
    return () => ctl.abort();
  }, [mode, offset, refresh]);

  const markFlash = (id: number) => {
    setFlash((s) => new Set(s).add(id));
    setTimeout(
      () =>
        setFlash((s) => {
          const n = new Set(s);
          n.delete(id);
          return n;
        }),
      4000,
    );
  };

  const onMessage = useCallback((m: OrderSocketMessage) => {
    if (m.type !== 'order.created' && m.type !== 'order.updated') return;
    const order = m.order;
    if (!reachedKitchen(order)) return; // an unpaid checkout is not an order yet
    const current = ordersRef.current ?? [];
    const known = current.some((o) => o.id === order.id);
    const isNew = !known && order.status === 'placed';
    if (known) {
      ordersRef.current = current.map((o) => (o.id === order.id ? order : o));
      setOrders(ordersRef.current);
    } else {
      const { mode: md, offset: off } = view.current;
      if (off === 0 && (md === 'all' || md === order.status)) {
        ordersRef.current = [order, ...current].slice(0, LIVE_ORDERS_REFRESH.limit);
        setOrders(ordersRef.current);
        setCount((c) => c + 1);
      }
    }
    markFlash(order.id);
    setAnnouncement(`Order ${order.order_number}: ${order.status.replace('_', ' ')}`);
    if (isNew && soundEnabled()) beep();
    void showOrderNotification(order.id, order.status);
  }, []);

  const { state, reconnect } = useOrderSocket(restaurantId, onMessage);

  // Without the socket, keep the table fresh by polling.
  useEffect(() => {
    if (state !== 'failed') return;
    const t = setInterval(() => void refresh(), POLL_MS);
    return () => clearInterval(t);
  }, [state, refresh]);

  // Table height: window height minus the table's top offset minus 126 (SPEC.md section 9).
  const tableRef = useRef<HTMLDivElement>(null);
  const loaded = orders !== null;
  const [height, setHeight] = useState<number | undefined>(undefined);
  useLayoutEffect(() => {
    const measure = () => {
      const top = tableRef.current?.getBoundingClientRect().top ?? 0;
      setHeight(Math.max(240, window.innerHeight - top - TABLE_HEIGHT_OFFSET));
    };
    measure();
    window.addEventListener('resize', measure);
    return () => window.removeEventListener('resize', measure);
  }, [loaded, error]);

  async function move(
    order: OrderSummary,
    status: OrderStatus,
    extra: { prep_time_min?: number; reason?: string } = {},
  ) {
    setBusy(order.id);
    try {
      const updated = await changeOrderStatus(order.id, { status, ...extra });
      setOrders((list) => (list ?? []).map((o) => (o.id === updated.id ? updated : o)));
      snackbar.success(`Order ${updated.order_number} marked ${MODE_LABELS[status].toLowerCase()}`);
    } catch (err) {
      snackbar.danger(err instanceof ApiError ? err.message : 'Could not update the order.');
      if (err instanceof ApiError && err.status === 409) void refresh();
    } finally {
      setBusy(null);
    }
  }

  function onAction(order: OrderSummary, status: OrderStatus) {
    if (status === 'accepted' || status === 'rejected') setPending({ order, status });
    else void move(order, status);
  }

  const pages = Math.max(1, Math.ceil(count / LIVE_ORDERS_REFRESH.limit));
  const page = Math.floor(offset / LIVE_ORDERS_REFRESH.limit) + 1;

  return (
    <main id="main" className="page live-orders">
      <div className="live-orders__head">
        <h1>Live orders</h1>
        <div className="live-orders__tools">
          <span className={`live-orders__conn live-orders__conn--${state}`} role="status">
            {state === 'open'
              ? 'Live'
              : state === 'connecting'
                ? 'Connecting…'
                : 'Offline: refreshing every 10 s'}
          </span>
          {state === 'failed' && (
            <button type="button" className="button" onClick={reconnect}>
              Reconnect
            </button>
          )}
          {permission === 'granted' ? (
            <span className="live-orders__hint">Notifications on</span>
          ) : permission === 'denied' ? (
            <span className="live-orders__hint">Notifications blocked in browser settings</span>
          ) : permission === 'default' ? (
            <button
              type="button"
              className="button"
              onClick={() => void askNotificationPermission().then(setPermission)}
            >
              Enable notifications
            </button>
          ) : null}
          <label className="live-orders__sound">
            <input
              type="checkbox"
              checked={sound}
              onChange={(e) => {
                setSound(e.target.checked);
                setSoundEnabled(e.target.checked);
                if (e.target.checked) unlockAudio();
              }}
            />
            Sound for new orders
          </label>
        </div>
      </div>

      <div className="live-orders__modes" role="group" aria-label="Show orders">
        {MODES.map((m) => (
          <button
            key={m}
            type="button"
            className={`live-orders__mode${m === mode ? ' live-orders__mode--active' : ''}`}
            aria-pressed={m === mode}
            onClick={() => {
              setMode(m);
              setOffset(0);
            }}
          >
            {MODE_LABELS[m]}
          </button>
        ))}
      </div>

      <p className="visually-hidden" aria-live="polite">
        {announcement}
      </p>

      {error && (
        <div className="live-orders__error" role="alert">
          <span>{error}</span>
          <button type="button" className="button" onClick={() => void refresh()}>
            Try again
          </button>
        </div>
      )}

      <div
        className="live-orders__table-wrap"
        ref={tableRef}
        style={height ? { maxHeight: height } : undefined}
      >
        <table className="live-orders__table">
          <caption className="visually-hidden">
            {MODE_LABELS[mode]} orders of today, page {page} of {pages}
          </caption>
          <thead>
            <tr>
              <th scope="col">Order</th>
              <th scope="col">Customer</th>
              <th scope="col">Items</th>
              <th scope="col">Amount</th>
              <th scope="col">Status</th>
              <th scope="col">Actions</th>
            </tr>
          </thead>
          <tbody>
            {orders === null && !error
              ? Array.from({ length: 3 }, (_, i) => (
                  <tr key={i} aria-hidden="true">
                    <td colSpan={6}>
                      <div className="skeleton live-orders__skeleton" />
                    </td>
                  </tr>
                ))
              : null}
            {orders?.length === 0 && (
              <tr>
                <td colSpan={6} className="live-orders__empty">
                  No {mode === 'all' ? '' : `${MODE_LABELS[mode].toLowerCase()} `}orders today yet. New orders
                  appear here as soon as they are paid.
                </td>
              </tr>
            )}
            {orders?.map((o) => (
              <tr
                key={o.id}
                data-order-id={o.id}
                className={flash.has(o.id) ? 'live-orders__row--flash' : undefined}
              >
                <td>
                  <strong>{o.order_number}</strong>
                  <div className="live-orders__sub">{timeFmt.format(new Date(o.date))}</div>
                </td>
                <td>
                  {o.customer_name || 'Customer'}
                  <div className="live-orders__sub">{o.delivery_address.address}</div>
                </td>
                <td>
                  <ul className="live-orders__items">
                    {o.items.map((i) => (
                      <li key={i.menu_item_id}>
                        <span
                          className={i.is_veg ? 'live-orders__veg' : 'live-orders__nonveg'}
                          aria-hidden="true"
                        />
                        {i.quantity} × {i.name}
                      </li>
                    ))}
                  </ul>
                </td>
                <td>
                  {formatRupees(o.amount)}
                  <div className="live-orders__sub">{PAYMENT_STATUS_LABELS[o.payment_status]}</div>
                </td>
                <td>
                  <span className={`live-orders__status live-orders__status--${o.status}`}>
                    {MODE_LABELS[o.status]}
                  </span>
                  {o.prep_time_min && o.status !== 'delivered' ? (
                    <div className="live-orders__sub">Prep {o.prep_time_min} min</div>
                  ) : null}
                  {o.reject_reason && <div className="live-orders__sub">{o.reject_reason}</div>}
                </td>
                <td>
                  <div className="live-orders__actions">
                    {isFinalStatus(o.status) && (
                      <span className="live-orders__sub">
                        <span aria-hidden="true">—</span>
                        <span className="visually-hidden">No further steps</span>
                      </span>
                    )}
                    {nextStatuses(o.status, 'restaurant').map((s) => (
                      <button
                        key={s}
                        type="button"
                        className={`button${s === 'rejected' ? ' button--danger' : s === 'accepted' ? ' button--primary' : ''}`}
                        disabled={busy === o.id}
                        onClick={() => onAction(o, s)}
                        aria-label={`${STAFF_ACTION_LABELS[s]} order ${o.order_number}`}
                      >
                        {STAFF_ACTION_LABELS[s]}
                      </button>
                    ))}
                  </div>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>

      <nav className="live-orders__pager" aria-label="Pages">
        <button
          type="button"
          className="button"
          disabled={offset === 0}
          onClick={() => setOffset(Math.max(0, offset - LIVE_ORDERS_REFRESH.limit))}
        >
          Previous
        </button>
        <span>
          Page {page} of {pages} · {count} order{count === 1 ? '' : 's'}
        </span>
        <button
          type="button"
          className="button"
          disabled={offset + LIVE_ORDERS_REFRESH.limit >= count}
          onClick={() => setOffset(offset + LIVE_ORDERS_REFRESH.limit)}
        >
          Next
        </button>
      </nav>

      {pending && (
        <ActionDialog
          action={pending}
          onCancel={() => setPending(null)}
          onConfirm={(extra) => {
            const p = pending;
            setPending(null);
            void move(p.order, p.status, extra);
          }}
        />
      )}
    </main>
  );
}
