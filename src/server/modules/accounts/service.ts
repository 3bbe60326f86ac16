// What the accounts calls do: sign-up with OTP, customer and staff login, token refresh and logout,
// forgot password, phone/name/email changes, the account removal request and the dev outbox.
import { dummyHash, hashPassword, verifyPassword } from '../../auth/passwords.ts';
import {
  revokeSession,
  revokeUserSessions,
  rotateRefreshToken,
  startSession,
  hashRefreshToken,
  type IssuedTokens,
} from '../../auth/sessions.ts';
import type { AccessClaims } from '../../auth/tokens.ts';
import type { Db, Queryable } from '../../db/index.ts';
import { HttpError } from '../../http/errors.ts';
import { mergeAnonymousCart } from '../checkout/index.ts';
import {
  ACCOUNT_MESSAGES,
  type OutboxResponse,
  type UserDetails,
  type changePasswordRequest,
  type changePhoneNumberRequest,
  type loginCustomerRequest,
  type loginStaffRequest,
  type sendOtpUpdateRequest,
  type signupRequest,
  type updateProfileRequest,
  type verifyRequest,
} from '../../../shared/api/accounts.ts';
import type { z } from 'zod';
import { formatLongDate } from '../../../shared/india-time.ts';
import { checkOtp, issueOtp, noOtp, pendingOtp, type OtpDeps, type OtpSent } from './otp.ts';
import {
  clearRemovalRequest,
  insertCustomer,
  markRemovalRequested,
  outboxOf,
  phoneRegistered,
  sessionOfRefreshToken,
  setPasswordHash,
  setPhoneNumber,
  updateNameEmail,
  userByPhone,
  userById,
  type UserRow,
} from './queries.ts';
import { LIMITS, ensureBelow, hit, startLoginAttempt } from './rate-limit.ts';

/** What the accounts calls need from the app: the database, the token keys, the SMS provider, the log. */
export type AccountsDeps = OtpDeps;

export interface CallerInfo {
  ip: string;
  /** The anonymous cart id from the x-anonymous-id header (used when the body has none). */
  anonymousId: string | null;
}

const accountNotFound = () =>
  new HttpError(404, 'No account found with this phone number. Please sign up.', 'account_not_found');
const phoneTaken = (message = 'An account with this phone number already exists. Please log in.') =>
  new HttpError(400, message, 'phone_taken');

async function liveUser(db: Queryable, id: number): Promise<UserRow> {
  const row = await userById(db, id);
  // A valid session always has its user; this only happens if the row was removed meanwhile.
  if (!row) throw new HttpError(401, 'Please log in to continue.', 'not_authenticated');
  return row;
}

/**
 * Password check with the same cost whether or not the account exists (a dummy hash stands in),
 * behind the sign-in throttle (growing delays per number and client, a mild per-number ceiling,
 * a per-IP limit), which counts unknown numbers alike.
 */
async function checkPassword(
  db: Db,
  phone: string,
  password: string,
  ip: string,
): Promise<{ user: UserRow | undefined; ok: boolean }> {
  const attempt = await startLoginAttempt(db, phone, ip);
  const user = await userByPhone(db, phone);
  const usable = user?.is_active ? user : undefined;
  const ok = await verifyPassword(usable ? usable.password_hash : await dummyHash(), password);
  if (usable && ok) await attempt.succeeded();
  return { user: usable, ok: ok && !!usable };
}

/** Merges the anonymous cart without letting a cart problem fail the sign-in. */
async function mergeCart(
  deps: AccountsDeps,
  tx: Queryable,
  sessionKey: string | null,
  userId: number,
): Promise<void> {
  if (!sessionKey) return;
  // Transaction mechanics, not data: a failed merge rolls back to here and the sign-in goes on.
  await tx.query('savepoint cart_merge');
  try {
    await mergeAnonymousCart(tx, sessionKey, userId);
    await tx.query('release savepoint cart_merge');
  } catch (err) {
    await tx.query('rollback to savepoint cart_merge');
    deps.log.warn({ err, userId }, 'anonymous cart merge failed; signed in without it');
  }
}

