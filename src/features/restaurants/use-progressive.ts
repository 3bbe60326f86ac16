// Render the first screenful at once and the rest in a transition: React time-slices transition
// renders, so a long menu or list does not block the main thread in one long task.
import { startTransition, useEffect, useState } from 'react';

/** false for the first render once `ready` turns true, then true (set inside a transition). */
export function useRestRendered(ready: boolean): boolean {
  const [rest, setRest] = useState(false);
  useEffect(() => {
    if (ready && !rest) startTransition(() => setRest(true));
  }, [ready, rest]);
  return rest;
}
