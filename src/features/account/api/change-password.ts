// POST a new password with the OTP sent to the signed-in user's number.
import { api } from '../../../lib/http.ts';
import type { ChangePasswordRequest, OkResponse } from '../../../shared/api/accounts.ts';
import { accountsPaths } from '../../../shared/api/paths.ts';

export function changePassword(body: ChangePasswordRequest): Promise<OkResponse> {
  return api<OkResponse>(accountsPaths.changePassword, { method: 'POST', body });
}
