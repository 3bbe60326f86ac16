// GET the kitchen's controls as they stand: busy mode, pause, auto-accept.
import { api } from '../../../lib/http.ts';
import type { KitchenState } from '../../../shared/api/kitchen.ts';
import { kitchenPaths } from '../../../shared/api/paths.ts';

export function getKitchenState(signal?: AbortSignal): Promise<KitchenState> {
  return api<KitchenState>(kitchenPaths.state, signal ? { signal } : {});
}
