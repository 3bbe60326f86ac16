// Add / quantity for a dish with choices on the menu. Add opens the choices sheet; with the dish in the
// cart, + asks "Repeat last" (one more of the line added last) or "I'll choose" (the sheet again, a new
// line when the choices differ) and − takes one off the line added last. Each set of choices is its
// own cart line, changed one by one at checkout.
import { lazy, Suspense, useRef, useState } from 'react';
import type { CartItem } from '../../shared/api/checkout.ts';
import type { MenuItem } from '../../shared/api/discovery.ts';
import { MAX_ITEM_QUANTITY, quantityLimitMessage } from '../../shared/cart-rules.ts';
import { lineLabel, sameOptions, type OptionGroup } from '../../shared/customisation.ts';
import { snackbar } from '../../lib/events.ts';
import { ApiError } from '../../lib/http.ts';
import { useAppState } from '../../lib/app-state.ts';
import { setItemQuantity, type StepperItem } from './cart-sync.ts';
import { ReplaceCartDialog } from './replace-cart-dialog.tsx';

// The sheets load on first use: pages that list dishes carry only the buttons (cart.css comes with
// CartStepper, which every such page has).
const ChoicesSheet = lazy(() => import('./choices-sheet.tsx'));
const RepeatDialog = lazy(() => import('./choices-sheet.tsx').then((m) => ({ default: m.RepeatDialog })));

type Step = 'idle' | 'replace' | 'choose' | 'repeat';

export function CustomisableStepper({
  item,
  groups,
  restaurantId,
}: {
  item: Pick<MenuItem, 'id' | 'name' | 'price' | 'diet' | 'in_stock'>;
  groups: OptionGroup[];
  restaurantId: number;
}) {
  const cart = useAppState((s) => s.cart);
  const storeName = useAppState((s) => s.store_info?.name ?? null);
  const lines = cart.filter((i) => i.id === item.id);
  const quantity = lines.reduce((n, l) => n + l.quantity, 0);
  const last = lines[lines.length - 1];
  const [step, setStep] = useState<Step>('idle');
  const replace = useRef(false);

  const change = (line: StepperItem, next: number) => {
    const withReplace = replace.current;
    replace.current = false;
    setItemQuantity(line, next, { replace: withReplace }).catch((err: unknown) => {
      if (err instanceof ApiError && err.code === 'cart_store_conflict') setStep('replace');
      else snackbar.danger(err instanceof Error ? err.message : 'Could not update your cart.');
    });
  };

  const lineOf = (l: CartItem): StepperItem => ({
    id: l.id,
    name: l.name,
    price: l.price,
    restaurantId,
    options: l.options ?? [],
    choices: l.choices ?? [],
  });

  const add = () => {
    const other = cart.length > 0 && cart[0]!.restaurant_id !== restaurantId;
    setStep(other ? 'replace' : 'choose');
  };

  const more = () => {
    if (quantity >= MAX_ITEM_QUANTITY) snackbar.danger(quantityLimitMessage(item.name));
    else setStep('repeat');
  };

  const overlay = (
    <>
      {step === 'replace' && (
        <ReplaceCartDialog
          currentStore={storeName}
          itemName={item.name}
          onCancel={() => setStep('idle')}
          onReplace={() => {
            replace.current = true;
            setStep('choose');
          }}
        />
      )}
      {step === 'choose' && (
        <Suspense fallback={null}>
          <ChoicesSheet
            name={item.name}
            price={item.price}
            diet={item.diet}
            groups={groups}
            onCancel={() => {
              replace.current = false;
              setStep('idle');
            }}
            onAdd={({ options, choices, price }) => {
              setStep('idle');
              const same = lines.find((l) => sameOptions(l.options, options));
              change(
                { id: item.id, name: item.name, price, restaurantId, options, choices },
                (same?.quantity ?? 0) + 1,
              );
            }}
          />
        </Suspense>
      )}
      {step === 'repeat' && last && (
        <Suspense fallback={null}>
          <RepeatDialog
            name={item.name}
            lastChoices={last.choices ?? []}
            onRepeat={() => {
              setStep('idle');
              change(lineOf(last), last.quantity + 1);
            }}
            onChoose={() => setStep('choose')}
            onCancel={() => setStep('idle')}
          />
        </Suspense>
      )}
    </>
  );

  if (quantity === 0 || !last) {
    return (
      <div className="cart-stepper__wrap">
        <button
          type="button"
          className="cart-stepper cart-stepper--add"
          disabled={!item.in_stock}
          onClick={add}
          aria-label={item.in_stock ? `Add ${item.name} to cart` : `Sold out: ${item.name}`}
          aria-haspopup="dialog"
        >
          {item.in_stock ? 'Add' : 'Sold out'}
        </button>
        {item.in_stock && <span className="cart-stepper__note">Customisable</span>}
        {overlay}
      </div>
    );
  }
  return (
    <div className="cart-stepper__wrap">
      <div className="cart-stepper" role="group" aria-label={`${item.name} in cart`}>
        <button
          type="button"
          className="cart-stepper__btn"
          onClick={() => change(lineOf(last), last.quantity - 1)}
          aria-label={`Remove one ${lineLabel(item.name, last.choices)}`}
        >
          −
        </button>
        <output className="cart-stepper__qty" aria-live="polite" aria-label={`${item.name} quantity`}>
          {quantity}
        </output>
        <button
          type="button"
          className="cart-stepper__btn"
          onClick={more}
          disabled={!item.in_stock}
          aria-haspopup="dialog"
          aria-label={`Add one more ${item.name}`}
        >
          +
        </button>
      </div>
      <span className="cart-stepper__note">Customisable</span>
      {overlay}
    </div>
  );
}
