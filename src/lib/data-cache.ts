// The app's keyed data cache, which pages read only through use-api.ts: each key's answer kept once,
// shared by every component that shows it, loaded again on mount, focus, reconnect and a page's
// interval, with the app's retries. Written instead of SWR for the first-route budget
// (docs/decisions/0017): only what the app uses, under the option names it already spoke.
import { useCallback, useEffect, useMemo, useState, useSyncExternalStore } from 'react';

export type Loader<T> = (key: string) => Promise<T>;

export interface CacheOptions<T> {
  /** Load again this often (ms) while shown, or a function of the latest data; 0 or none: never. */
  refreshInterval?: number | ((latest: T | undefined) => number);
  /** Load again when the window gets focus (at most every FOCUS_THROTTLE_MS). Default true. */
  revalidateOnFocus?: boolean;
  /** While a new key loads, show the last key's data instead of nothing (a list whose filter changed). */
  keepPreviousData?: boolean;
  /** Shown until the key has data of its own (the answer a server-rendered page came with). */
  fallbackData?: T;
  /** false: the first mount does not load (its fallbackData is the answer). */
  revalidateOnMount?: boolean;
  /** Which failures are worth asking again for, with a growing pause, at most errorRetryCount times. */
  shouldRetryOnError?: boolean | ((error: unknown) => boolean);
  errorRetryCount?: number;
}

/** Writes data under the key (a value, or a function of the current data), or, with none, loads it again. */
export interface Mutate<T> {
  (): Promise<T | undefined>;
  (
    value: T | ((current: T | undefined) => T | undefined),
    options?: { revalidate?: boolean },
  ): Promise<T | undefined>;
}

/** Repeated loads within this long of the last one (mount, focus, polling) share it instead. */
const DEDUPE_MS = 2000;
const FOCUS_THROTTLE_MS = 5000;
/** The first retry comes after 5-15 s, the second after 10-30 s. */
const RETRY_MS = 5000;

/** What a key holds; replaced, never changed, so React sees a change as a new object. */
interface Entry {
  data?: unknown;
  error?: unknown;
  /** A load is under way and there is no data to show meanwhile. */
  loading: boolean;
}
const EMPTY: Entry = { loading: false };

interface Flight {
  answer: Promise<unknown>;
  /** Its place in the order of loads and writes, to drop an answer that a later write made stale. */
  order: number;
  settledAt?: number;
}

/** The mounted hooks on a key: the ones a focus, reconnect or revalidate(key) reaches. */
interface Watcher {
  reload(dedupe: boolean): Promise<void>;
  focus(): void;
}

const entries = new Map<string, Entry>();
const listeners = new Map<string, Set<() => void>>();
const watchers = new Map<string, Set<Watcher>>();
const flights = new Map<string, Flight>();
const preloaded = new Map<string, Promise<unknown>>();
const writtenAt = new Map<string, number>();
let clock = 0;

function member<V>(map: Map<string, Set<V>>, key: string, value: V): () => void {
  const set = map.get(key) ?? new Set<V>();
  map.set(key, set.add(value));
  return () => {
    set.delete(value);
    if (set.size === 0) map.delete(key);
  };
}

/** Answers are JSON: the same text is the same answer, and keeping the old object spares a render. */
const same = (a: unknown, b: unknown) => a === b || JSON.stringify(a) === JSON.stringify(b);

function update(key: string, change: Partial<Entry>): void {
  const prev = entries.get(key) ?? EMPTY;
  const next = { ...prev, ...change };
  if ('data' in change && same(prev.data, next.data)) next.data = prev.data;
  if (next.data === prev.data && next.error === prev.error && next.loading === prev.loading) return;
  entries.set(key, next);
  listeners.get(key)?.forEach((changed) => changed());
}

/** Visible and online: when polling and focus loads are worth making. */
const active = () => document.visibilityState !== 'hidden' && navigator.onLine;

/**
 * Loads the key into the cache; returns the error when this call made the request and it failed
 * (the caller's retry rule decides). With dedupe, a load under way or just finished is joined instead.
 */
