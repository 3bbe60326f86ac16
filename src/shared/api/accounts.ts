// The accounts API contract (docs/product.md#auth and docs/product.md#addresses, plus staff login and
// logout): request schemas the server validates with, and the response shapes it answers.
import { z } from './zod.ts';
import {
  ADDRESS_TYPES,
  OTP_LENGTH,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  PHONE_MESSAGE,
  normalisePhoneNumber,
} from '../account-rules.ts';
import { idParamSchema, jsonProblem, textCheck } from './fields.ts';

// The field rules, messages and address types live in account-rules.ts (zod-free, for the client).
export * from '../account-rules.ts';

/** HTTP method of each call (GET unless listed). */
export const accountsMethods = {
  updateProfile: 'PUT',
  deleteAddress: 'DELETE',
} as const;

// ---------------------------------------------------------------------------------------------
// Field rules (their limits and messages are in account-rules.ts, which forms pre-check with).

/** A 10-digit Indian mobile number (first digit 6-9), stored without +91. Spaces, dashes and a
 * leading +91 / 91 / 0 are tolerated and stripped. */
export const phoneNumberSchema = z
  .string({ error: PHONE_MESSAGE })
  .max(20, PHONE_MESSAGE)
  .transform((v) => normalisePhoneNumber(v))
  .pipe(z.string().regex(/^[6-9]\d{9}$/, PHONE_MESSAGE));

/** Passwords keep their spaces; control characters and lone surrogates (which UTF-8 cannot carry, so
 * two of them would hash alike) are refused. */
export const newPasswordSchema = textCheck(
  z
    .string({ error: 'Enter a password.' })
    .min(PASSWORD_MIN_LENGTH, `Password must be at least ${PASSWORD_MIN_LENGTH} characters.`)
    .max(PASSWORD_MAX_LENGTH, `Password must be at most ${PASSWORD_MAX_LENGTH} characters.`),
  'Password',
);

/** Login accepts any non-empty password up to the maximum (a short one is simply wrong). */
export const loginPasswordSchema = textCheck(
  z
    .string({ error: 'Enter your password.' })
    .min(1, 'Enter your password.')
    .max(PASSWORD_MAX_LENGTH, `Password must be at most ${PASSWORD_MAX_LENGTH} characters.`),
  'Password',
);

export const otpSchema = z
  .union([z.string(), z.number().int().nonnegative()], { error: 'Enter the 6-digit OTP.' })
  .transform((v) => (typeof v === 'number' ? String(v).padStart(OTP_LENGTH, '0') : v.trim()))
  .pipe(z.string().regex(/^\d{6}$/, 'Enter the 6-digit OTP.'));

export const nameSchema = textCheck(
  z
    .string({ error: 'Enter your name.' })
    .trim()
    .min(1, 'Enter your name.')
    .max(100, 'Name must be at most 100 characters.'),
  'Name',
);

/** Email text before its format check (trimmed, bounded, storable). */
const emailText = textCheck(
  z
    .string({ error: 'Enter a valid email address.' })
    .trim()
    .max(254, 'Email must be at most 254 characters.'),
  'Email',
);

export const emailSchema = emailText
  .pipe(z.email('Enter a valid email address.'))
  .transform((v) => v.toLowerCase());

/** The anonymous cart id (cookie session_key / header x-anonymous-id); null or '' when none. */
export const sessionKeySchema = textCheck(z.string().max(200, 'session_key is too long.'), 'session_key')
  .nullish()
  .transform((v) => (v ? v : null));

// ---------------------------------------------------------------------------------------------
// Auth requests

export const loginCustomerRequest = z.object({
  phone_number: phoneNumberSchema,
  password: loginPasswordSchema,
  session_key: sessionKeySchema,
});
export type LoginCustomerRequest = z.input<typeof loginCustomerRequest>;

export const loginStaffRequest = z.object({
  phone_number: phoneNumberSchema,
  password: loginPasswordSchema,
});
export type LoginStaffRequest = z.input<typeof loginStaffRequest>;

export const refreshRequest = z.object({
  refresh: textCheck(
    z.string({ error: 'refresh is required.' }).min(1, 'refresh is required.').max(200),
    'refresh',
  ),
});
export type RefreshRequest = z.input<typeof refreshRequest>;

/** Body optional: with a valid access token the current session ends; `refresh` also ends its
 * family when the access token has already expired. Always answers 200. */
export const logoutRequest = z
  .object({ refresh: textCheck(z.string().max(200), 'refresh').nullish() })
  .nullish()
  .transform((v) => v ?? {});
export type LogoutRequest = z.input<typeof logoutRequest>;

export const signupRequest = z.object({
  phone_number: phoneNumberSchema,
  password: newPasswordSchema,
  name: nameSchema,
  /** Optional: '' or missing is stored as no email. */
  email: emailText
    .refine((v) => v === '' || z.email().safeParse(v).success, 'Enter a valid email address.')
    .nullish()
    .transform((v) => (v ?? '').toLowerCase()),
});
export type SignupRequest = z.input<typeof signupRequest>;

