// POST: take new orders again before the pause runs out.
import { api } from '../../../lib/http.ts';
import type { KitchenState } from '../../../shared/api/kitchen.ts';
import { kitchenPaths } from '../../../shared/api/paths.ts';

export function resumeOrders(): Promise<KitchenState> {
  return api<KitchenState>(kitchenPaths.resume, { method: 'POST' });
}
