// The client state of docs/product.md#client-state, in one small external store read with
// useSyncExternalStore. Server data lives in SWR; this holds only what the whole app shares.
import { useSyncExternalStore } from 'react';
import { firstPageData } from './first-page-data.ts';

import type { UserLocation } from '../shared/user-location.ts';

export type { UserLocation };

export interface AppState {
  all_restaurants: unknown[];
  all_orders: unknown[];
  cart: unknown[];
  cart_info: Record<string, unknown> | null;
  cart_meta: { item_count: number; item_total: number; coupon_discount: number } | null;
  store_info: Record<string, unknown> | null;
  userLocation: UserLocation | null;
  access: string | null;
  session_key: string | null;
  loggedIn: boolean;
  user: { phone_number: string; name: string; email: string } | null;
}

export const initialState: AppState = {
  all_restaurants: [],
  all_orders: [],
  cart: [],
  cart_info: null,
  cart_meta: null,
  store_info: null,
  userLocation: null,
  access: null,
  session_key: null,
  loggedIn: false,
  user: null,
};

let state: AppState = initialState;
const listeners = new Set<() => void>();

export const store = {
  get: (): AppState => state,
  set(patch: Partial<AppState> | ((s: AppState) => Partial<AppState>)): void {
    const next = typeof patch === 'function' ? patch(state) : patch;
    state = { ...state, ...next };
    for (const l of listeners) l();
  },
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  /** docs/product.md#store-resets: logout or cart error 'user_not_found'. */
  reset(): void {
    store.set({
      all_orders: [],
      cart: [],
      cart_info: null,
      cart_meta: null,
      store_info: null,
      access: null,
      session_key: null,
      loggedIn: false,
      user: null,
    });
  },
};

/**
 * The state a server-rendered first page was rendered with (its location; never a signed-in user):
 * the server renders with it and the client hydrates with it, then moves on to its own state.
 */
let rendered: { from: unknown; state: AppState } = { from: null, state: initialState };
function renderedState(): AppState {
  const data = firstPageData();
  if (rendered.from !== data)
    rendered = { from: data, state: { ...initialState, userLocation: data?.userLocation ?? null } };
  return rendered.state;
}

export function useAppState<T>(select: (s: AppState) => T): T {
  return useSyncExternalStore(
    store.subscribe,
    () => select(state),
    () => select(renderedState()),
  );
}