async function load(
  key: string,
  loader: Loader<unknown>,
  dedupe: boolean,
): Promise<{ error: unknown } | undefined> {
  const last = flights.get(key);
  if (dedupe && last && Date.now() - (last.settledAt ?? Date.now()) < DEDUPE_MS) {
    await last.answer.catch(() => undefined);
    return undefined;
  }
  const early = preloaded.get(key);
  preloaded.delete(key);
  const flight: Flight = { answer: early ?? new Promise((resolve) => resolve(loader(key))), order: ++clock };
  flights.set(key, flight);
  update(key, { loading: entries.get(key)?.data === undefined });
  let change: Partial<Entry>;
  let failed: { error: unknown } | undefined;
  try {
    const data = await flight.answer;
    // A write after this request started (a control's answer, a socket message) is newer than it.
    change = flight.order > (writtenAt.get(key) ?? 0) ? { data, error: undefined } : {};
  } catch (error) {
    change = { error };
    failed = { error };
  }
  flight.settledAt = Date.now();
  // A later request for the key (a Retry tap while this one hung) has the last word.
  if (flights.get(key) !== flight) return undefined;
  update(key, { ...change, loading: false });
  return failed;
}

/** Loads a key again, unshared, through one hook that shows it; the others get the answer from the cache. */
const reloadShown = (key: string) => [...(watchers.get(key) ?? [])][0]?.reload(false);

/**
 * Writes under a key (a value, or a function of what is there) and loads it again unless told not to;
 * with no value, loads it again through a mounted hook. Resolves to the key's data.
 */
export async function mutate<T>(key: string, ...args: [] | Parameters<Mutate<T>>): Promise<T | undefined> {
  if (args.length > 0) {
    const [value, options] = args;
    const current = entries.get(key)?.data as T | undefined;
    const data =
      typeof value === 'function' ? (value as (c: T | undefined) => T | undefined)(current) : value;
    writtenAt.set(key, ++clock);
    update(key, { data, error: undefined, loading: false });
    if (options?.revalidate !== false) void reloadShown(key);
    return data;
  }
  await reloadShown(key);
  return entries.get(key)?.data as T | undefined;
}

/** Starts loading a key ahead of the page that shows it: that page's first load takes this answer. */
export function preload<T>(key: string, loader: Loader<T>): Promise<T> {
  const started = (preloaded.get(key) as Promise<T> | undefined) ?? loader(key);
  preloaded.set(key, started);
  return started;
}

/** Forgets every key (unit tests start from an empty cache; mounted hooks are unmounted first). */
export function resetDataCache(): void {
  entries.clear();
  flights.clear();
  preloaded.clear();
  writtenAt.clear();
}

let windowWatched = false;
/** One set of window listeners for every mounted hook, added when the first one mounts. */
function watchWindow(): void {
  if (windowWatched) return;
  windowWatched = true;
  // Hidden or offline, nothing is worth loading: the next focus or reconnect will do.
  const each = (act: (w: Watcher) => void) => () => {
    if (active()) for (const set of watchers.values()) set.forEach(act);
  };
  const focus = each((w) => w.focus());
  const reconnect = each((w) => void w.reload(true));
  document.addEventListener('visibilitychange', focus);
  window.addEventListener('focus', focus);
  window.addEventListener('online', reconnect);
}

