// The app's data hooks on its data cache (data-cache.ts). useApi is the browse pages' (list, menu,
// offers, search): an API path with one set of options. It shows the last data while revalidating or
// after a failure (offline, the service worker's copy), retries only server errors, reuses a request
// started at boot, and takes the answer a server-rendered first page came with
// (docs/architecture.md#first-paint) without asking again.
import { useEffect } from 'react';
import { mutate, preload, useCache, type CacheOptions } from './data-cache.ts';
import { takeEarly } from './early-requests.ts';
import { answerShown, firstAnswer } from './first-page-data.ts';
import { ApiError, api } from './http.ts';

/** The app's one retry rule: offline or a 4xx will not heal by asking again (the user has Retry). */
const retryRule = {
  shouldRetryOnError: (err: unknown) => !(err instanceof ApiError) || err.status >= 500,
  errorRetryCount: 2,
};

const options = { ...retryRule, keepPreviousData: true, revalidateOnFocus: false };

/**
 * When the server produced each answer (its Date header): an answer the service worker kept shows
 * how old it is ("Updated 5 min ago" on a menu opened offline).
 */
const producedAt = new Map<string, number>();
export const servedAt = (path: string): number | null => producedAt.get(path) ?? null;

/** The request the app started at boot for this page, when there was one; the network otherwise. */
async function earlyFirst<T>(path: string): Promise<T> {
  const note = (res: Response) => {
    const at = Date.parse(res.headers.get('date') ?? '');
    if (Number.isFinite(at)) producedAt.set(path, at);
  };
  const early = await takeEarly<T>(path, note);
  return early ?? api<T>(path, { onResponse: note });
}

/** The data under an API path (null: do not fetch). */
export function useApi<T>(path: string | null) {
  return useCacheFromFirstPage<T>(path, earlyFirst<T>, options);
}

/**
 * The cache hook, starting from the answer a server-rendered first page came with for this key, if
 * any: shown on the first mount without asking for it again.
 */
function useCacheFromFirstPage<T>(
  key: string | null,
  load: (key: string) => Promise<T>,
  config: CacheOptions<T>,
) {
  const first = firstAnswer<T>(key);
  const answer = useCache<T, ApiError>(
    key,
    load,
    first === undefined ? config : { ...config, fallbackData: first, revalidateOnMount: false },
  );
  // After the cache hook's own mount effect (which read revalidateOnMount above): the answer moves
  // into the cache, where later renders and mounts find it.
  useEffect(() => {
    if (first === undefined || key === null) return;
    void mutate(key, first, { revalidate: false });
    answerShown(key);
  }, [key, first]);
  return answer;
}

/** What a page may add to useData: how often to look again, on focus or not, retries off, and so on. */
export type DataOptions<T> = Pick<
  CacheOptions<T>,
  'refreshInterval' | 'revalidateOnFocus' | 'keepPreviousData' | 'shouldRetryOnError'
>;

/**
 * Every other page's data (account, orders, tracking, staff) with the app's retry rule, loaded again
 * on focus and reconnect; the page adds what is its own (a refresh interval, say). `load` defaults to
 * a GET of the key.
 */
export function useData<T>(
  key: string | null,
  load: (key: string) => Promise<T> = api<T>,
  config: DataOptions<T> = {},
) {
  return useCacheFromFirstPage<T>(key, load, { ...retryRule, ...config });
}

/** Asks again for the data under a key (or puts an answer there) wherever it is shown. */
export const revalidate = mutate;

/** Starts loading an API path ahead of the page that shows it (its first load takes this answer). */
export const preloadData = (path: string) => preload(path, api);
