// POST the sign-up OTP: the new account's tokens on success.
import { api } from '../../../lib/http.ts';
import type { AuthTokensResponse, VerifyRequest } from '../../../shared/api/accounts.ts';
import { accountsPaths } from '../../../shared/api/paths.ts';

export function verifySignUp(body: VerifyRequest): Promise<AuthTokensResponse> {
  return api<AuthTokensResponse>(accountsPaths.verify, { method: 'POST', body });
}
