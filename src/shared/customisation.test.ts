import { describe, expect, it } from 'vitest';
import {
  canonicalOptions,
  checkChoices,
  defaultOptions,
  lineKey,
  lineLabel,
  sameOptions,
  type OptionGroup,
} from './customisation.ts';

const size: OptionGroup = {
  id: 1,
  name: 'Size',
  kind: 'variant',
  min: 1,
  max: 1,
  options: [
    { id: 11, name: 'Regular', price: 0, in_stock: false },
    { id: 12, name: 'Medium', price: 15000, in_stock: true },
    { id: 13, name: 'Large', price: 30000, in_stock: true },
  ],
};
const toppings: OptionGroup = {
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
};
const sauces: OptionGroup = {
  id: 3,
  name: 'Dips',
  kind: 'addon',
  min: 2,
  max: 3,
  options: [
    { id: 31, name: 'Mint', price: 0, in_stock: true },
    { id: 32, name: 'Mayo', price: 1500, in_stock: true },
    { id: 33, name: 'Schezwan', price: 1500, in_stock: true },
  ],
};
const groups = [size, toppings];

describe('checkChoices', () => {
  it('prices and names the choices in menu order, whatever order they were sent in', () => {
    expect(checkChoices('Pizza', groups, [22, 13, 21, 22])).toEqual({
      ok: true,
      options: [13, 21, 22],
      extra: 30000 + 4000 + 6000,
      choices: ['Large', 'Olives', 'Extra cheese'],
    });
  });

  it.each([
    [[], 'Choose a size for Pizza.', 1],
    [[12, 13], 'Choose at most one size for Pizza.', 1],
    [[12, 21, 22, 23], 'Choose at most 2 toppings for Pizza.', 2],
    [[11], 'Regular is not available right now. Choose again.', 1],
    [[12, 99], 'Some choices for Pizza are no longer on the menu. Choose again.', null],
  ])('refuses %j: %s', (chosen, message, group) => {
    expect(checkChoices('Pizza', groups, chosen)).toEqual({ ok: false, message, group });
  });

  it('asks for at least the minimum of a multi-choice group', () => {
    expect(checkChoices('Momos', [sauces], [31])).toMatchObject({
      ok: false,
      message: 'Choose at least 2 dips for Momos.',
    });
    expect(checkChoices('Momos', [sauces], [31, 33])).toMatchObject({ ok: true, extra: 1500 });
  });

  it('accepts no options for a dish without groups, and refuses any', () => {
    expect(checkChoices('Biryani', [], undefined)).toEqual({ ok: true, options: [], extra: 0, choices: [] });
    expect(checkChoices('Biryani', [], [12]).ok).toBe(false);
  });
});

describe('line identity', () => {
  it('is the dish and its sorted options', () => {
    expect(canonicalOptions([3, 1, 3, 2])).toEqual([1, 2, 3]);
    expect(sameOptions([2, 1], [1, 2, 2])).toBe(true);
    expect(sameOptions([1], [1, 2])).toBe(false);
    expect(sameOptions(undefined, [])).toBe(true);
    expect(lineKey(7, [9, 3])).toBe('7:3,9');
    expect(lineKey(7)).toBe('7');
  });

  it('reads as the dish with its choices', () => {
    expect(lineLabel('Pizza', ['Large', 'Olives'])).toBe('Pizza (Large, Olives)');
    expect(lineLabel('Biryani', [])).toBe('Biryani');
  });
});

describe('defaultOptions', () => {
  it('starts each required variant at its first available option, add-ons empty', () => {
    expect(defaultOptions(groups)).toEqual([12]);
  });
});
