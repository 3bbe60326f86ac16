// The kitchen controls' calls (docs/kitchen-controls.md): each returns what the server answers, and a
// refusal arrives as an ApiError carrying the server's own message.
import { api } from '../../lib/http.ts';
import {
  type KitchenItemPage,
  type KitchenLogPage,
  type KitchenState,
  type KitchenItem,
} from '../../shared/api/kitchen.ts';
import { kitchenPaths } from '../../shared/api/paths.ts';
import type { OrderSummary } from '../../shared/api/orders.ts';
import type { BusyExtra, PauseDuration, StockDuration } from '../../shared/kitchen.ts';

export type { KitchenItem, KitchenLogPage, KitchenState };

export const getKitchenState = (signal?: AbortSignal) =>
  api<KitchenState>(kitchenPaths.state, signal ? { signal } : {});

export const setBusyMode = (extra_min: BusyExtra) =>
  api<KitchenState>(kitchenPaths.busy, { method: 'PUT', body: { extra_min } });

export const pauseOrders = (duration: PauseDuration) =>
  api<KitchenState>(kitchenPaths.pause, { method: 'POST', body: { duration } });

export const resumeOrders = () => api<KitchenState>(kitchenPaths.resume, { method: 'POST' });

export const setAutoAccept = (enabled: boolean, default_prep_time_min: number) =>
  api<KitchenState>(kitchenPaths.autoAccept, { method: 'PUT', body: { enabled, default_prep_time_min } });

export const listKitchenLog = (limit: number, offset: number, signal?: AbortSignal) =>
  api<KitchenLogPage>(`${kitchenPaths.log}?limit=${limit}&offset=${offset}`, signal ? { signal } : {});

export const listMenuItems = (signal?: AbortSignal) =>
  api<KitchenItemPage>(kitchenPaths.items, signal ? { signal } : {});

export async function setItemStock(id: number, outFor: StockDuration | null): Promise<KitchenItem> {
  const body = outFor === null ? { in_stock: true } : { in_stock: false, duration: outFor };
  const res = await api<{ item: KitchenItem }>(kitchenPaths.itemStock(id), { method: 'PUT', body });
  return res.item;
}

export async function adjustPrepTime(orderId: number, delta_min: number): Promise<OrderSummary> {
  const res = await api<{ order: OrderSummary }>(kitchenPaths.prepTime(orderId), {
    method: 'POST',
    body: { delta_min },
  });
  return res.order;
}
