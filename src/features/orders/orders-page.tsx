// /myaccount/orders: the customer's active and past orders, ten a page, each with restaurant, items,
// amount, date and status; details on demand; reorder; the last known page stays readable offline.
import { lineLabel } from '../../shared/customisation.ts';
import { Suspense, useEffect, useId, useState } from 'react';
import { Link, useNavigate, useSearchParams } from '../../lib/router.tsx';
import { useData } from '../../lib/use-api.ts';
import { snackbar } from '../../lib/events.ts';
import { formatRupees } from '../../lib/format.ts';
import { ApiError, fetcher } from '../../lib/http.ts';
import { OrderLines } from '../../lib/order-lines.tsx';
import { useRenderTime } from '../../lib/use-render-time.ts';
import type { OrderDetails, OrderPage, OrderSummary } from '../../shared/api/orders.ts';
import { ordersPaths } from '../../shared/api/paths.ts';
import { STATUS_LABELS, isFinalStatus, paymentLabel } from '../../shared/order-status.ts';
import { ReplaceCartDialog } from '../cart/index.tsx';
import { useAppState } from '../../lib/app-state.ts';
import { LazyRateOrderCard } from '../ratings/index.tsx';
import { readLastOrders, saveLastOrders, type LastOrders } from './last-orders.ts';
import { reorder } from './reorder.ts';
import './orders.css';
import { formatDateTime } from '../../shared/india-time.ts';
import { scheduleLabel } from '../../shared/schedule-slots.ts';

export const ORDERS_PAGE_SIZE = 10;

export const itemsLine = (o: OrderSummary) =>
  o.items.map((i) => `${i.quantity} × ${lineLabel(i.name, i.choices)}`).join(', ');

const ordersOffset = (params: URLSearchParams) => Math.max(0, Number(params.get('offset')) || 0);

/** The API path of the page of orders the URL's query asks for (the server renders with it too). */
export const ordersPageKey = (params: URLSearchParams) =>
  `${ordersPaths.customerList}?limit=${ORDERS_PAGE_SIZE}&offset=${ordersOffset(params)}`;

export function OrdersPage() {
  const [params, setParams] = useSearchParams();
  const offset = ordersOffset(params);
  const key = ordersPageKey(params);
  const { data, error, mutate, isLoading } = useData<OrderPage>(key, fetcher, { refreshInterval: 30_000 });
  const [offline, setOffline] = useState<LastOrders | null>(null);

  useEffect(() => {
    if (data && offset === 0) void saveLastOrders(data);
  }, [data, offset]);
  useEffect(() => {
    if (error && !data && offset === 0) void readLastOrders().then((s) => setOffline(s ?? null));
  }, [error, data, offset]);

  const page = data ?? (error ? offline?.page : undefined);
  const active = page?.results.filter((o) => !isFinalStatus(o.status)) ?? [];
  const past = page?.results.filter((o) => isFinalStatus(o.status)) ?? [];
  const go = (o: number) => setParams(o ? { offset: String(o) } : {});

  return (
    <main id="main" className="page orders">
      <h1>Orders</h1>
      {error && !data && (
        <div className="orders__notice" role="status">
          {offline ? (
            <p>
              {error instanceof ApiError && error.offline
                ? 'You are offline.'
                : 'Could not refresh your orders.'}{' '}
              Showing your orders as of {formatDateTime(offline.savedAt)}.
            </p>
          ) : (
            <p className="text-danger">
              {error instanceof ApiError ? error.message : 'Could not load your orders.'}
            </p>
          )}
          <button type="button" className="button" onClick={() => void mutate()}>
            Try again
          </button>
        </div>
      )}
      {!page && (isLoading || !error) && (
        <div aria-busy="true" aria-label="Loading your orders">
          {[0, 1, 2].map((i) => (
            <div key={i} className="skeleton orders__skeleton" />
          ))}
        </div>
      )}
      {page && page.count === 0 && (
        <div className="orders__empty">
          <p>No orders yet. Your orders show up here once you place one.</p>
          <Link className="button button--primary" to="/restaurants">
            Find a restaurant
          </Link>
        </div>
      )}
      <OrderSection id="orders-active" title="Active orders" orders={active} />
      <OrderSection id="orders-past" title="Past orders" orders={past} />
      {page && page.count > ORDERS_PAGE_SIZE && (
        <nav className="orders__pager" aria-label="Order pages">
          <button
            type="button"
            className="button"
            disabled={!page.previous}
            onClick={() => go(offset - ORDERS_PAGE_SIZE)}
          >
            Newer
          </button>
          <span>
            Page {Math.floor(offset / ORDERS_PAGE_SIZE) + 1} of {Math.ceil(page.count / ORDERS_PAGE_SIZE)}
          </span>
          <button
            type="button"
            className="button"
            disabled={!page.next}
            onClick={() => go(offset + ORDERS_PAGE_SIZE)}
          >
            Older
          </button>
        </nav>
      )}
    </main>
  );
}

/** Active or past orders under their heading; nothing when there are none. */
function OrderSection({ id, title, orders }: { id: string; title: string; orders: OrderSummary[] }) {
  if (orders.length === 0) return null;
  return (
    <section aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      <ul className="orders__list">
        {orders.map((o) => (
          <OrderCard key={o.id} order={o} />
        ))}
      </ul>
    </section>
  );
}

