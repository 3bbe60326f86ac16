// POST a customer's phone number and password (with this browser's cart key): the tokens on success.
import { api } from '../../../lib/http.ts';
import type { AuthTokensResponse, LoginCustomerRequest } from '../../../shared/api/accounts.ts';
import { accountsPaths } from '../../../shared/api/paths.ts';

export function logInCustomer(body: LoginCustomerRequest): Promise<AuthTokensResponse> {
  return api<AuthTokensResponse>(accountsPaths.loginCustomer, { method: 'POST', body });
}
