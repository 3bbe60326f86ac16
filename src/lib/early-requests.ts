// Requests the app starts at boot, before the first page's code has loaded (src/features/location/boot.ts
// starts the list, banners or menu): the page's data hook takes the answer instead of asking again.

const early = new Map<string, Promise<Response | null>>();

/** Starts a GET of an API path now; the first read of that path gets its answer (see takeEarly). */
export function startEarly(path: string): void {
  early.set(
    path,
    fetch(path, { credentials: 'include', headers: { accept: 'application/json' } }).catch(() => null),
  );
}

/**
 * The answer of a request started at boot, once (later reads go to the network as usual), or
 * undefined when none was started. A failed early request resolves to null: fetch normally then.
 */
export function takeEarly<T>(
  path: string,
  onResponse?: (res: Response) => void,
): Promise<T | null> | undefined {
  const p = early.get(path);
  if (!p) return undefined;
  early.delete(path);
  return p
    .then((res) => {
      if (!res || !res.ok) return null;
      onResponse?.(res);
      return res.json() as Promise<T>;
    })
    .catch(() => null);
}