/** One hook's hold on one key: its latest loader and options, its retries and focus throttle. */
function watcherFor<T>(key: string) {
  let loader: Loader<T> = () => Promise.reject(new Error('no loader'));
  let options: CacheOptions<T> = {};
  let mounted = false;
  let retry: ReturnType<typeof setTimeout> | undefined;
  let nextFocus = 0;

  const reload = async (dedupe: boolean, attempt = 0): Promise<void> => {
    const failed = await load(key, (k) => loader(k), dedupe);
    const rule = options.shouldRetryOnError;
    const worth = rule === true || (typeof rule === 'function' && failed !== undefined && rule(failed.error));
    if (!failed || !mounted || !worth || attempt >= (options.errorRetryCount ?? 0)) return;
    const pause = RETRY_MS * 2 ** (attempt + 1) * (0.5 + Math.random());
    clearTimeout(retry);
    retry = setTimeout(() => void reload(true, attempt + 1), pause);
  };

  const watcher: Watcher = {
    reload,
    focus() {
      if (options.revalidateOnFocus === false || Date.now() < nextFocus) return;
      nextFocus = Date.now() + FOCUS_THROTTLE_MS;
      void reload(true);
    },
  };

  return {
    reload,
    /** The pause before the next poll, from the latest options and data (0: none). */
    pollMs(): number {
      const every = options.refreshInterval;
      return (typeof every === 'function' ? every(entries.get(key)?.data as T | undefined) : every) ?? 0;
    },
    /** This render's loader and options: loads, polls and retries use the latest. */
    use(l: Loader<T>, o: CacheOptions<T>) {
      loader = l;
      options = o;
    },
    mount() {
      mounted = true;
      nextFocus = Date.now() + FOCUS_THROTTLE_MS;
      const leave = member(watchers, key, watcher);
      watchWindow();
      if (options.revalidateOnMount !== false) void reload(true);
      return () => {
        mounted = false;
        clearTimeout(retry);
        leave();
      };
    },
  };
}

/**
 * A key's data, error and loading state, with a bound mutate; null: no key, nothing loads. Returns
 * the latest data even after a failed load (offline, the service worker's copy): error and data both.
 */
export function useCache<T, E = unknown>(
  key: string | null,
  loader: Loader<T>,
  options: CacheOptions<T> = {},
) {
  const watcher = useMemo(() => (key === null ? null : watcherFor<T>(key)), [key]);
  useEffect(() => watcher?.use(loader, options));
  useEffect(() => watcher?.mount(), [watcher]);

  const subscribe = useCallback(
    (changed: () => void) => (key === null ? () => undefined : member(listeners, key, changed)),
    [key],
  );
  const read = () => (key === null ? EMPTY : (entries.get(key) ?? EMPTY));
  const entry = useSyncExternalStore(subscribe, read, read);

  // Keyed on the pace the page asks for now, not on the option's identity: pages pass an inline
  // function, and one that renders more often than it polls would restart the timer for ever. A new
  // pace restarts it: a function that said 0 (a live socket) and now says otherwise (the socket
  // dropped) polls again, and one that asks for a shorter pace once the data says so (the console's
  // kitchen while paused for want of a staff device) gets it now, not after the old timer.
  const every = options.refreshInterval;
  const pace = (typeof every === 'function' ? every(entry.data as T | undefined) : every) ?? 0;
  useEffect(() => {
    if (key === null || watcher === null || !pace) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let stopped = false;
    const next = () => {
      const ms = watcher.pollMs();
      if (ms && !stopped) timer = setTimeout(tick, ms);
    };
    // Hidden, offline or failing (a reconnect, focus or Retry picks that up): wait for the next turn.
    const tick = () => {
      if (active() && entries.get(key)?.error === undefined) void watcher.reload(true).then(next);
      else next();
    };
    next();
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, [key, watcher, pace]);

  const cached = entry.data as T | undefined;
  // The last data this hook showed, for keepPreviousData (React's "state from the previous render").
  const [previous, setPrevious] = useState(cached);
  if (options.keepPreviousData && cached !== undefined && cached !== previous) setPrevious(cached);

  const mutateKey = useCallback(
    (...args: [] | Parameters<Mutate<T>>) =>
      key === null ? Promise.resolve(undefined) : mutate<T>(key, ...args),
    [key],
  ) as Mutate<T>;

  const showsPrevious = cached === undefined && !!options.keepPreviousData && previous !== undefined;
  return {
    data: showsPrevious ? previous : (cached ?? options.fallbackData),
    /** The data is the last key's (keepPreviousData): this key's is loading, or failed to. */
    isPrevious: showsPrevious,
    error: entry.error as E | undefined,
    // Before the first load has started, a key that will load counts as loading already.
    isLoading: key !== null && (entry === EMPTY ? options.revalidateOnMount !== false : entry.loading),
    mutate: mutateKey,
  };
}
