import { beforeEach, expect, it, vi } from 'vitest';

const clear = () => {
  for (const name of ['session_key', 'cart_lines', 'auth._token.local'])
    document.cookie = `${name}=; path=/; max-age=0`;
};
beforeEach(() => {
  clear();
  vi.resetModules();
});

it('knows at once the cart of a browser that holds neither a cart key nor a sign-in: empty', async () => {
  const { cartKnown } = await import('./cart-known.ts');
  expect(cartKnown()).toBe(true);
  // The first load hands out a key before it settles: the empty cart on screen stays the known one.
  document.cookie = 'session_key=abc; path=/';
  expect(cartKnown()).toBe(true);
});

it('knows the cart of a visitor whose browser last showed it empty', async () => {
  document.cookie = 'session_key=abc; path=/';
  document.cookie = 'cart_lines=0; path=/';
  const { cartKnown } = await import('./cart-known.ts');
  expect(cartKnown()).toBe(true);
});

it('waits for the first load of a visitor cart with lines', async () => {
  document.cookie = 'session_key=abc; path=/';
  document.cookie = 'cart_lines=2; path=/';
  const { cartKnown } = await import('./cart-known.ts');
  expect(cartKnown()).toBe(false);
});

it('waits for the first load when the browser is signed in (another device may have changed its cart)', async () => {
  document.cookie = 'cart_lines=0; path=/';
  document.cookie = 'auth._token.local=Bearer%20x; path=/';
  const { cartKnown, cartSettled } = await import('./cart-known.ts');
  expect(cartKnown()).toBe(false);
  cartSettled();
  expect(cartKnown()).toBe(true);
  clear();
});