export const verifyRequest = z.object({
  phone_number: phoneNumberSchema,
  otp: otpSchema,
  session_key: sessionKeySchema,
});
export type VerifyRequest = z.input<typeof verifyRequest>;

/** Forgot password, and the profile's password change: sends a password-reset OTP. */
export const sendOtpRequest = z.object({ phone_number: phoneNumberSchema });
export type SendOtpRequest = z.input<typeof sendOtpRequest>;

/** (auth) Sends a phone-change OTP to the NEW number; old_phone_number must be the caller's. */
export const sendOtpUpdateRequest = z.object({
  phone_number: phoneNumberSchema,
  old_phone_number: phoneNumberSchema,
});
export type SendOtpUpdateRequest = z.input<typeof sendOtpUpdateRequest>;

/** (auth) */
export const changePhoneNumberRequest = z.object({
  phone_number: phoneNumberSchema,
  old_phone_number: phoneNumberSchema,
  otp: otpSchema,
});
export type ChangePhoneNumberRequest = z.input<typeof changePhoneNumberRequest>;

/** No auth needed (forgot password); the OTP from /users/sendotp/ proves the number. */
export const changePasswordRequest = z.object({
  phone_number: phoneNumberSchema,
  otp: otpSchema,
  password: newPasswordSchema,
});
export type ChangePasswordRequest = z.input<typeof changePasswordRequest>;

/** (auth) PUT with {name} or {email} (or both). */
export const updateProfileRequest = z
  .object({ name: nameSchema.optional(), email: emailSchema.optional() })
  .refine((v) => v.name !== undefined || v.email !== undefined, {
    message: 'Send a name or an email to update.',
  });
export type UpdateProfileRequest = z.input<typeof updateProfileRequest>;

// ---------------------------------------------------------------------------------------------
// Auth responses (success bodies; failures are ApiErrorBody {status, message, code?, errors?})

/** Login / verify / refresh: access is a 15-minute JWT (exp in seconds), refresh is opaque and
 * single-use (every refresh returns a new one; store it). */
export const authTokensResponse = z.object({
  status: z.literal(200),
  message: z.string(),
  access: z.string(),
  refresh: z.string(),
});
export type AuthTokensResponse = z.infer<typeof authTokensResponse>;

export const staffLoginResponse = authTokensResponse.extend({ restaurant_id: z.number().int() });
export type StaffLoginResponse = z.infer<typeof staffLoginResponse>;

/** Plain success: {status: 200, message}. */
export const okResponse = z.object({ status: z.literal(200), message: z.string() });
export type OkResponse = z.infer<typeof okResponse>;

/** Signup / sendotp / sendotp-update: the OTP went out. `resend_after` = seconds until another may be sent. */
export const otpSentResponse = okResponse.extend({
  phone_number: z.string(),
  expires_in: z.number().int(),
  resend_after: z.number().int(),
});
export type OtpSentResponse = z.infer<typeof otpSentResponse>;

export const userDetailsSchema = z.object({
  phone_number: z.string(),
  name: z.string(),
  email: z.string(),
});
export type UserDetails = z.infer<typeof userDetailsSchema>;

/** GET /users/details/ */
export const userDetailsResponse = userDetailsSchema;

/** PUT /users/update-profile/ and POST /users/changephonenumber/: message + the updated user. */
export const profileUpdatedResponse = okResponse.extend(userDetailsSchema.shape);
export type ProfileUpdatedResponse = z.infer<typeof profileUpdatedResponse>;

/** POST /users/request-remove/: every session is revoked at once; data anonymised after remove_after
 * (ISO time). Logging in again before then cancels the request. */
export const requestRemoveResponse = okResponse.extend({ remove_after: z.string() });
export type RequestRemoveResponse = z.infer<typeof requestRemoveResponse>;

/** Error codes worth branching on (the message is always human-readable). */
export const ACCOUNT_ERROR_CODES = {
  /** login/customers 404: switch the overlay to signup. */
  accountNotFound: 'account_not_found',
  invalidCredentials: 'invalid_credentials',
  notStaff: 'not_staff',
  staffAccount: 'staff_account',
  phoneTaken: 'phone_taken',
  /** sendotp-update / changephonenumber: old_phone_number is not the caller's number. */
  phoneMismatch: 'phone_mismatch',
  /** sendotp-update / changephonenumber: the new number equals the current one. */
  phoneUnchanged: 'phone_unchanged',
  /** users/customer/create: a sign-up with another password is waiting for its OTP (max 5 min). */
  signupPending: 'signup_pending',
  tooManyAddresses: 'too_many_addresses',
  otpInvalid: 'otp_invalid',
  otpExpired: 'otp_expired',
  otpLocked: 'otp_locked',
  /** Every 429 (OTP resend cooldown, send and sign-in limits, per-route limits); a Retry-After
   * header and the message say how long to wait. */
  rateLimited: 'rate_limited',
  refreshInvalid: 'refresh_invalid',
  refreshReused: 'refresh_reused',
  smsFailed: 'sms_failed',
  validation: 'validation_error',
  notAuthenticated: 'not_authenticated',
} as const;

