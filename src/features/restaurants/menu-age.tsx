// " Updated 5 min ago.": how old the menu on screen is when it comes from what the service worker
// kept (offline, or a refresh that failed), from the Date the server answered it with.
import { useEffect, useState } from 'react';

/** How old a kept answer is, in the largest whole unit. */
export function updatedAgo(at: number, now: number = Date.now()): string {
  const min = Math.floor(Math.max(0, now - at) / 60_000);
  if (min < 1) return 'Updated just now';
  if (min < 60) return `Updated ${min} min ago`;
  const hours = Math.floor(min / 60);
  if (hours < 48) return `Updated ${hours} h ago`;
  return `Updated ${Math.floor(hours / 24)} days ago`;
}

/** Ticks while on screen, so the age stays true. */
export function MenuAge({ at }: { at: number | null }) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 30_000);
    return () => clearInterval(timer);
  }, []);
  if (at === null) return null;
  return <span data-testid="menu-age"> {updatedAgo(at, now)}.</span>;
}
