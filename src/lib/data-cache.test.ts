// The data cache's promises to the pages that read it through use-api.ts: one request per key at a
// time, one answer shared by every component, the last data kept through a new key's load and a
// failure, writes and reloads through mutate, polling that waits while the page is hidden or offline,
// reloads on focus (useData) and reconnect, and the app's retry rule.
import { act, renderHook, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mutate, preload, useCache } from './data-cache.ts';
import { setFirstPageData } from './first-page-data.ts';
import { ApiError } from './http.ts';
import { revalidate, useApi, useData } from './use-api.ts';

/** A loader whose answers the test gives, one per call, in order. */
function controlled<T>() {
  const pending: Array<{ key: string; resolve: (v: T) => void; reject: (e: unknown) => void }> = [];
  const load = vi.fn(
    (key: string) => new Promise<T>((resolve, reject) => void pending.push({ key, resolve, reject })),
  );
  /** Settles the oldest open call. */
  const answer = async (value: T | Error) => {
    const call = pending.shift();
    if (!call) throw new Error('no load under way');
    await act(async () => (value instanceof Error ? call.reject(value) : call.resolve(value)));
  };
  return { load, answer, pending };
}

/** A loader that answers at once: `<key> #<n>` for its n-th call. */
function counting() {
  let n = 0;
  return vi.fn(async (key: string) => `${key} #${++n}`);
}

const tick = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));

