// PUT the minutes busy mode adds to every order's preparation time (0 ends it).
import { api } from '../../../lib/http.ts';
import type { KitchenState } from '../../../shared/api/kitchen.ts';
import { kitchenPaths } from '../../../shared/api/paths.ts';
import type { BusyExtra } from '../../../shared/kitchen.ts';

export function setBusyMode(extra_min: BusyExtra): Promise<KitchenState> {
  return api<KitchenState>(kitchenPaths.busy, { method: 'PUT', body: { extra_min } });
}
