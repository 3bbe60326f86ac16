// Whether an element has been on screen: false until at least `share` of it was in view (above
// `bottomInset` pixels of fixed chrome, such as the phones' bottom bar), then true for good. Where
// the browser cannot tell (no IntersectionObserver), it counts as seen at once.
import { useEffect, useState, type RefObject } from 'react';

export function useSeen(ref: RefObject<Element | null>, share: number, bottomInset = 0): boolean {
  const [seen, setSeen] = useState(false);
  useEffect(() => {
    if (seen) return;
    const el = ref.current;
    if (!el || typeof IntersectionObserver === 'undefined') {
      setSeen(true);
      return;
    }
    const io = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting && e.intersectionRatio >= share)) setSeen(true);
      },
      { threshold: share, rootMargin: `0px 0px -${bottomInset}px 0px` },
    );
    io.observe(el);
    return () => io.disconnect();
  }, [ref, share, bottomInset, seen]);
  return seen;
}
