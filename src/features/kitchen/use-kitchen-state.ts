// The kitchen's state (open or paused, busy mode, auto-accept, what is out of stock), shared by the
// console's top bar and the controls panel: one request, read again every 30 s (every 2 s while the
// restaurant is paused for want of a staff device, which this console's connection ends), on focus,
// and right after a timed pause ends; a control's answer replaces it at once.
import { useEffect } from 'react';
import { useData } from '../../lib/use-api.ts';
import { firstMessage } from '../../lib/http.ts';
import { kitchenPaths } from '../../shared/api/paths.ts';
import type { KitchenState } from '../../shared/api/kitchen.ts';
import { getKitchenState } from './api/get-kitchen-state.ts';

const REFRESH_MS = 30_000;
/** While paused for want of a staff device, this open console is the device that ends it: look often. */
const UNATTENDED_REFRESH_MS = 2_000;

async function readKitchenState(): Promise<KitchenState> {
  // Checked against the contract: a proxy's or an old server's answer must not break the console.
  // The schema (and zod with it) loads beside the request, not with the console's first screen.
  const [{ kitchenStateSchema }, answer] = await Promise.all([
    import('../../shared/api/kitchen.ts'),
    getKitchenState(),
  ]);
  const read = kitchenStateSchema.safeParse(answer);
  if (!read.success) throw new Error('The kitchen state could not be read. Try again.');
  return read.data;
}

export function useKitchenState() {
  const { data, error, mutate } = useData<KitchenState>(kitchenPaths.state, readKitchenState, {
    refreshInterval: (latest) => (latest?.unattended_pause ? UNATTENDED_REFRESH_MS : REFRESH_MS),
    keepPreviousData: true,
  });

  const pauseEnd = data?.pause?.until ?? null;
  useEffect(() => {
    if (!pauseEnd) return;
    const wait = Date.parse(pauseEnd) - Date.now() + 1500;
    const t = setTimeout(() => void mutate(), Math.max(1000, Math.min(wait, 2 ** 31 - 1)));
    return () => clearTimeout(t);
  }, [pauseEnd, mutate]);

  return {
    state: data ?? null,
    loadError: error && !data ? firstMessage(error, 'Could not load the kitchen controls.') : null,
    reload: () => void mutate(),
    /** A control's answer: shown at once, without asking again. */
    set: (s: KitchenState) => void mutate(s, { revalidate: false }),
  };
}
