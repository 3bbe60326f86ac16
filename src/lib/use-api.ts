// The data hook of the browse pages (list, menu, offers, search): SWR on an API path with one set of
// options. It shows the last data while revalidating or after a failure (offline, the service worker's
// copy), retries only server errors, reuses a request started at boot, and takes the answer a
// server-rendered first page came with (docs/architecture.md#first-paint) without asking again.
import { useEffect } from 'react';
import useSWR, { mutate, type SWRConfiguration } from 'swr';
import { takeEarly } from './early-requests.ts';
import { answerShown, firstAnswer } from './first-page-data.ts';
import { ApiError, api } from './http.ts';

const options: SWRConfiguration = {
  keepPreviousData: true,
  revalidateOnFocus: false,
  // Offline or a missing page: retrying only burns battery; the user has a Retry button.
  shouldRetryOnError: (err: unknown) => !(err instanceof ApiError) || err.status >= 500,
  errorRetryCount: 2,
};

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

/** SWR on an API path (null: do not fetch). */
export function useApi<T>(path: string | null) {
  const first = firstAnswer<T>(path);
  const swr = useSWR<T, ApiError>(
    path,
    earlyFirst<T>,
    first === undefined ? options : { ...options, fallbackData: first, revalidateOnMount: false },
  );
  // After SWR's own mount effect (which read revalidateOnMount above): the answer moves into SWR's
  // cache, where later renders and mounts find it.
  useEffect(() => {
    if (first === undefined || path === null) return;
    void mutate(path, first, { revalidate: false });
    answerShown(path);
  }, [path, first]);
  return swr;
}
