// PUT a new name or email: the updated user.
import { api } from '../../../lib/http.ts';
import type { ProfileUpdatedResponse, UpdateProfileRequest } from '../../../shared/api/accounts.ts';
import { accountsPaths } from '../../../shared/api/paths.ts';

export function updateProfile(body: UpdateProfileRequest): Promise<ProfileUpdatedResponse> {
  return api<ProfileUpdatedResponse>(accountsPaths.updateProfile, { method: 'PUT', body });
}
