// "Which cart do you want to keep?": after signing in, this browser's cart and the account's saved cart
// hold different restaurants' items (a cart holds one restaurant's). A modal native <dialog> of its own
// React root, so it can open on whatever page the sign-in happened; it closes when answered here or in
// another tab. Nothing is dropped until the customer answers.
import { useEffect, useId, useRef, useState, useSyncExternalStore } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import type { SavedCart } from '../../shared/api/checkout.ts';
import { snackbar } from '../../lib/events.ts';
import { formatRupees } from '../../lib/format.ts';
import { firstMessage } from '../../lib/http.ts';
import { useAppState } from '../../lib/app-state.ts';
import { useModalDialog } from '../../lib/use-modal-dialog.ts';
import './cart.css';

let root: Root | null = null;

/**
 * The cart engine's side of the question (cart-sync.ts), handed in by the engine when it opens the
 * dialog: this module is its lazy chunk and does not import the engine back.
 */
export interface ConflictEngine {
  /** The account's saved cart while it competes with this browser's cart, else null. */
  cartConflict: () => SavedCart | null;
  onCartConflict: (listener: () => void) => () => void;
  keepCart: (keep: 'this' | 'saved') => Promise<void>;
}

/** Shows the question (once, however many times the conflict is reported). */
export function askWhichCart(engine: ConflictEngine): void {
  if (root || !engine.cartConflict()) return;
  const host = document.createElement('div');
  host.dataset['cartConflict'] = '';
  document.body.appendChild(host);
  root = createRoot(host);
  root.render(
    <CartConflictDialog
      engine={engine}
      onDone={() => {
        const r = root;
        root = null;
        // Unmount after this render pass has finished.
        queueMicrotask(() => {
          r?.unmount();
          host.remove();
        });
      }}
    />,
  );
}

const itemsText = (n: number) => `${n} ${n === 1 ? 'item' : 'items'}`;

function listText(items: SavedCart['items']): string {
  const shown = items.slice(0, 3).map((i) => `${i.quantity} × ${i.name}`);
  const more = items.length - shown.length;
  return more > 0 ? `${shown.join(', ')} and ${more} more` : shown.join(', ');
}

export function CartConflictDialog({ engine, onDone }: { engine: ConflictEngine; onDone: () => void }) {
  const saved = useSyncExternalStore(engine.onCartConflict, engine.cartConflict, engine.cartConflict);
  const cart = useAppState((s) => s.cart as Array<{ name: string; quantity: number }>);
  const meta = useAppState((s) => s.cart_meta);
  const storeName = useAppState((s) => s.store_info?.name ?? 'this restaurant');
  const [busy, setBusy] = useState<'this' | 'saved' | null>(null);
  const [error, setError] = useState<string | null>(null);
  const ref = useRef<HTMLDialogElement>(null);
  const title = useId();
  const desc = useId();

  const dismiss = useModalDialog(ref);

  // Answered elsewhere (another tab) or signed out: nothing left to ask.
  useEffect(() => {
    if (!saved) {
      ref.current?.close?.();
      onDone();
    }
  }, [saved, onDone]);

  if (!saved) return null;

  const choose = async (keep: 'this' | 'saved') => {
    setBusy(keep);
    setError(null);
    try {
      await engine.keepCart(keep);
      snackbar.success(
        keep === 'this'
          ? `Kept your cart from ${storeName}`
          : `Your saved cart from ${saved.store_name} is back`,
      );
    } catch (err) {
      setError(firstMessage(err, 'Could not update your cart. Please try again.'));
      setBusy(null);
    }
  };

  const count = meta?.item_count ?? cart.reduce((s, i) => s + i.quantity, 0);
  return (
    <dialog
      ref={ref}
      className="cart-conflict"
      aria-labelledby={title}
      aria-describedby={desc}
      // The question needs an answer: Escape does not dismiss it.
      {...dismiss}
    >
      <h2 id={title} className="cart-conflict__title">
        Which cart do you want to keep?
      </h2>
      <p id={desc} className="cart-conflict__text">
        Your account already has a saved cart from another restaurant. A cart can hold one restaurant&apos;s
        items, so choose one; the other will be emptied.
      </p>
      <div className="cart-conflict__choices">
        <button
          type="button"
          className="cart-conflict__choice"
          disabled={busy !== null}
          autoFocus
          onClick={() => void choose('this')}
        >
          <span className="cart-conflict__label">{busy === 'this' ? 'Keeping…' : 'Keep this cart'}</span>
          <span className="cart-conflict__store">{storeName}</span>
          <span className="cart-conflict__detail">
            {itemsText(count)}
            {meta ? ` · ${formatRupees(meta.item_total)}` : ''}
          </span>
          <span className="cart-conflict__items">{listText(cart)}</span>
        </button>
        <button
          type="button"
          className="cart-conflict__choice"
          disabled={busy !== null}
          onClick={() => void choose('saved')}
        >
          <span className="cart-conflict__label">
            {busy === 'saved' ? 'Switching…' : 'Use my saved cart'}
          </span>
          <span className="cart-conflict__store">{saved.store_name}</span>
          <span className="cart-conflict__detail">
            {itemsText(saved.item_count)} · {formatRupees(saved.item_total)}
          </span>
          <span className="cart-conflict__items">{listText(saved.items)}</span>
        </button>
      </div>
      {error && (
        <p role="alert" className="cart-conflict__error">
          {error}
        </p>
      )}
    </dialog>
  );
}
