// The Add button / quantity stepper for one menu item, with the "Replace cart?" question when the
// item comes from another restaurant than the cart's, and a clear word at the per-dish limit.
import { useState } from 'react';
import { MAX_ITEM_QUANTITY, quantityLimitMessage } from '../../shared/cart-rules.ts';
import { lineLabel, sameOptions } from '../../shared/customisation.ts';
import { snackbar } from '../../lib/events.ts';
import { ApiError } from '../../lib/http.ts';
import { useAppState } from '../../lib/app-state.ts';
import { setItemQuantity } from './cart-sync.ts';
import { ReplaceCartDialog } from './replace-cart-dialog.tsx';
import './cart.css';

export interface CartStepperItem {
  id: number;
  name: string;
  /** One unit, with the line's choices. */
  price: number;
  restaurantId: number;
  inStock: boolean;
  /** The line's options (a dish with choices): the stepper changes that line only. */
  options?: number[];
  choices?: string[];
}

export function CartStepper({ item }: { item: CartStepperItem }) {
  const cart = useAppState((s) => s.cart);
  const storeName = useAppState((s) => s.store_info?.name ?? null);
  const quantity = cart.find((i) => i.id === item.id && sameOptions(i.options, item.options))?.quantity ?? 0;
  const label = lineLabel(item.name, item.choices);
  const atLimit = quantity >= MAX_ITEM_QUANTITY;
  const [asking, setAsking] = useState(false);

  const change = (next: number, replace = false) => {
    setItemQuantity(item, next, { replace }).catch((err: unknown) => {
      if (err instanceof ApiError && err.code === 'cart_store_conflict') setAsking(true);
      else snackbar.danger(err instanceof Error ? err.message : 'Could not update your cart.');
    });
  };

  const add = () => {
    const other = cart.length > 0 && cart[0]!.restaurant_id !== item.restaurantId;
    if (other) setAsking(true);
    else change(1);
  };

  const dialog = asking && (
    <ReplaceCartDialog
      currentStore={storeName}
      itemName={item.name}
      onCancel={() => setAsking(false)}
      onReplace={() => {
        setAsking(false);
        change(1, true);
      }}
    />
  );

  if (quantity === 0) {
    return (
      <>
        <button
          type="button"
          className="cart-stepper cart-stepper--add"
          disabled={!item.inStock}
          onClick={add}
          aria-label={item.inStock ? `Add ${label} to cart` : `Sold out: ${label}`}
        >
          {item.inStock ? 'Add' : 'Sold out'}
        </button>
        {dialog}
      </>
    );
  }
  return (
    <div className="cart-stepper" role="group" aria-label={`${label} in cart`}>
      <button
        type="button"
        className="cart-stepper__btn"
        onClick={() => change(quantity - 1)}
        aria-label={`Remove one ${label}`}
      >
        −
      </button>
      <output className="cart-stepper__qty" aria-live="polite" aria-label={`${label} quantity`}>
        {quantity}
      </output>
      <button
        type="button"
        className="cart-stepper__btn"
        // At the limit the button stays focusable and says why it does nothing (a disabled one is silent).
        onClick={() => (atLimit ? snackbar.danger(quantityLimitMessage(item.name)) : change(quantity + 1))}
        disabled={!item.inStock}
        aria-disabled={atLimit || undefined}
        aria-label={`Add one more ${label}`}
        title={atLimit ? quantityLimitMessage(item.name) : undefined}
      >
        +
      </button>
      {dialog}
    </div>
  );
}
