// GET a page of the kitchen controls' history, newest first.
import { api } from '../../../lib/http.ts';
import type { KitchenLogPage } from '../../../shared/api/kitchen.ts';
import { kitchenPaths } from '../../../shared/api/paths.ts';

export function listKitchenLog(limit: number, offset: number, signal?: AbortSignal): Promise<KitchenLogPage> {
  return api<KitchenLogPage>(`${kitchenPaths.log}?limit=${limit}&offset=${offset}`, signal ? { signal } : {});
}
