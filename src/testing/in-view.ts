// An IntersectionObserver for component tests whose every observed element is fully on screen at
// once (happy-dom's never reports): components that wait to be seen (lib/use-seen.ts) show at once.
import { vi } from 'vitest';

export function everythingInView(): void {
  vi.stubGlobal(
    'IntersectionObserver',
    class {
      constructor(private readonly callback: IntersectionObserverCallback) {}
      observe(target: Element) {
        this.callback(
          [{ target, isIntersecting: true, intersectionRatio: 1 } as IntersectionObserverEntry],
          this as unknown as IntersectionObserver,
        );
      }
      unobserve() {}
      disconnect() {}
      takeRecords() {
        return [];
      }
    },
  );
}
