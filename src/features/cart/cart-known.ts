// Whether the cart the app state holds is the customer's cart yet, so a page never says "Your cart is
// empty" about a cart it has not loaded. A visitor's browser (no sign-in) with no cart key, or whose
// cart it last showed empty (the cart_lines cookie, written with every cart shown, queued changes
// included), holds no cart: known (empty) at once, on the server's render too. A signed-in cart may
// have changed on another device: it waits for the cart engine's first load to settle (the server's
// answer, or the copy saved for offline), as does a visitor's cart with lines.
import { useSyncExternalStore } from 'react';
import { COOKIES, cookies } from '../../lib/cookies.ts';

let settled = false;
/** The browser's answer, taken once: the first load sets the cart's key cookie before it settles. */
let heldNoCart: boolean | undefined;
const listeners = new Set<() => void>();

const holdsNoCart = () =>
  !cookies.get(COOKIES.authToken) &&
  (!cookies.get(COOKIES.sessionKey) || cookies.get(COOKIES.cartLines) === '0');

export function cartKnown(): boolean {
  if (settled) return true;
  // The server renders each request with its own cookies.
  if (typeof window === 'undefined') return holdsNoCart();
  return (heldNoCart ??= holdsNoCart());
}

/** The cart engine's first load has settled: from now on the app state's cart is the one to show. */
export function cartSettled(): void {
  if (settled) return;
  settled = true;
  for (const l of listeners) l();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useCartKnown(): boolean {
  return useSyncExternalStore(subscribe, cartKnown, cartKnown);
}
