// POST a phone number for a password-reset OTP (forgot password).
import { api } from '../../../lib/http.ts';
import type { OtpSentResponse, SendOtpRequest } from '../../../shared/api/accounts.ts';
import { accountsPaths } from '../../../shared/api/paths.ts';

export function sendPasswordOtp(body: SendOtpRequest): Promise<OtpSentResponse> {
  return api<OtpSentResponse>(accountsPaths.sendOtp, { method: 'POST', body });
}
