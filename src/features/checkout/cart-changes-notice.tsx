// Checkout's list of what changed in the cart (the cart feature finds the changes) since the customer last saw it, shown before payment:
// "Paneer Tikka: ₹180 → ₹190", "Gulab Jamun: no longer available", and after a reorder "Farmhouse Pizza
// (Large): its choices changed: choose them again on the menu". The bill beside it is already the
// server's, recomputed; "OK" says the customer has seen the changes.
import { useSyncExternalStore } from 'react';
import { formatRupees } from '../../lib/format.ts';
import { cartChanges, dismissCartChanges, onCartChanges } from '../cart/index.tsx';

export function CartChangesNotice() {
  const changes = useSyncExternalStore(onCartChanges, cartChanges, cartChanges);
  if (!changes.length) return null;
  return (
    <section className="cart-changes" role="alert" aria-labelledby="cart-changes-title">
      <h2 id="cart-changes-title" className="cart-changes__title">
        Your cart changed since you last looked
      </h2>
      <ul className="cart-changes__list" data-testid="cart-changes">
        {changes.map((c) => (
          <li key={c.key ?? c.id}>
            <strong>{c.name}</strong>:{' '}
            {c.kind === 'price'
              ? `${formatRupees(c.from)} → ${formatRupees(c.to)}`
              : c.kind === 'choices'
                ? 'its choices changed: choose them again on the menu'
                : 'no longer available'}
          </li>
        ))}
      </ul>
      <p className="cart-changes__note">The bill below is updated with these changes.</p>
      <button type="button" className="button" onClick={dismissCartChanges}>
        OK
      </button>
    </section>
  );
}
