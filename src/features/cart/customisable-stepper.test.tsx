import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CartItem } from '../../shared/api/checkout.ts';
import type { OptionGroup } from '../../shared/customisation.ts';
import { appState } from '../../lib/app-state.ts';
import { CustomisableStepper } from './customisable-stepper.tsx';

const engine = vi.hoisted(() => ({ setItemQuantity: vi.fn(async () => undefined) }));
vi.mock('./cart-sync.ts', () => engine);

beforeEach(() => engine.setItemQuantity.mockClear());
afterEach(() => appState.reset());

const pizza = { id: 8, name: 'Farmhouse Pizza', price: 29900, diet: 'veg' as const, in_stock: true };
const groups: OptionGroup[] = [
  {
    id: 1,
    name: 'Size',
    kind: 'variant',
    min: 1,
    max: 1,
    options: [
      { id: 11, name: 'Regular', price: 0, in_stock: true },
      { id: 12, name: 'Large', price: 30000, in_stock: true },
    ],
  },
  {
    id: 2,
    name: 'Toppings',
    kind: 'addon',
    min: 0,
    max: 2,
    options: [
      { id: 21, name: 'Olives', price: 4000, in_stock: true },
      { id: 22, name: 'Extra cheese', price: 6000, in_stock: true },
      { id: 23, name: 'Mushrooms', price: 5000, in_stock: true },
    ],
  },
];

const line = (options: number[], choices: string[], price: number, quantity = 1): CartItem => ({
  id: 8,
  name: 'Farmhouse Pizza',
  price,
  quantity,
  line_total: price * quantity,
  is_veg: true,
  in_stock: true,
  image: null,
  restaurant_id: 1,
  options,
  choices,
});

const show = () => render(<CustomisableStepper item={pizza} groups={groups} restaurantId={1} />);

describe('CustomisableStepper', () => {
  it('Add opens the choices; a variant is chosen, add-ons stop at their most; the price follows', async () => {
    show();
    expect(screen.getByText('Customisable')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Add Farmhouse Pizza to cart' }));
    const sheet = await screen.findByRole('dialog', { name: 'Farmhouse Pizza' });
    expect(within(sheet).getByRole('radio', { name: 'Regular' })).toBeChecked();
    expect(within(sheet).getByRole('group', { name: 'Toppings' })).toHaveAccessibleDescription(
      'Optional · up to 2',
    );

    await userEvent.click(within(sheet).getByRole('radio', { name: /Large/ }));
    await userEvent.click(within(sheet).getByRole('checkbox', { name: /Olives/ }));
    await userEvent.click(within(sheet).getByRole('checkbox', { name: /Extra cheese/ }));
    expect(within(sheet).getByRole('checkbox', { name: /Mushrooms/ })).toBeDisabled();
    await userEvent.click(within(sheet).getByRole('button', { name: 'Add item · ₹699' }));

    expect(engine.setItemQuantity).toHaveBeenCalledWith(
      {
        id: 8,
        name: 'Farmhouse Pizza',
        price: 29900 + 30000 + 4000 + 6000,
        restaurantId: 1,
        options: [12, 21, 22],
        choices: ['Large', 'Olives', 'Extra cheese'],
      },
      1,
      { replace: false },
    );
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('+ asks "Repeat last" (one more of that line) or "I\'ll choose" (the sheet again)', async () => {
    appState.set({ cart: [line([11], ['Regular'], 29900), line([12, 21], ['Large', 'Olives'], 63900, 2)] });
    show();
    expect(screen.getByRole('status', { name: 'Farmhouse Pizza quantity' })).toHaveTextContent('3');
    await userEvent.click(screen.getByRole('button', { name: 'Add one more Farmhouse Pizza' }));
    const ask = await screen.findByRole('dialog', { name: 'Another Farmhouse Pizza?' });
    expect(ask).toHaveTextContent('Last time: Large, Olives');
    await userEvent.click(within(ask).getByRole('button', { name: 'Repeat last' }));
    expect(engine.setItemQuantity).toHaveBeenCalledWith(
      expect.objectContaining({ options: [12, 21], price: 63900 }),
      3,
      { replace: false },
    );

    await userEvent.click(screen.getByRole('button', { name: 'Add one more Farmhouse Pizza' }));
    await userEvent.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'I’ll choose' }),
    );
    expect(await screen.findByRole('dialog', { name: 'Farmhouse Pizza' })).toBeInTheDocument();
  });

  it('− takes one off the line added last, named with its choices', async () => {
    appState.set({ cart: [line([11], ['Regular'], 29900), line([12, 21], ['Large', 'Olives'], 63900, 2)] });
    show();
    await userEvent.click(screen.getByRole('button', { name: 'Remove one Farmhouse Pizza (Large, Olives)' }));
    expect(engine.setItemQuantity).toHaveBeenCalledWith(expect.objectContaining({ options: [12, 21] }), 1, {
      replace: false,
    });
  });
});
