// GET the payment service this server uses: its key and the checkout script to load.
import { api } from '../../../lib/http.ts';
import type { ProviderKeyResponse } from '../../../shared/api/checkout.ts';
import { checkoutPaths } from '../../../shared/api/paths.ts';

export function getPaymentProvider(): Promise<ProviderKeyResponse> {
  return api<ProviderKeyResponse>(checkoutPaths.providerKey);
}
