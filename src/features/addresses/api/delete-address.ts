// DELETE one of the signed-in customer's saved addresses.
import { api } from '../../../lib/http.ts';
import type { OkResponse } from '../../../shared/api/accounts.ts';
import { accountsPaths } from '../../../shared/api/paths.ts';

export function deleteAddress(id: number): Promise<OkResponse> {
  return api<OkResponse>(accountsPaths.deleteAddress(id), { method: 'DELETE' });
}