function claimsOf(user: UserRow): Omit<AccessClaims, 'sessionId'> {
  return { userId: user.id, role: user.role, restaurantId: user.restaurant_id };
}

export async function loginCustomer(
  deps: AccountsDeps,
  input: z.output<typeof loginCustomerRequest>,
  caller: CallerInfo,
): Promise<IssuedTokens & { status: 200; message: string }> {
  const { user, ok } = await checkPassword(deps.db, input.phone_number, input.password, caller.ip);
  if (!user) throw accountNotFound();
  if (!ok) throw new HttpError(401, 'Incorrect password. Please try again.', 'invalid_credentials');
  if (user.role !== 'customer') {
    throw new HttpError(
      403,
      'This is a restaurant staff account. Please log in at /partner/login.',
      'staff_account',
    );
  }
  const cancelled = user.removal_requested_at !== null;
  const tokens = await deps.db.transaction(async (tx) => {
    if (cancelled) await clearRemovalRequest(tx, user.id);
    await mergeCart(deps, tx, input.session_key ?? caller.anonymousId, user.id);
    return startSession(tx, deps.keys, claimsOf(user));
  });
  return {
    status: 200,
    message: cancelled
      ? 'Logged in successfully. Your account removal request has been cancelled.'
      : 'Logged in successfully.',
    ...tokens,
  };
}

export async function loginStaff(
  deps: AccountsDeps,
  input: z.output<typeof loginStaffRequest>,
  caller: CallerInfo,
): Promise<IssuedTokens & { status: 200; message: string; restaurant_id: number }> {
  const { user, ok } = await checkPassword(deps.db, input.phone_number, input.password, caller.ip);
  if (!user || !ok) {
    throw new HttpError(401, 'Incorrect phone number or password.', 'invalid_credentials');
  }
  if (user.role !== 'staff' || user.restaurant_id === null) {
    throw new HttpError(403, 'This sign-in is for restaurant staff only.', 'not_staff');
  }
  const restaurantId = user.restaurant_id;
  const tokens = await deps.db.transaction((tx) => startSession(tx, deps.keys, claimsOf(user)));
  return { status: 200, message: 'Logged in successfully.', restaurant_id: restaurantId, ...tokens };
}

export async function refreshSession(
  deps: AccountsDeps,
  token: string,
  caller: CallerInfo,
): Promise<IssuedTokens & { status: 200; message: string }> {
  await ensureBelow(deps.db, LIMITS.refreshIp, caller.ip, 'Too many token refreshes from your network.');
  await hit(deps.db, LIMITS.refreshIp, caller.ip);
  const result = await rotateRefreshToken(deps.db, deps.keys, token);
  if (result.ok) return { status: 200, message: 'Token refreshed.', ...result.tokens };
  if (result.reason === 'reused') {
    deps.log.warn('refresh token reused after rotation: session revoked');
    throw new HttpError(
      401,
      'This sign-in was ended for your security. Please log in again.',
      'refresh_reused',
    );
  }
  throw new HttpError(401, 'Your session has expired. Please log in again.', 'refresh_invalid');
}

export async function logout(
  db: Db,
  auth: AccessClaims | null,
  refreshToken: string | null | undefined,
): Promise<void> {
  if (auth?.sessionId) await revokeSession(db, auth.sessionId, 'logout');
  if (refreshToken) {
    const sessionId = await sessionOfRefreshToken(db, hashRefreshToken(refreshToken));
    if (sessionId !== undefined) await revokeSession(db, sessionId, 'logout');
  }
}

