// The client state of docs/product.md#client-state, read with useSyncExternalStore. Server data lives
// in the data cache (data-cache.ts); this holds only what the whole app shares. Called app state, never "store": in the contract a
// store is a restaurant (store_id, store_info).
import { useSyncExternalStore } from 'react';
import { firstPageData } from './first-page-data.ts';

import type { CartInfo, CartItem, CartMeta, StoreInfo } from '../shared/api/checkout.ts';
import type { RestaurantCard } from '../shared/api/discovery.ts';
import type { OrderPage } from '../shared/api/orders.ts';
import type { UserLocation } from '../shared/user-location.ts';

export type { UserLocation };

export interface AppState {
  all_restaurants: RestaurantCard[];
  all_orders: OrderPage['results'];
  /** The cart as shown: the server's lines with the changes still queued offline applied. */
  cart: CartItem[];
  cart_info: CartInfo | null;
  cart_meta: CartMeta | null;
  store_info: StoreInfo | null;
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

export const appState = {
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
    appState.set({
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
 * The state a server-rendered first page was rendered with (its location, whether someone is signed in):
 * the server renders with it and the client hydrates with it, then moves on to its own state.
 */
let rendered: { from: unknown; state: AppState } = { from: null, state: initialState };
function renderedState(): AppState {
  const data = firstPageData();
  if (rendered.from !== data)
    rendered = {
      from: data,
      state: { ...initialState, userLocation: data?.userLocation ?? null, loggedIn: data?.signedIn ?? false },
    };
  return rendered.state;
}

export function useAppState<T>(select: (s: AppState) => T): T {
  return useSyncExternalStore(
    appState.subscribe,
    () => select(state),
    () => select(renderedState()),
  );
}
