// Parts of the console whose code loads on use, in a chunk of its own, so the first screen (the board,
// the alerts, the socket) does not wait for it. `preload` fetches it ahead (on intent, or when the tab
// is idle); once there, a part renders at once. Not React.lazy: a lazy component suspends on its first
// render even when its code is loaded, and React then holds the part back for up to 300 ms
// (src/lib/preloadable.ts explains it). Code that fails to load (offline before the service worker
// cached it, a stale deploy) shows a retry in the part's place, never the page's error screen: the
// board and its alerts stay up.
import { useEffect, useState, type ComponentType, type ReactNode } from 'react';

/** One part: its component, and how to have its code loaded before it is shown. */
export interface LazyPart<P extends object> {
  Part: ComponentType<P>;
  /** Starts (or joins) loading the code; resolves once it is there. */
  preload: () => Promise<unknown>;
}

/** The parts one module (one chunk) holds: `part` picks one of its components. */
export function lazyParts<M>(load: () => Promise<M>) {
  let loaded: M | undefined;
  let pending: Promise<M> | undefined;
  const preload = () =>
    (pending ??= load().then(
      (module) => (loaded = module),
      (err: unknown) => {
        pending = undefined; // the next preload, or Try again, loads it afresh
        throw err;
      },
    ));

  function part<P extends object>(
    pick: (module: M) => ComponentType<P>,
    /** Shown while the code loads (nothing for a dialog, which opens once it is there). */
    fallback: ReactNode = null,
  ): LazyPart<P> {
    function Part(props: P) {
      const [failed, setFailed] = useState(false);
      const [, setArrived] = useState(false);
      useEffect(() => {
        if (!loaded && !failed)
          preload().then(
            () => setArrived(true),
            () => setFailed(true),
          );
      }, [failed]);
      if (loaded) {
        const Loaded = pick(loaded);
        return <Loaded {...props} />;
      }
      if (!failed) return fallback;
      return (
        <div className="live-orders__error" role="alert">
          <span>Could not load this part. Check the connection.</span>
          <button type="button" className="button" onClick={() => setFailed(false)}>
            Try again
          </button>
        </div>
      );
    }
    return { Part, preload };
  }

  return { preload, part };
}
