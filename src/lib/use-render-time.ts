// Relative text ("Arriving by 7:40 pm, in about 25 min") must read the same in the server's HTML and
// in the browser's hydrating render, or React throws the page away and renders it again. While
// hydrating (React reads the server snapshot) it formats against the time the page was rendered;
// right after, and in every render of the browser's own, against the clock.
import { useSyncExternalStore } from 'react';
import { firstPageData } from './first-page-data.ts';
import { noChanges } from './no-changes.ts';

const clock = () => undefined;
const renderedAt = () => firstPageData()?.renderedAt;

/** The time to format against: the server's render time while hydrating, else undefined (now). */
export function useRenderTime(): number | undefined {
  return useSyncExternalStore(noChanges, clock, renderedAt);
}
