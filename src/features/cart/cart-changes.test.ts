// The cart's "what changed" list: a price the server now asks differently, a dish gone or out of
// stock; an emptied cart reports nothing; unseen changes merge and a price that went back disappears.
import { describe, expect, it } from 'vitest';
import { diffCart, mergeChanges, nextChanges } from './cart-changes.ts';

const line = (id: number, price: number, in_stock = true) => ({ id, name: `Dish ${id}`, price, in_stock });

describe('diffCart', () => {
  it('names each price change and each dish that is no longer available', () => {
    const shown = [line(1, 18000), line(2, 9900), line(3, 5000), line(4, 12000)];
    const server = [line(1, 19000), line(2, 9900, false), line(4, 12000)];
    expect(diffCart(shown, server)).toEqual([
      { id: 1, key: '1', name: 'Dish 1', kind: 'price', from: 18000, to: 19000 },
      { id: 2, key: '2', name: 'Dish 2', kind: 'unavailable' },
      { id: 3, key: '3', name: 'Dish 3', kind: 'unavailable' },
    ]);
  });

  it('tells apart two lines of one dish with different choices, named with their choices', () => {
    const pizza = (options: number[], choices: string[], price: number) => ({
      id: 7,
      name: 'Pizza',
      price,
      in_stock: true,
      options,
      choices,
    });
    const shown = [pizza([1], ['Regular'], 29900), pizza([2, 5], ['Large', 'Olives'], 63900)];
    const server = [pizza([1], ['Regular'], 29900), pizza([2, 5], ['Large', 'Olives'], 65900)];
    expect(diffCart(shown, server)).toEqual([
      { id: 7, key: '7:2,5', name: 'Pizza (Large, Olives)', kind: 'price', from: 63900, to: 65900 },
    ]);
    expect(diffCart(shown, [shown[1]!])).toEqual([
      { id: 7, key: '7:1', name: 'Pizza (Regular)', kind: 'unavailable' },
    ]);
  });

  it('reports nothing for an unchanged cart, a new dish, or a cart the server emptied', () => {
    expect(diffCart([line(1, 18000)], [line(1, 18000), line(5, 100)])).toEqual([]);
    expect(diffCart([line(1, 18000)], [])).toEqual([]);
    // Already out of stock when the customer looked: not news.
    expect(diffCart([line(1, 18000, false)], [line(1, 18000, false)])).toEqual([]);
  });
});

describe('mergeChanges', () => {
  it('keeps the first price the customer saw and drops a price that went back to it', () => {
    const first = [{ id: 1, name: 'Dish 1', kind: 'price' as const, from: 18000, to: 19000 }];
    expect(mergeChanges(first, [{ id: 1, name: 'Dish 1', kind: 'price', from: 19000, to: 20000 }])).toEqual([
      { id: 1, name: 'Dish 1', kind: 'price', from: 18000, to: 20000 },
    ]);
    expect(mergeChanges(first, [{ id: 1, name: 'Dish 1', kind: 'price', from: 19000, to: 18000 }])).toEqual(
      [],
    );
  });
});

describe('nextChanges', () => {
  it('adds what differs now to the unseen ones, and clears everything once the cart is emptied', () => {
    const seen = [{ id: 9, name: 'Dish 9', kind: 'unavailable' as const }];
    expect(nextChanges(seen, [line(1, 18000)], [line(1, 19000)])).toEqual([
      { id: 9, name: 'Dish 9', kind: 'unavailable' },
      { id: 1, key: '1', name: 'Dish 1', kind: 'price', from: 18000, to: 19000 },
    ]);
    // The cart emptied (an order was placed): nothing left to point out.
    expect(nextChanges(seen, [line(1, 19000)], [])).toEqual([]);
  });

  it("keeps a reorder's changes through the next server answer: a repriced line, a dish left out", () => {
    const seen = [
      { id: 1, key: '1', name: 'Dish 1', kind: 'price' as const, from: 18000, to: 19000 },
      { id: 4, key: '4:7', name: 'Dish 4 (Large)', kind: 'choices' as const },
    ];
    expect(nextChanges(seen, [line(1, 19000)], [line(1, 19000)])).toEqual(seen);
  });
});
