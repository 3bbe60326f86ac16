// POST a new phone number (with the current one): the server sends an OTP to the new number.
import { api } from '../../../lib/http.ts';
import type { OtpSentResponse, SendOtpUpdateRequest } from '../../../shared/api/accounts.ts';
import { accountsPaths } from '../../../shared/api/paths.ts';

export function sendPhoneOtp(body: SendOtpUpdateRequest): Promise<OtpSentResponse> {
  return api<OtpSentResponse>(accountsPaths.sendOtpUpdate, { method: 'POST', body });
}
