// PUT whether new orders are accepted without a tap, and the preparation time they get.
import { api } from '../../../lib/http.ts';
import type { KitchenState } from '../../../shared/api/kitchen.ts';
import { kitchenPaths } from '../../../shared/api/paths.ts';

export function setAutoAccept(enabled: boolean, default_prep_time_min: number): Promise<KitchenState> {
  return api<KitchenState>(kitchenPaths.autoAccept, {
    method: 'PUT',
    body: { enabled, default_prep_time_min },
  });
}