export async function signup(
  deps: AccountsDeps,
  input: z.output<typeof signupRequest>,
  caller: CallerInfo,
): Promise<OtpSent & { status: 200; message: string; phone_number: string }> {
  const phone = input.phone_number;
  if (await phoneRegistered(deps.db, phone)) throw phoneTaken();
  // A sign-up waiting for its code is only re-sent for the same password: otherwise anyone could
  // swap in their own password and let the number's owner verify it for them.
  const pending = await pendingOtp(deps.db, phone, 'signup');
  const pendingHash = pending?.payload?.['password_hash'];
  if (typeof pendingHash === 'string' && !(await verifyPassword(pendingHash, input.password))) {
    throw new HttpError(
      400,
      'A sign-up for this number is already waiting for its OTP. Enter the code we sent, or try again in 5 minutes.',
      'signup_pending',
    );
  }
  const sent = await issueOtp(deps, {
    phone,
    purpose: 'signup',
    ip: caller.ip,
    payload: async () => ({
      password_hash: typeof pendingHash === 'string' ? pendingHash : await hashPassword(input.password),
      name: input.name,
      email: input.email,
    }),
  });
  return {
    status: 200,
    message: 'OTP sent to your phone number. Enter it to verify your account.',
    phone_number: phone,
    ...sent,
  };
}

export async function verifySignup(
  deps: AccountsDeps,
  input: z.output<typeof verifyRequest>,
  caller: CallerInfo,
): Promise<IssuedTokens & { status: 200; message: string }> {
  const { payload } = await checkOtp(deps, {
    phone: input.phone_number,
    purpose: 'signup',
    code: input.otp,
    ip: caller.ip,
  });
  const passwordHash = payload?.['password_hash'];
  if (typeof passwordHash !== 'string') {
    throw new HttpError(400, 'This sign-up has expired. Please sign up again.', 'otp_expired');
  }
  const tokens = await deps.db.transaction(async (tx) => {
    const user = await insertCustomer(tx, {
      phone: input.phone_number,
      name: String(payload?.['name'] ?? ''),
      email: String(payload?.['email'] ?? ''),
      passwordHash,
    });
    if (!user) return null;
    await mergeCart(deps, tx, input.session_key ?? caller.anonymousId, user.id);
    return startSession(tx, deps.keys, claimsOf(user));
  });
  if (!tokens) throw phoneTaken();
  return { status: 200, message: 'Your phone number is verified. Welcome!', ...tokens };
}

/**
 * Forgot password (and the profile's password change): a reset code to an existing account. A
 * number without an account gets the same answer, cooldown and limits (a decoy code that is never
 * sent and matches nothing), so this call does not tell who has an account.
 */
export async function sendResetOtp(
  deps: AccountsDeps,
  phone: string,
  caller: CallerInfo,
): Promise<OtpSent & { status: 200; message: string; phone_number: string }> {
  const user = await userByPhone(deps.db, phone);
  const account = user?.is_active ? user : undefined;
  const sent = await issueOtp(deps, {
    phone,
    purpose: 'reset',
    ip: caller.ip,
    userId: account?.id ?? null,
    decoy: !account,
  });
  return { status: 200, message: ACCOUNT_MESSAGES.resetOtpSent, phone_number: phone, ...sent };
}

export async function changePassword(
  deps: AccountsDeps,
  input: z.output<typeof changePasswordRequest>,
  auth: AccessClaims | null,
  caller: CallerInfo,
): Promise<{ status: 200; message: string }> {
  const user = await userByPhone(deps.db, input.phone_number);
  // The same check for every number: without an account it meets a decoy code (every guess is
  // "Incorrect OTP", then locked) or no code at all, exactly like a wrong or expired OTP.
  const { userId } = await checkOtp(deps, {
    phone: input.phone_number,
    purpose: 'reset',
    code: input.otp,
    ip: caller.ip,
  });
  if (!user?.is_active || userId !== user.id) throw noOtp();
  const hash = await hashPassword(input.password);
  await deps.db.transaction(async (tx) => {
    await setPasswordHash(tx, user.id, hash);
    // A new password signs out every other device; the caller's own session stays.
    const keep = auth && auth.userId === user.id ? (auth.sessionId ?? null) : null;
    await revokeUserSessions(tx, user.id, 'password_changed', keep);
  });
  return { status: 200, message: ACCOUNT_MESSAGES.passwordChanged };
}

