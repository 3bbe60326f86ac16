import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { SavedCart } from '../../shared/api/checkout.ts';
import { on } from '../../lib/events.ts';
import { appState } from '../../lib/app-state.ts';
import { cartLine } from '../../testing/cart-line.ts';
import { CartConflictDialog } from './cart-conflict-dialog.tsx';

// The cart engine's side, as cart-sync.ts hands it to the dialog.
const engine = (() => {
  let saved: SavedCart | null = null;
  const listeners = new Set<() => void>();
  return {
    set(next: SavedCart | null) {
      saved = next;
      listeners.forEach((l) => l());
    },
    cartConflict: () => saved,
    onCartConflict: (l: () => void) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    keepCart: vi.fn(async () => undefined),
  };
})();

const saved: SavedCart = {
  store_name: 'Dosa Corner',
  store_slug: 'dosa-corner',
  item_count: 3,
  item_total: 36050,
  items: [
    { name: 'Masala Dosa', quantity: 2 },
    { name: 'Filter Coffee', quantity: 1 },
  ],
};

afterEach(() => {
  appState.reset();
  engine.keepCart.mockClear();
});

describe('CartConflictDialog', () => {
  it('names both carts and keeps the one chosen', async () => {
    engine.set(saved);
    appState.set({
      cart: [cartLine()],
      cart_meta: { item_count: 1, item_total: 25000, coupon_discount: 0 },
      store_info: {
        id: 1,
        name: 'Meghana Biryani House',
        slug: 'meghana-biryani-house',
        image: '',
        area: 'Koramangala',
        lat: 12.9352,
        lng: 77.6245,
        delivery_radius_m: 7000,
      },
    });
    const onDone = vi.fn();
    const snack = vi.fn();
    const off = on('snackbar', snack);
    render(<CartConflictDialog engine={engine} onDone={onDone} />);
    const dialog = screen.getByRole('dialog', { name: 'Which cart do you want to keep?' });
    const mine = screen.getByRole('button', { name: /Keep this cart/ });
    expect(mine).toHaveTextContent('Meghana Biryani House1 item · ₹2501 × Chicken Biryani');
    expect(screen.getByRole('button', { name: /Use my saved cart/ })).toHaveTextContent(
      'Dosa Corner3 items · ₹360.502 × Masala Dosa, 1 × Filter Coffee',
    );
    expect(dialog).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: /Use my saved cart/ }));
    expect(engine.keepCart).toHaveBeenCalledWith('saved');
    expect(snack).toHaveBeenCalledWith(
      expect.objectContaining({ message: 'Your saved cart from Dosa Corner is back' }),
    );
    // The engine clears the conflict once answered (here or in another tab): the dialog goes.
    act(() => engine.set(null));
    expect(onDone).toHaveBeenCalled();
    expect(screen.queryByRole('dialog')).toBeNull();
    off();
  });
});