function OrderCard({ order: o }: { order: OrderSummary }) {
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const [askReplace, setAskReplace] = useState(false);
  const cartStore = useAppState((s) => s.store_info?.name ?? null);
  const navigate = useNavigate();
  const detailsId = useId();
  const now = useRenderTime();

  async function onReorder(replace = false) {
    setAskReplace(false);
    setBusy(true);
    try {
      const r = await reorder(o.id, replace);
      if (r.kind === 'ask-replace') {
        setAskReplace(true);
        return;
      }
      // What changed since the order (repriced, unavailable, choices gone) is listed at checkout.
      if (r.changed) snackbar.danger('Some dishes changed since this order: see your cart');
      else snackbar.success('Items added to your cart');
      void navigate('/checkout');
    } catch (err) {
      snackbar.danger(err instanceof ApiError ? err.message : 'Could not add the items to your cart.');
    } finally {
      setBusy(false);
    }
  }

  return (
    <li className="orders__card card" data-order-id={o.id}>
      <div className="orders__top">
        <div>
          <h3 className="orders__restaurant">{o.restaurant.name}</h3>
          <p className="orders__sub">
            {o.restaurant.area} · <time dateTime={o.date}>{formatDateTime(o.date)}</time>
          </p>
        </div>
        <span className={`orders__status orders__status--${o.status}`}>{STATUS_LABELS[o.status]}</span>
      </div>
      <p className="orders__items">{itemsLine(o)}</p>
      {o.scheduled_for && !isFinalStatus(o.status) && (
        <p className="orders__sub">Scheduled for {scheduleLabel(o.scheduled_for, now)}</p>
      )}
      <div className="orders__bottom">
        <p className="orders__amount">
          <strong>{formatRupees(o.amount)}</strong> <span className="orders__sub">{paymentLabel(o)}</span>
        </p>
        <div className="orders__actions">
          <button
            type="button"
            className="button"
            aria-expanded={open}
            aria-controls={detailsId}
            onClick={() => setOpen(!open)}
          >
            {open ? 'Hide details' : 'Details'}
          </button>
          {!isFinalStatus(o.status) ? (
            <Link className="button button--primary" to={`/tracking/${o.id}`}>
              Track order
            </Link>
          ) : (
            <button
              type="button"
              className="button button--primary"
              onClick={() => void onReorder()}
              disabled={busy}
            >
              {busy ? 'Adding…' : 'Reorder'}
            </button>
          )}
        </div>
      </div>
      {o.status === 'delivered' && (
        <Suspense fallback={null}>
          <LazyRateOrderCard orderId={o.id} compact />
        </Suspense>
      )}
      <div id={detailsId} hidden={!open}>
        {open && <OrderDetailsPanel id={o.id} />}
      </div>
      {askReplace && (
        <ReplaceCartDialog
          currentStore={cartStore}
          itemName={`the dishes of this order from ${o.restaurant.name}`}
          onCancel={() => setAskReplace(false)}
          onReplace={() => void onReorder(true)}
        />
      )}
    </li>
  );
}

function OrderDetailsPanel({ id }: { id: number }) {
  const { data, error } = useData<OrderDetails>(ordersPaths.detailsById(id));
  if (error)
    return (
      <p className="text-danger">{error instanceof ApiError ? error.message : 'Could not load details.'}</p>
    );
  if (!data)
    return <div className="skeleton orders__skeleton" aria-busy="true" aria-label="Loading details" />;
  const o = data.order;
  const b = o.bill;
  const rows: Array<[string, number]> = [
    ['Item total', b.item_total],
    ['Packaging', b.packaging],
    ['Delivery fee', b.delivery_fee],
    ['Taxes', b.taxes],
  ];
  if (b.coupon_discount) rows.push([`Coupon ${b.coupon_code ?? ''}`.trim(), -b.coupon_discount]);
  if (b.tip) rows.push(['Delivery partner tip', b.tip]);
  return (
    <div className="orders__details">
      <p className="orders__sub">Order {o.order_number}</p>
      <OrderLines
        items={o.items}
        className="orders__lines"
        mark={(i) => (
          <span
            className={i.is_veg ? 'orders__veg' : 'orders__nonveg'}
            aria-label={i.is_veg ? 'Veg' : 'Non-veg'}
          />
        )}
      />
      <dl className="orders__bill">
        {rows.map(([label, v]) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd>{v < 0 ? `− ${formatRupees(-v)}` : formatRupees(v)}</dd>
          </div>
        ))}
        <div className="orders__bill-total">
          <dt>Total</dt>
          <dd>{formatRupees(b.to_pay)}</dd>
        </div>
      </dl>
      {o.delivery_address.address && (
        <p className="orders__sub">
          {o.status === 'delivered' ? 'Delivered to' : 'Delivery address:'}{' '}
          {[o.delivery_address.flat, o.delivery_address.address].filter(Boolean).join(', ')}
        </p>
      )}
      {o.reject_reason && <p className="text-danger">Restaurant’s reason: {o.reject_reason}</p>}
      {o.refund_pending && <p className="orders__sub">Your refund is on its way.</p>}
      <Link to={`/tracking/${o.id}`}>See the order timeline</Link>
    </div>
  );
}
