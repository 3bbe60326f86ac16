// One live list of the restaurant's orders (the board's active orders or a history page): loaded with
// its query, kept current by the tab's shared socket (applyOrder), loaded again after every
// (re)connect so nothing changed while deaf is missed, and polled while the socket is offline. A
// console the server rendered starts from the answer it was rendered with, without asking again.
import { useCallback, useEffect, useRef, useState } from 'react';
import { answerShown, firstAnswer } from '../../lib/first-page-data.ts';
import { ApiError } from '../../lib/http.ts';
import type { OrderSocketMessage, OrderSummary, RestaurantOrderPage } from '../../shared/api/orders.ts';
import { reachedRestaurant } from '../../shared/order-status.ts';
import { listRestaurantOrders, restaurantOrdersPath } from './api/list-restaurant-orders.ts';
import type { OrderListQuery } from './order-list-query.ts';
import { applyOrder } from './board.ts';
import { useOrderSocket } from './use-order-socket.ts';

const POLL_MS = 10_000;

export interface OrderList {
  orders: OrderSummary[] | null;
  count: number;
  totals: { orders: number; revenue: number } | null;
  error: string | null;
  /** Orders whose news arrived in the last seconds (their card flashes). */
  fresh: ReadonlySet<number>;
  refresh: () => void;
  /** An action's own answer, shown at once. */
  put: (o: OrderSummary) => void;
}

export function useOrderList(
  restaurantId: string | undefined,
  query: OrderListQuery,
  rules: { belongs: (o: OrderSummary) => boolean; takesNew: boolean },
  /** Called with each order whose news arrived over the socket. */
  onNews?: (o: OrderSummary) => void,
): OrderList {
  const key = JSON.stringify(query);
  const [first] = useState(() => {
    const path = restaurantOrdersPath(query);
    const page = firstAnswer<RestaurantOrderPage>(path);
    return page && { path, page };
  });
  const [orders, setOrdersState] = useState<OrderSummary[] | null>(first?.page.results ?? null);
  // The list as last set, for socket messages that arrive between renders.
  const listRef = useRef<OrderSummary[] | null>(first?.page.results ?? null);
  const setOrders = useCallback((next: OrderSummary[] | null) => {
    listRef.current = next;
    setOrdersState(next);
  }, []);
  // Which query the list answers: a list of another query (the filters just changed) is not shown.
  const [listKey, setListKey] = useState<string | null>(first ? key : null);
  const [count, setCount] = useState(first?.page.count ?? 0);
  const [totals, setTotals] = useState<OrderList['totals']>(first?.page.totals ?? null);
  const [error, setError] = useState<string | null>(null);
  const [fresh, setFresh] = useState<ReadonlySet<number>>(new Set());
  const latest = useRef({ query, rules, onNews });
  useEffect(() => {
    latest.current = { query, rules, onNews };
  });

  const load = useCallback(
    async (signal?: AbortSignal) => {
      const asked = latest.current.query;
      try {
        const page = await listRestaurantOrders(asked, signal);
        setOrders(page.results);
        setListKey(JSON.stringify(asked));
        setCount(page.count);
        setTotals(page.totals ?? null);
        setError(null);
      } catch (err) {
        if ((err as Error).name === 'AbortError') return;
        console.warn('live orders: refresh failed', err);
        setError(err instanceof ApiError ? err.message : 'Could not load orders.');
      }
    },
    [setOrders],
  );

  // The first answer stands for the first load; the socket's hello loads again once connected.
  const fromFirstPage = useRef(first !== undefined);
  useEffect(() => {
    if (first) answerShown(first.path);
  }, [first]);
  useEffect(() => {
    if (fromFirstPage.current) {
      fromFirstPage.current = false;
      return;
    }
    const ctl = new AbortController();
    void load(ctl.signal);
    return () => ctl.abort();
  }, [key, load]);

  const flash = useCallback((id: number) => {
    setFresh((s) => new Set(s).add(id));
    setTimeout(
      () =>
        setFresh((s) => {
          const n = new Set(s);
          n.delete(id);
          return n;
        }),
      4000,
    );
  }, []);

  const put = useCallback(
    (order: OrderSummary) => {
      if (listRef.current) setOrders(applyOrder(listRef.current, order, latest.current.rules));
    },
    [setOrders],
  );

  const onMessage = useCallback(
    (m: OrderSocketMessage) => {
      if (m.type === 'hello') return void load();
      if (m.type !== 'order.created' && m.type !== 'order.updated') return;
      if (!reachedRestaurant(m.order)) return; // an unpaid checkout is not an order yet
      const list = listRef.current;
      if (!list) return;
      const next = applyOrder(list, m.order, latest.current.rules);
      if (next.length !== list.length) setCount((c) => c + next.length - list.length);
      setOrders(next);
      if (next.some((o) => o.id === m.order.id)) flash(m.order.id);
      latest.current.onNews?.(m.order);
    },
    [load, flash, setOrders],
  );

  const { state } = useOrderSocket(restaurantId, onMessage);
  useEffect(() => {
    if (state !== 'failed') return;
    const t = setInterval(() => void load(), POLL_MS);
    return () => clearInterval(t);
  }, [state, load]);

  const refresh = useCallback(() => void load(), [load]);
  return { orders: listKey === key ? orders : null, count, totals, error, fresh, refresh, put };
}
