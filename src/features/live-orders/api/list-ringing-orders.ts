// GET the restaurant's orders that should be ringing now, and the scheduled ones that will ring soon.
import { api } from '../../../lib/http.ts';
import type { RingingList } from '../../../shared/api/order-alerts.ts';
import { orderAlertsPaths } from '../../../shared/api/paths.ts';

export function listRingingOrders(): Promise<RingingList> {
  return api<RingingList>(orderAlertsPaths.ringing);
}
