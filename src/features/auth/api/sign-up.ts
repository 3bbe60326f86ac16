// POST a new customer's details: the server sends an OTP to the number (sent again by the same call).
import { api } from '../../../lib/http.ts';
import type { OtpSentResponse, SignupRequest } from '../../../shared/api/accounts.ts';
import { accountsPaths } from '../../../shared/api/paths.ts';

export function signUp(body: SignupRequest): Promise<OtpSentResponse> {
  return api<OtpSentResponse>(accountsPaths.signup, { method: 'POST', body });
}
