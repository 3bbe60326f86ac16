import { describe, expect, it, vi } from 'vitest';
import { keepScreenAwake } from './wake-lock.ts';

class Sentinel extends EventTarget {
  released = false;
  async release() {
    this.released = true;
    this.dispatchEvent(new Event('release'));
  }
}

function page() {
  const doc = Object.assign(new EventTarget(), { visibilityState: 'visible' as DocumentVisibilityState });
  const held: Sentinel[] = [];
  const wakeLock = {
    request: vi.fn(async () => {
      const s = new Sentinel();
      held.push(s);
      return s;
    }),
  };
  const show = (state: DocumentVisibilityState) => {
    doc.visibilityState = state;
    doc.dispatchEvent(new Event('visibilitychange'));
  };
  return { doc: doc as unknown as Document, wakeLock, held, show };
}

const settle = () => new Promise((r) => setTimeout(r, 0));

describe('keepScreenAwake', () => {
  it('holds the screen on, asks again when the tab is visible after the browser dropped it, lets go at the end', async () => {
    const p = page();
    const states: Array<boolean | null> = [];
    const stop = keepScreenAwake((s) => states.push(s), p.wakeLock, p.doc);
    await settle();
    expect(p.wakeLock.request).toHaveBeenCalledWith('screen');
    expect(states).toEqual([true]);
    // Hidden: the browser releases the lock; visible again: asked anew.
    p.show('hidden');
    await p.held[0]!.release();
    expect(states).toEqual([true, false]);
    p.show('visible');
    await settle();
    expect(p.wakeLock.request).toHaveBeenCalledTimes(2);
    expect(states).toEqual([true, false, true]);
    stop();
    await settle();
    expect(p.held[1]!.released).toBe(true);
    expect(states).toEqual([true, false, true]);
  });

  it('says when the browser refuses or has no Wake Lock', async () => {
    const p = page();
    p.wakeLock.request.mockRejectedValueOnce(new DOMException('not allowed', 'NotAllowedError'));
    const states: Array<boolean | null> = [];
    const stop = keepScreenAwake((s) => states.push(s), p.wakeLock, p.doc);
    await settle();
    expect(states).toEqual([false]);
    stop();
    const none: Array<boolean | null> = [];
    keepScreenAwake((s) => none.push(s), undefined, p.doc);
    expect(none).toEqual([null]);
  });
});
