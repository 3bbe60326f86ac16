// Account rules both sides use: the field limits and messages a form pre-checks with, the phone number
// normaliser, the success messages and the address types. Free of zod, so client chunks can import
// them (decision 10); accounts.ts builds its schemas from them and re-exports them.

export const PHONE_MESSAGE = 'Enter a valid 10-digit mobile number.';
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;
export const OTP_LENGTH = 6;

/** A 10-digit Indian mobile number (first digit 6-9) without +91; spaces, dashes and a leading
 * +91 / 91 / 0 stripped. */
export function normalisePhoneNumber(raw: string): string {
  const digits = raw.replace(/[\s()-]/g, '');
  const m = /^(?:\+?91|0)?([6-9]\d{9})$/.exec(digits);
  return m ? m[1]! : digits;
}

/** Success messages the server sends (docs/product.md#account-messages). */
export const ACCOUNT_MESSAGES = {
  passwordChanged: 'Password Changed successfully',
  phoneUpdated: 'Phone Number Updated successfully',
  nameUpdated: 'Name Updated successfully',
  emailUpdated: 'Email Updated successfully',
  /** users/sendotp/ answers this whether or not the number has an account (no existence oracle). */
  resetOtpSent: 'If an account exists for this number, we have sent an OTP to it.',
} as const;

export const ADDRESS_TYPES = ['home', 'work', 'other'] as const;
export type AddressType = (typeof ADDRESS_TYPES)[number];
