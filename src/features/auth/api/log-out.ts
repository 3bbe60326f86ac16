// POST a logout with the access token it ends (the app state may already be cleared) and, when kept, the
// refresh token whose family it ends.
import { api } from '../../../lib/http.ts';
import type { LogoutRequest, OkResponse } from '../../../shared/api/accounts.ts';
import { accountsPaths } from '../../../shared/api/paths.ts';

export function logOut(access: string, body: LogoutRequest): Promise<OkResponse> {
  return api<OkResponse>(accountsPaths.logout, {
    method: 'POST',
    body,
    headers: { Authorization: `Bearer ${access}` },
  });
}
