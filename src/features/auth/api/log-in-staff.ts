// POST a staff member's phone number and password: the tokens and the restaurant they work for.
import { api } from '../../../lib/http.ts';
import type { LoginStaffRequest, StaffLoginResponse } from '../../../shared/api/accounts.ts';
import { accountsPaths } from '../../../shared/api/paths.ts';

export function logInStaff(body: LoginStaffRequest): Promise<StaffLoginResponse> {
  return api<StaffLoginResponse>(accountsPaths.loginStaff, { method: 'POST', body });
}
