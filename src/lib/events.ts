// App-wide events that open overlays and show snackbars from anywhere (docs/product.md#overlays).
export type AuthMode = 'login' | 'signup' | 'forgot';

export interface AppEvents {
  'show-auth': { mode: AuthMode; redirect?: boolean };
  /** returnTo: the page to show once a place is picked (a path on this site; default /restaurants). */
  'show-location': { returnTo?: string };
  'show-address': { onSaved?: (addressId: number) => void };
  'show-profile': Record<string, never>;
  /** onApply may answer a promise: the panel stays open and shows the reason when it rejects. */
  'show-coupons': { storeId: number; onApply: (couponCode: string) => void | Promise<void> };
  'close-overlay': Record<string, never>;
  snackbar: { message: string; variant?: 'success' | 'danger'; durationMs?: number };
}

type Handler<K extends keyof AppEvents> = (payload: AppEvents[K]) => void;
const handlers = new Map<keyof AppEvents, Set<Handler<never>>>();
/** The last event nobody was listening for yet (the overlay host loads lazily): delivered on `on`. */
const waiting = new Map<keyof AppEvents, unknown>();

export function emit<K extends keyof AppEvents>(name: K, payload: AppEvents[K]): void {
  const set = handlers.get(name);
  if (!set?.size) {
    waiting.set(name, payload);
    return;
  }
  for (const h of set) (h as Handler<K>)(payload);
}

export function on<K extends keyof AppEvents>(name: K, handler: Handler<K>): () => void {
  let set = handlers.get(name);
  if (!set) handlers.set(name, (set = new Set()));
  set.add(handler as Handler<never>);
  if (waiting.has(name)) {
    const payload = waiting.get(name) as AppEvents[K];
    waiting.delete(name);
    queueMicrotask(() => handler(payload));
  }
  return () => set.delete(handler as Handler<never>);
}

export const snackbar = {
  success: (message: string) => emit('snackbar', { message, variant: 'success' }),
  danger: (message: string) => emit('snackbar', { message, variant: 'danger' }),
};

/** Props every overlay component receives from the overlay host: its event payload and onClose. */
export type OverlayProps<K extends keyof AppEvents> = AppEvents[K] & { onClose: () => void };