// ---------------------------------------------------------------------------------------------
// Addresses (auth)

const coordinate = (name: string, limit: number) =>
  z
    .union(
      [
        z.number(),
        z
          .string()
          .trim()
          .regex(/^-?\d+(\.\d+)?$/, `${name} must be a number.`),
      ],
      {
        error: `${name} must be a number.`,
      },
    )
    .transform(Number)
    .pipe(
      z
        .number()
        .refine(Number.isFinite, `${name} must be a number.`)
        .min(-limit, `${name} must be between -${limit} and ${limit}.`)
        .max(limit, `${name} must be between -${limit} and ${limit}.`),
    );

/** Google-style components ({long_name, short_name, types}); kept as given, size- and depth-bounded,
 * storable text only. */
export const addressComponentsSchema = z
  .array(z.record(z.string(), z.unknown()), { error: 'address_components must be a list.' })
  .max(50, 'address_components has too many entries.')
  .superRefine((v, ctx) => {
    const problem = jsonProblem(v, 'address_components', { maxDepth: 6, maxLength: 16_000 });
    if (problem) ctx.addIssue({ code: 'custom', message: problem, input: v });
  });

export const createAddressRequest = z.object({
  address: textCheck(
    z
      .string({ error: 'Choose a location on the map.' })
      .trim()
      .min(1, 'Choose a location on the map.')
      .max(500, 'Address must be at most 500 characters.'),
    'Address',
  ),
  flat: textCheck(
    z
      .string({ error: 'Enter your door / flat number.' })
      .trim()
      .min(1, 'Enter your door / flat number.')
      .max(100, 'Door / flat number must be at most 100 characters.'),
    'Door / flat number',
  ),
  landmark: textCheck(
    z
      .string({ error: 'Enter a landmark.' })
      .trim()
      .min(1, 'Enter a landmark.')
      .max(200, 'Landmark must be at most 200 characters.'),
    'Landmark',
  ),
  address_type: z.enum(ADDRESS_TYPES, { error: 'Choose an address type: home, work or other.' }),
  latitude: coordinate('Latitude', 90),
  longitude: coordinate('Longitude', 180),
  address_components: addressComponentsSchema.nullish().transform((v) => v ?? []),
  place_id: textCheck(
    z.string({ error: 'place_id must be text.' }).max(500, 'place_id is too long.'),
    'place_id',
  )
    .nullish()
    .transform((v) => v ?? ''),
});
export type CreateAddressRequest = z.input<typeof createAddressRequest>;

/** {id} of a saved address in a path (the server answers 404 for anything else). */
export const addressIdParamsSchema = z.object({ id: idParamSchema('Address id') });

/** GET /dev/outbox?phone_number= */
export const devOutboxQuery = z.object({ phone_number: phoneNumberSchema });

export const addressSchema = z.object({
  id: z.number().int(),
  address: z.string(),
  flat: z.string(),
  landmark: z.string(),
  address_type: z.enum(ADDRESS_TYPES),
  latitude: z.number(),
  longitude: z.number(),
  address_components: z.array(z.record(z.string(), z.unknown())),
  place_id: z.string(),
  created_at: z.string(),
});
export type Address = z.infer<typeof addressSchema>;

/** GET /users/customer/address/ : the caller's addresses, newest first (DESIGN list envelope). */
export const addressListResponse = z.object({
  count: z.number().int(),
  next: z.string().nullable(),
  previous: z.string().nullable(),
  results: z.array(addressSchema),
});
export type AddressListResponse = z.infer<typeof addressListResponse>;

/** GET /users/customer/address/{id} answers the Address itself; 404 when not the caller's. */
export const addressResponse = addressSchema;

/** POST /users/customer/address/create answers 201 with the saved address in `data`. */
export const addressCreatedResponse = z.object({
  status: z.literal(201),
  message: z.string(),
  data: addressSchema,
});
export type AddressCreatedResponse = z.infer<typeof addressCreatedResponse>;

/** DELETE /users/customer/address/details/{id}: {status: 200, message}; 404 when not the caller's. */
export const addressDeletedResponse = okResponse;

// ---------------------------------------------------------------------------------------------
// Dev outbox (NODE_ENV !== 'production' only)

export const outboxMessageSchema = z.object({
  to: z.string(),
  text: z.string(),
  /** The 6-digit code in the message, when it carries one. */
  otp: z.string().nullable(),
  purpose: z.string().nullable(),
  created_at: z.string(),
});
export type OutboxMessage = z.infer<typeof outboxMessageSchema>;

/** Newest first. */
export const outboxResponse = z.object({ results: z.array(outboxMessageSchema) });
export type OutboxResponse = z.infer<typeof outboxResponse>;
