// Starts loading a page's code when the visitor shows they are about to open it (a pointer over a
// link, a touch on it, or keyboard focus), so that by the click the page renders at once instead of
// showing its loading state, which React keeps up for at least 300 ms once shown.
const INTENT_EVENTS = ['pointerover', 'touchstart', 'focusin'] as const;

/** Listens on `doc` and calls `preload` with the path of each same-origin link shown intent for. */
export function preloadOnIntent(preload: (pathname: string) => void, doc: Document = document): () => void {
  let last = '';
  const onIntent = (e: Event) => {
    const link = e.target instanceof Element ? e.target.closest('a[href]') : null;
    if (!(link instanceof HTMLAnchorElement) || link.target || link.origin !== doc.location.origin) return;
    if (link.pathname === last) return;
    last = link.pathname;
    preload(link.pathname);
  };
  const options = { capture: true, passive: true };
  for (const type of INTENT_EVENTS) doc.addEventListener(type, onIntent, options);
  return () => {
    for (const type of INTENT_EVENTS) doc.removeEventListener(type, onIntent, options);
  };
}
