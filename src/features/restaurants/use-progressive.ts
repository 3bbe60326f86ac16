// Render the first screenful at once and the rest a screenful at a time, each in a transition: React
// time-slices a transition's render, but commits it in one task, and the rest of a long menu or list
// put on the page in one commit held a slow phone's main thread for 50-65 ms.
import { startTransition, useEffect, useState } from 'react';

/**
 * How many of `total` items to render: `step` for the first render (the server's too), then `step`
 * more after each commit once `ready`, until all are.
 */
export function useRenderedCount(ready: boolean, step: number, total: number): number {
  const [count, setCount] = useState(step);
  useEffect(() => {
    if (ready && count < total) startTransition(() => setCount((c) => c + step));
  }, [ready, count, step, total]);
  return count;
}
