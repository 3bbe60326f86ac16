// The early-taps script (as the server inlines it) and the app's replay, on a page whose controls have
// no handlers yet: a tap is held, shown as held, and reaches the handler hydration attaches.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { EARLY_TAPS_SCRIPT } from '../shared/early-taps.ts';
import { replayEarlyTaps } from './replay-early-taps.ts';

beforeEach(() => {
  document.body.innerHTML = `
    <form><button type="submit">Add Chicken Biryani to cart</button></form>
    <button disabled>Sold out</button>
    <label><input type="checkbox" /> Veg only</label>
    <a href="#offers">Offers</a>`;
  // Run the script text itself, as the browser runs the inline tag.
  new Function(EARLY_TAPS_SCRIPT)();
});

afterEach(() => {
  replayEarlyTaps();
  delete (window as { __heldTaps?: unknown }).__heldTaps;
});

const add = () => document.querySelector<HTMLButtonElement>('button[type="submit"]')!;

describe('taps before hydration', () => {
  it('are held, marked, and replayed once per control after hydration', () => {
    const submitted = vi.fn((e: Event) => e.preventDefault());
    document.querySelector('form')!.addEventListener('submit', submitted);
    add().click();
    add().click();
    // Held: the form did not submit (a native submission would reload the page), the tap shows.
    expect(submitted).not.toHaveBeenCalled();
    expect(add().hasAttribute('data-held-tap')).toBe(true);

    // Hydration attaches the app's handler, then the replay runs.
    const onClick = vi.fn();
    add().addEventListener('click', onClick);
    replayEarlyTaps();
    expect(onClick).toHaveBeenCalledTimes(1);
    expect(submitted).toHaveBeenCalledTimes(1);
    expect(add().hasAttribute('data-held-tap')).toBe(false);

    // From now on the app handles taps itself.
    add().click();
    expect(onClick).toHaveBeenCalledTimes(2);
  });

  it('keep a checkbox as it was until the app can handle the change', () => {
    const box = document.querySelector<HTMLInputElement>('input[type="checkbox"]')!;
    box.click();
    expect(box.checked).toBe(false);
    const onChange = vi.fn();
    box.addEventListener('change', onChange);
    replayEarlyTaps();
    expect(box.checked).toBe(true);
    expect(onChange).toHaveBeenCalledTimes(1);
  });

  it('leave links and disabled controls alone, and skip a control the app has replaced', () => {
    const link = document.querySelector('a')!;
    const linkClick = new MouseEvent('click', { bubbles: true, cancelable: true });
    link.dispatchEvent(linkClick);
    expect(linkClick.defaultPrevented).toBe(false);
    expect(document.querySelector('button[disabled]')!.hasAttribute('data-held-tap')).toBe(false);

    const onClick = vi.fn();
    add().click();
    add().addEventListener('click', onClick);
    add().remove();
    replayEarlyTaps();
    expect(onClick).not.toHaveBeenCalled();
  });

  it('replay nothing on a page the server did not render', () => {
    delete (window as { __heldTaps?: unknown }).__heldTaps;
    expect(() => replayEarlyTaps()).not.toThrow();
  });
});
