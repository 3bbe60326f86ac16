// GET the restaurant's dishes with whether each is in stock.
import { api } from '../../../lib/http.ts';
import type { KitchenItemPage } from '../../../shared/api/kitchen.ts';
import { kitchenPaths } from '../../../shared/api/paths.ts';

export function listMenuItems(signal?: AbortSignal): Promise<KitchenItemPage> {
  return api<KitchenItemPage>(kitchenPaths.items, signal ? { signal } : {});
}
