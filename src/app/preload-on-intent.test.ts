import { afterEach, describe, expect, it } from 'vitest';
import { preloadOnIntent } from './preload-on-intent.ts';

function link(href: string, target?: string): HTMLAnchorElement {
  const a = document.createElement('a');
  a.href = href;
  if (target) a.target = target;
  a.innerHTML = '<span>label</span>';
  document.body.append(a);
  return a;
}

let stop = () => {};
afterEach(() => {
  stop();
  document.body.innerHTML = '';
});

describe('preloadOnIntent', () => {
  it('preloads the page of a same-origin link on hover, touch or focus, once per path in a row', () => {
    const seen: string[] = [];
    stop = preloadOnIntent((p) => seen.push(p));
    const offers = link('/offers');
    const search = link('/search?query=paneer');
    offers.firstElementChild!.dispatchEvent(new Event('pointerover', { bubbles: true }));
    offers.dispatchEvent(new Event('pointerover', { bubbles: true }));
    search.dispatchEvent(new Event('touchstart', { bubbles: true }));
    offers.dispatchEvent(new FocusEvent('focusin', { bubbles: true }));
    expect(seen).toEqual(['/offers', '/search', '/offers']);
  });

  it('ignores other sites, links opening elsewhere and plain elements, and stops when told', () => {
    const seen: string[] = [];
    stop = preloadOnIntent((p) => seen.push(p));
    link('https://example.com/offers').dispatchEvent(new Event('pointerover', { bubbles: true }));
    link('/about', '_blank').dispatchEvent(new Event('pointerover', { bubbles: true }));
    document.body.dispatchEvent(new Event('pointerover', { bubbles: true }));
    stop();
    link('/offers').dispatchEvent(new Event('pointerover', { bubbles: true }));
    expect(seen).toEqual([]);
  });
});
