// POST a new delivery address for the signed-in customer: its id.
import { api } from '../../../lib/http.ts';
import type { AddressCreatedResponse, CreateAddressRequest } from '../../../shared/api/accounts.ts';
import { accountsPaths } from '../../../shared/api/paths.ts';

export function createAddress(body: CreateAddressRequest): Promise<AddressCreatedResponse> {
  return api<AddressCreatedResponse>(accountsPaths.createAddress, { method: 'POST', body });
}
