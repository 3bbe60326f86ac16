// Keeps the kitchen's screen on while the live-orders tab is open (issue 14): a sleeping tablet stops
// ringing. The browser drops the lock whenever the tab is hidden, so it is asked again each time the
// tab becomes visible. Calls back with whether the lock is held (null: this browser has no Wake Lock).
interface SentinelLike {
  released: boolean;
  release(): Promise<void>;
  addEventListener(type: 'release', fn: () => void): void;
}
interface WakeLockLike {
  request(type: 'screen'): Promise<SentinelLike>;
}

export function keepScreenAwake(
  onChange: (awake: boolean | null) => void,
  wakeLock: WakeLockLike | undefined = (navigator as { wakeLock?: WakeLockLike }).wakeLock,
  doc: Pick<Document, 'visibilityState' | 'addEventListener' | 'removeEventListener'> = document,
): () => void {
  if (!wakeLock) {
    onChange(null);
    return () => undefined;
  }
  let sentinel: SentinelLike | null = null;
  let stopped = false;
  const acquire = async () => {
    if (stopped || doc.visibilityState !== 'visible' || (sentinel && !sentinel.released)) return;
    try {
      const s = await wakeLock.request('screen');
      if (stopped) {
        void s.release();
        return;
      }
      sentinel = s;
      onChange(true);
      s.addEventListener('release', () => {
        if (!stopped) onChange(false);
      });
    } catch {
      // Refused (battery saver, not allowed here): the screen may sleep; say so.
      if (!stopped) onChange(false);
    }
  };
  const onVisible = () => void acquire();
  doc.addEventListener('visibilitychange', onVisible);
  void acquire();
  return () => {
    stopped = true;
    doc.removeEventListener('visibilitychange', onVisible);
    void sentinel?.release().catch(() => undefined);
  };
}
