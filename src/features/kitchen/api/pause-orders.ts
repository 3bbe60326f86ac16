// POST: stop taking new orders for a while.
import { api } from '../../../lib/http.ts';
import type { KitchenState } from '../../../shared/api/kitchen.ts';
import { kitchenPaths } from '../../../shared/api/paths.ts';
import type { PauseDuration } from '../../../shared/kitchen.ts';

export function pauseOrders(duration: PauseDuration): Promise<KitchenState> {
  return api<KitchenState>(kitchenPaths.pause, { method: 'POST', body: { duration } });
}