async function checkNewPhone(
  db: Db,
  userId: number,
  input: { phone_number: string; old_phone_number: string },
): Promise<UserRow> {
  const user = await liveUser(db, userId);
  if (input.old_phone_number !== user.phone_number) {
    throw new HttpError(400, 'The current phone number does not match your account.', 'phone_mismatch');
  }
  if (input.phone_number === user.phone_number) {
    throw new HttpError(400, 'The new phone number is the same as your current one.', 'phone_unchanged');
  }
  if (await phoneRegistered(db, input.phone_number)) {
    throw phoneTaken('This phone number is already registered with another account.');
  }
  return user;
}

export async function sendPhoneChangeOtp(
  deps: AccountsDeps,
  userId: number,
  input: z.output<typeof sendOtpUpdateRequest>,
  caller: CallerInfo,
): Promise<OtpSent & { status: 200; message: string; phone_number: string }> {
  await checkNewPhone(deps.db, userId, input);
  const sent = await issueOtp(deps, {
    phone: input.phone_number,
    purpose: 'phone_change',
    ip: caller.ip,
    userId,
  });
  return {
    status: 200,
    message: 'OTP sent to your new phone number.',
    phone_number: input.phone_number,
    ...sent,
  };
}

export async function changePhoneNumber(
  deps: AccountsDeps,
  userId: number,
  input: z.output<typeof changePhoneNumberRequest>,
  caller: CallerInfo,
): Promise<UserDetails & { status: 200; message: string }> {
  await checkNewPhone(deps.db, userId, input);
  await checkOtp(deps, {
    phone: input.phone_number,
    purpose: 'phone_change',
    code: input.otp,
    ip: caller.ip,
    userId,
  });
  try {
    await setPhoneNumber(deps.db, userId, input.phone_number);
  } catch (err) {
    if ((err as { code?: string }).code === '23505') {
      throw phoneTaken('This phone number is already registered with another account.');
    }
    throw err;
  }
  return { status: 200, message: ACCOUNT_MESSAGES.phoneUpdated, ...(await userDetails(deps.db, userId)) };
}

export async function userDetails(db: Db, userId: number): Promise<UserDetails> {
  const u = await liveUser(db, userId);
  return { phone_number: u.phone_number, name: u.name, email: u.email };
}

export async function updateProfile(
  db: Db,
  userId: number,
  input: z.output<typeof updateProfileRequest>,
): Promise<UserDetails & { status: 200; message: string }> {
  await liveUser(db, userId);
  await updateNameEmail(db, userId, input.name ?? null, input.email ?? null);
  const message =
    input.name !== undefined && input.email !== undefined
      ? 'Profile Updated successfully'
      : input.name !== undefined
        ? ACCOUNT_MESSAGES.nameUpdated
        : ACCOUNT_MESSAGES.emailUpdated;
  return { status: 200, message, ...(await userDetails(db, userId)) };
}

/** Records the request, signs the account out everywhere; the data goes after `graceDays`. */
export async function requestRemoval(
  db: Db,
  userId: number,
  graceDays: number,
): Promise<{ status: 200; message: string; remove_after: string }> {
  await liveUser(db, userId);
  const removeAt = await db.transaction(async (tx) => {
    const at = await markRemovalRequested(tx, userId, graceDays);
    await revokeUserSessions(tx, userId, 'removal_requested');
    return at;
  });
  const removeAfter = new Date(removeAt);
  const day = formatLongDate(removeAfter);
  return {
    status: 200,
    message: `Your account removal request is recorded and you are logged out everywhere. Your personal data will be removed on ${day}; log in before then to cancel.`,
    remove_after: removeAfter.toISOString(),
  };
}

/** The last messages to a number, each with the code it carries (development: how e2e tests read OTPs). */
export async function devOutbox(db: Db, phone: string): Promise<OutboxResponse> {
  const rows = await outboxOf(db, phone);
  return {
    results: rows.map((r) => ({
      to: r.to_number,
      text: r.text,
      otp: /\b(\d{6})\b/.exec(r.text)?.[1] ?? null,
      purpose: r.purpose,
      created_at: new Date(r.created_at).toISOString(),
    })),
  };
}
