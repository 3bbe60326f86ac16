// The small-screen cart bar (docs/product.md#layout): item count, a divider, the item total and View Cart;
// shown only while the cart holds at least one item. Tapping it opens the cart.
import { Link } from '../../lib/router.tsx';
import { formatRupees } from '../../lib/format.ts';
import { useAppState } from '../../lib/app-state.ts';
import { CartIcon } from './icons.tsx';

export function CartBar() {
  const meta = useAppState((s) => s.cart_meta);
  if (!meta || meta.item_count < 1) return null;
  return (
    <Link to="/checkout" className="cart-bar small-screen-only" data-testid="cart-bar">
      <span className="cart-bar__summary">
        <span className="cart-bar__count">{`${meta.item_count} Item`}</span>
        <span className="cart-bar__divider" aria-hidden="true" />
        <span className="cart-bar__total">{formatRupees(meta.item_total)}</span>
      </span>
      <span className="cart-bar__action">
        View Cart
        <CartIcon size={20} />
      </span>
    </Link>
  );
}
