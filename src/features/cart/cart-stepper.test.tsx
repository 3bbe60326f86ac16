import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { on } from '../../lib/events.ts';
import { appState } from '../../lib/app-state.ts';
import { cartLine } from '../../testing/cart-line.ts';
import { CartStepper } from './cart-stepper.tsx';

const engine = vi.hoisted(() => ({ setItemQuantity: vi.fn(async () => undefined) }));
vi.mock('./cart-sync.ts', () => engine);

afterEach(() => appState.reset());

const biryani = { id: 5, name: 'Chicken Biryani', price: 25000, restaurantId: 1, inStock: true };
const line = (quantity: number) => cartLine({ id: 5, quantity });

describe('CartStepper', () => {
  it('says so at the 50-per-dish limit instead of adding more', async () => {
    appState.set({ cart: [line(50)] });
    const snack = vi.fn();
    const off = on('snackbar', snack);
    render(<CartStepper item={biryani} />);
    const plus = screen.getByRole('button', { name: 'Add one more Chicken Biryani' });
    expect(plus).toHaveAttribute('aria-disabled', 'true');
    await userEvent.click(plus);
    expect(engine.setItemQuantity).not.toHaveBeenCalled();
    expect(snack).toHaveBeenCalledWith({
      message: 'You can add up to 50 × Chicken Biryani per order.',
      variant: 'danger',
    });
    off();
  });

  it('adds one more below the limit', async () => {
    appState.set({ cart: [line(49)] });
    render(<CartStepper item={biryani} />);
    await userEvent.click(screen.getByRole('button', { name: 'Add one more Chicken Biryani' }));
    expect(engine.setItemQuantity).toHaveBeenCalledWith(biryani, 50, { replace: false });
  });
});