let hidden = false;
let online = true;
beforeEach(() => {
  hidden = false;
  online = true;
  vi.spyOn(document, 'visibilityState', 'get').mockImplementation(() => (hidden ? 'hidden' : 'visible'));
  vi.spyOn(navigator, 'onLine', 'get').mockImplementation(() => online);
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('useCache', () => {
  it('counts as loading before its first load, and sends one request for a key shown twice at once', async () => {
    const { load, answer } = controlled<string>();
    const firstRender: boolean[] = [];
    const a = renderHook(() => {
      const r = useCache('k', load);
      firstRender.push(r.isLoading);
      return r;
    });
    const b = renderHook(() => useCache('k', load));
    expect(firstRender[0]).toBe(true);
    expect(load).toHaveBeenCalledTimes(1);
    await answer('one');
    expect(a.result.current).toMatchObject({ data: 'one', isLoading: false });
    expect(b.result.current).toMatchObject({ data: 'one', isLoading: false });
  });

  it('shares one answer: a later component shows it at once, a write in one shows in the other', async () => {
    const load = counting();
    const a = renderHook(() => useCache('k', load));
    await waitFor(() => expect(a.result.current.data).toBe('k #1'));
    const b = renderHook(() => useCache('k', load));
    expect(b.result.current).toMatchObject({ data: 'k #1', isLoading: false });
    await act(() => b.result.current.mutate('written', { revalidate: false }));
    expect(a.result.current.data).toBe('written');
  });

  it('keepPreviousData shows the last key’s data while the new key loads (and only then)', async () => {
    const { load, answer } = controlled<string>();
    const kept = renderHook(({ key }) => useCache(key, load, { keepPreviousData: true }), {
      initialProps: { key: 'a' },
    });
    const plain = renderHook(({ key }) => useCache(key, load), { initialProps: { key: 'a' } });
    await answer('A');
    kept.rerender({ key: 'b' });
    plain.rerender({ key: 'b' });
    expect(kept.result.current).toMatchObject({ data: 'A', isLoading: true });
    expect(plain.result.current).toMatchObject({ data: undefined, isLoading: true });
    await answer('B');
    expect(kept.result.current).toMatchObject({ data: 'B', isLoading: false });
  });

  it('fallbackData with revalidateOnMount false shows the fallback and loads nothing', () => {
    const load = counting();
    const { result } = renderHook(() =>
      useCache('k', load, { fallbackData: 'server', revalidateOnMount: false }),
    );
    expect(result.current).toMatchObject({ data: 'server', isLoading: false });
    expect(load).not.toHaveBeenCalled();
  });

  it('bound mutate: reloads and answers with the new data, writes without asking, or with a function and a reload', async () => {
    const load = counting();
    const { result } = renderHook(() => useCache<string>('k', load));
    await waitFor(() => expect(result.current.data).toBe('k #1'));

    let reloaded: string | undefined;
    await act(async () => void (reloaded = await result.current.mutate()));
    expect(reloaded).toBe('k #2');

    await act(() => result.current.mutate('mine', { revalidate: false }));
    expect(result.current.data).toBe('mine');
    expect(load).toHaveBeenCalledTimes(2);

    await act(() => result.current.mutate((d) => `${d} and more`, { revalidate: false }));
    expect(result.current.data).toBe('mine and more');
    expect(load).toHaveBeenCalledTimes(2);

    await act(() => result.current.mutate((d) => `${d}!`, { revalidate: true }));
    expect(load).toHaveBeenCalledTimes(3);
    await waitFor(() => expect(result.current.data).toBe('k #3'));
  });

  it('drops an answer that a write overtook: a control’s answer is not undone by an older poll', async () => {
    const { load, answer } = controlled<string>();
    const { result } = renderHook(() => useCache<string>('k', load));
    await answer('first');
    void act(() => void result.current.mutate());
    await act(() => result.current.mutate('control', { revalidate: false }));
    await answer('stale poll');
    expect(result.current.data).toBe('control');
  });

  it('keeps the last data with the error of a failed load, and clears the error on the next success', async () => {
    const { load, answer } = controlled<string>();
    const { result } = renderHook(() => useCache<string, Error>('k', load));
    await answer('good');
    void act(() => void result.current.mutate());
    await answer(new Error('down'));
    expect(result.current.data).toBe('good');
    expect(result.current.error?.message).toBe('down');
    void act(() => void result.current.mutate());
    await answer('better');
    expect(result.current).toMatchObject({ data: 'better', error: undefined });
  });

  it('refreshInterval as a function of the latest data: polls at its pace, and stops at 0', async () => {
    vi.useFakeTimers();
    let n = 0;
    const load = vi.fn(async () => ++n);
    const interval = vi.fn((latest: number | undefined) =>
      latest !== undefined && latest >= 3 ? 0 : 10_000,
    );
    const { result } = renderHook(() => useCache('k', load, { refreshInterval: interval }));
    await tick(0);
    expect(result.current.data).toBe(1);
    await tick(10_000);
    expect(result.current.data).toBe(2);
    expect(interval).toHaveBeenLastCalledWith(2);
    await tick(10_000);
    expect(result.current.data).toBe(3);
    await tick(60_000);
    expect(load).toHaveBeenCalledTimes(3);
  });

  it('keeps polling while the page renders more often than it polls, with an inline interval', async () => {
    vi.useFakeTimers();
    const load = counting();
    // A page that re-renders every second (a clock) and passes a new function each render.
    const { rerender } = renderHook(() => useCache('k', load, { refreshInterval: () => 10_000 }));
    await tick(0);
    for (let s = 0; s < 25; s++) {
      rerender();
      await tick(1000);
    }
    expect(load).toHaveBeenCalledTimes(3);
  });

  it('polling stopped by the interval function (a live socket) starts again when it asks to poll', async () => {
    vi.useFakeTimers();
    const load = counting();
    const { rerender } = renderHook(
      ({ live }) => useCache('k', load, { refreshInterval: () => (live ? 0 : 10_000) }),
      { initialProps: { live: true } },
    );
    await tick(30_000);
    expect(load).toHaveBeenCalledTimes(1);
    rerender({ live: false }); // The socket dropped: back to polling.
    await tick(10_000);
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('a pace that changes with the data takes effect at once (30 s until the first answer, then 2 s)', async () => {
    vi.useFakeTimers();
    const load = counting();
    // The console's kitchen state: looked at often only once the answer says the restaurant is paused.
    renderHook(() =>
      useCache('k', load, { refreshInterval: (latest) => (latest === undefined ? 30_000 : 2_000) }),
    );
    await tick(0);
    expect(load).toHaveBeenCalledTimes(1);
    await tick(2_000);
    expect(load).toHaveBeenCalledTimes(2);
    await tick(2_000);
    expect(load).toHaveBeenCalledTimes(3);
  });

  it('polling waits while the page is hidden or offline, and goes on after', async () => {
    vi.useFakeTimers();
    const load = counting();
    renderHook(() => useCache('k', load, { refreshInterval: 10_000 }));
    await tick(0);
    hidden = true;
    await tick(30_000);
    expect(load).toHaveBeenCalledTimes(1);
    hidden = false;
    online = false;
    await tick(30_000);
    expect(load).toHaveBeenCalledTimes(1);
    online = true;
    await tick(10_000);
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('a preloaded key: the first load takes its answer instead of asking again', async () => {
    const ahead = vi.fn(async () => 'preloaded');
    void preload('k', ahead);
    const load = counting();
    const { result } = renderHook(() => useCache('k', load));
    await waitFor(() => expect(result.current.data).toBe('preloaded'));
    expect(load).not.toHaveBeenCalled();
  });

  it('a global revalidate asks once for every hook on the key; a global write reaches them all', async () => {
    const load = counting();
    const a = renderHook(() => useCache('k', load));
    const b = renderHook(() => useCache('k', load));
    await waitFor(() => expect(a.result.current.data).toBe('k #1'));
    await act(() => mutate('k'));
    expect(load).toHaveBeenCalledTimes(2);
    expect([a.result.current.data, b.result.current.data]).toEqual(['k #2', 'k #2']);
    await act(() => mutate('k', 'pushed', { revalidate: false }));
    expect([a.result.current.data, b.result.current.data]).toEqual(['pushed', 'pushed']);
  });
});

describe('use-api.ts on the cache', () => {
  const json = (body: unknown, status = 200) =>
    new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

  it('useData loads again on focus (at most every 5 s), useApi does not; both on reconnect', async () => {
    vi.useFakeTimers();
    const fetch = vi.fn(async () => json({ ok: true }));
    vi.stubGlobal('fetch', fetch);
    const loadData = counting();
    renderHook(() => useData('account', loadData));
    renderHook(() => useApi('/api/v1/list/'));
    await tick(0);
    expect([loadData.mock.calls.length, fetch.mock.calls.length]).toEqual([1, 1]);

    await tick(6000);
    act(() => void window.dispatchEvent(new Event('focus')));
    await tick(0);
    expect([loadData.mock.calls.length, fetch.mock.calls.length]).toEqual([2, 1]);
    // Throttled: a second focus 3 s later does nothing.
    await tick(3000);
    act(() => void window.dispatchEvent(new Event('focus')));
    await tick(0);
    expect(loadData).toHaveBeenCalledTimes(2);

    act(() => void window.dispatchEvent(new Event('online')));
    await tick(0);
    expect([loadData.mock.calls.length, fetch.mock.calls.length]).toEqual([3, 2]);
  });

  it('does not retry a 404; retries a 500 twice, with a growing pause, then stops', async () => {
    vi.useFakeTimers();
    const notFound = vi.fn(async () => Promise.reject(new ApiError(404, 'Not found.')));
    const broken = vi.fn(async () => Promise.reject(new ApiError(500, 'Server error.')));
    const gone = renderHook(() => useData('missing', notFound));
    const failing = renderHook(() => useData('broken', broken));
    await tick(0);
    expect(gone.result.current.error?.status).toBe(404);
    await tick(4000);
    expect(broken).toHaveBeenCalledTimes(1);
    await tick(11_000); // the first retry: 5-15 s after
    expect(broken).toHaveBeenCalledTimes(2);
    await tick(30_000); // the second: 10-30 s after
    expect(broken).toHaveBeenCalledTimes(3);
    await tick(120_000);
    expect(broken).toHaveBeenCalledTimes(3);
    expect(notFound).toHaveBeenCalledTimes(1);
    expect(failing.result.current.error?.status).toBe(500);
  });

  it('useApi shows a server-rendered answer without fetching it; a later visit loads as usual', async () => {
    const fetch = vi.fn(async () => json({ fresh: true }));
    vi.stubGlobal('fetch', fetch);
    setFirstPageData({
      api: { '/api/v1/menu/': { served: true } },
      userLocation: null,
      signedIn: false,
      renderedAt: Date.now(),
    });
    const first = renderHook(() => useApi('/api/v1/menu/'));
    expect(first.result.current).toMatchObject({ data: { served: true }, isLoading: false });
    first.unmount();
    expect(fetch).not.toHaveBeenCalled();
    // The answer stayed in the cache: the next visit shows it at once and refreshes it.
    const again = renderHook(() => useApi('/api/v1/menu/'));
    expect(again.result.current.data).toEqual({ served: true });
    await waitFor(() => expect(again.result.current.data).toEqual({ fresh: true }));
    expect(fetch).toHaveBeenCalledTimes(1);
    setFirstPageData(null);
  });

  it('revalidate(key) from another module reloads the key where it is shown', async () => {
    const load = counting();
    const { result } = renderHook(() => useData('orders', load));
    await waitFor(() => expect(result.current.data).toBe('orders #1'));
    await act(() => revalidate('orders'));
    expect(result.current.data).toBe('orders #2');
  });
});
