// What changed in the cart since the customer last saw it: a price ("₹180 → ₹190") or a dish that is
// no longer available, found when the server's cart replaces the one shown (after a reconnect, the
// replay of changes made offline, or a reload). The rules only: cart-sync.ts keeps the list (in
// IndexedDB too, until the customer has seen it) and loads this module when a server answer comes.
import type { CartItem } from '../../shared/api/checkout.ts';
import { lineKey, lineLabel } from '../../shared/customisation.ts';

/** `key`: the cart line (a dish and its choices, lineKey); absent in changes kept from before. */
export type CartChange =
  | { id: number; key?: string; name: string; kind: 'price'; from: number; to: number }
  | { id: number; key?: string; name: string; kind: 'unavailable' }
  /** A reordered dish left out because its choices no longer exist: choose them again on the menu. */
  | { id: number; key?: string; name: string; kind: 'choices' };

type Line = Pick<CartItem, 'id' | 'name' | 'price' | 'in_stock' | 'options' | 'choices'>;

const keyOf = (l: Line): string => lineKey(l.id, l.options);
const changeKey = (c: CartChange): string => c.key ?? String(c.id);

/** The changes between the cart shown and the server's: prices, and dishes gone or out of stock. */
export function diffCart(shown: readonly Line[], server: readonly Line[]): CartChange[] {
  // An emptied cart (an order placed, the cart cleared) is not a change to report line by line.
  if (!server.length) return [];
  const now = new Map(server.map((l) => [keyOf(l), l]));
  const out: CartChange[] = [];
  for (const before of shown) {
    const key = keyOf(before);
    const after = now.get(key);
    const name = lineLabel(before.name, before.choices);
    if (!after || (before.in_stock && !after.in_stock)) {
      out.push({ id: before.id, key, name, kind: 'unavailable' });
    } else if (after.price !== before.price) {
      out.push({ id: before.id, key, name, kind: 'price', from: before.price, to: after.price });
    }
  }
  return out;
}

/** Folds new changes into those not yet seen: a price keeps the first "from" the customer saw. */
export function mergeChanges(seen: readonly CartChange[], next: readonly CartChange[]): CartChange[] {
  const byLine = new Map(seen.map((c) => [changeKey(c), c]));
  for (const c of next) {
    const old = byLine.get(changeKey(c));
    if (c.kind === 'price' && old?.kind === 'price') {
      if (old.from === c.to) byLine.delete(changeKey(c));
      else byLine.set(changeKey(c), { ...c, from: old.from });
    } else {
      byLine.set(changeKey(c), c);
    }
  }
  return [...byLine.values()];
}

/**
 * The unseen changes after a server answer: earlier ones for dishes still in the cart (or gone), and
 * what differs now. An emptied cart (an order placed) leaves nothing to point out.
 */
export function nextChanges(
  seen: readonly CartChange[],
  shown: readonly Line[],
  server: readonly Line[],
): CartChange[] {
  if (!server.length) return [];
  const inCart = new Set(server.map(keyOf));
  // A dish left out (unavailable, or its choices gone) is not in the cart, so it stays until seen.
  const kept = seen.filter((c) => inCart.has(changeKey(c)) || c.kind !== 'price');
  return mergeChanges(kept, diffCart(shown, server));
}
