// Top progress bar while a list loads (docs/product.md#constants-and-limits: throttle 200 ms,
// duration 5000 ms): it only appears when loading takes longer than 200 ms and creeps towards the
// end over 5 seconds.
import { useEffect, useState } from 'react';
import { CAROUSEL } from '../../shared/constants.ts';

export function LoadingBar({ active }: { active: boolean }) {
  const [shown, setShown] = useState(false);
  useEffect(() => {
    if (!active) return;
    const t = setTimeout(() => setShown(true), CAROUSEL.progressThrottleMs);
    return () => {
      clearTimeout(t);
      setShown(false);
    };
  }, [active]);
  if (!active || !shown) return null;
  return (
    <div className="rl-loading-bar" role="progressbar" aria-label="Loading restaurants">
      <span
        className="rl-loading-bar__fill"
        style={{ animationDuration: `${CAROUSEL.progressDurationMs}ms` }}
      />
    </div>
  );
}
