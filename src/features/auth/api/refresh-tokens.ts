// POST the refresh token (single use): a new access and refresh token.
import { api } from '../../../lib/http.ts';
import type { AuthTokensResponse } from '../../../shared/api/accounts.ts';
import { accountsPaths } from '../../../shared/api/paths.ts';

export function refreshTokens(refresh: string): Promise<AuthTokensResponse> {
  return api<AuthTokensResponse>(accountsPaths.refresh, { method: 'POST', body: { refresh } });
}
