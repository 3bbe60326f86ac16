// PUT a dish back in stock (outFor null) or out of stock for a while: the dish as it now stands.
import { api } from '../../../lib/http.ts';
import type { KitchenItem } from '../../../shared/api/kitchen.ts';
import { kitchenPaths } from '../../../shared/api/paths.ts';
import type { StockDuration } from '../../../shared/kitchen.ts';

export async function setItemStock(id: number, outFor: StockDuration | null): Promise<KitchenItem> {
  const body = outFor === null ? { in_stock: true } : { in_stock: false, duration: outFor };
  const res = await api<{ item: KitchenItem }>(kitchenPaths.itemStock(id), { method: 'PUT', body });
  return res.item;
}
