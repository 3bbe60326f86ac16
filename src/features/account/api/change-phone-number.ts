// POST the new phone number with its OTP: the updated user.
import { api } from '../../../lib/http.ts';
import type { ChangePhoneNumberRequest, ProfileUpdatedResponse } from '../../../shared/api/accounts.ts';
import { accountsPaths } from '../../../shared/api/paths.ts';

export function changePhoneNumber(body: ChangePhoneNumberRequest): Promise<ProfileUpdatedResponse> {
  return api<ProfileUpdatedResponse>(accountsPaths.changePhoneNumber, { method: 'POST', body });
}
