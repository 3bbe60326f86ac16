// The client state of SPEC.md section 3, in one small external store read with useSyncExternalStore.
// Server data lives in SWR; this holds only what the whole app shares.
import { useSyncExternalStore } from 'react';

export interface UserLocation {
  address: string;
  area: string;
  lat: number;
  lng: number;
  deliveryLocation?: string;
}

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
  /** SPEC.md section 4, Store resets: logout or cart error 'user_not_found'. */
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

export function useAppState<T>(select: (s: AppState) => T): T {
  return useSyncExternalStore(
    store.subscribe,
    () => select(state),
    () => select(initialState),
  );
}
