// React.lazy with a preload. A lazy component suspends on its first render even when its module is
// already loaded (a promise settles asynchronously), and once a Suspense fallback has been shown
// React holds the content back for up to 300 ms so it does not flicker. That cost the first page
// its first 300 ms after the JavaScript arrived. A module loaded before the first render (see
// preloadRoute in app-router.tsx) is handed to lazy through a thenable that resolves at once,
// so the first commit shows the page itself.
import { lazy, type ComponentType } from 'react';

export interface Preloadable<P extends object> {
  Component: ComponentType<P>;
  /** Starts (or joins) loading the module; resolves when it is there. */
  preload: () => Promise<unknown>;
}

export function preloadable<P extends object>(load: () => Promise<ComponentType<P>>): Preloadable<P> {
  let loaded: ComponentType<P> | undefined;
  let pending: Promise<ComponentType<P>> | undefined;
  const preload = () => {
    pending ??= load().then(
      (component) => (loaded = component),
      (err: unknown) => {
        pending = undefined; // a failed chunk load may be retried
        throw err;
      },
    );
    return pending;
  };
  const Component = lazy(() => {
    const component = loaded;
    if (component) {
      const now: PromiseLike<{ default: ComponentType<P> }> = {
        then: (resolve) => Promise.resolve(resolve?.({ default: component })) as never,
      };
      return now as Promise<{ default: ComponentType<P> }>;
    }
    return preload().then((c) => ({ default: c }));
  });
  return { Component, preload };
}
