// What the accounts calls do: sign-up with OTP, customer and staff login, token refresh and logout,
// forgot password, phone/name/email changes and the account removal request.
import type { FastifyBaseLogger } from 'fastify';
import { dummyHash, hashPassword, verifyPassword } from '../../auth/passwords.ts';
import {
  revokeSession,
  revokeUserSessions,
  rotateRefreshToken,
  startSession,
  hashRefreshToken,
  type IssuedTokens,
} from '../../auth/sessions.ts';
import type { AccessClaims, TokenKeys } from '../../auth/tokens.ts';
import type { Db, Queryable } from '../../db/index.ts';
import type { UserRecord } from '../../db/records.ts';
import { HttpError } from '../../http/errors.ts';
import { mergeAnonymousCart } from '../checkout/index.ts';
import {
  ACCOUNT_MESSAGES,
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
import { noOtp, type OtpService, type OtpSent } from './otp.ts';
import { LIMITS, ensureBelow, hit, startLoginAttempt } from './rate-limit.ts';

/** A live account: only an anonymised one (never found by number nor signed in) has no phone number. */
type UserRow = Pick<
  UserRecord,
  'id' | 'name' | 'email' | 'password_hash' | 'role' | 'restaurant_id' | 'is_active' | 'removal_requested_at'
> & { phone_number: string };

const USER_COLUMNS =
  'id, phone_number, name, email, password_hash, role, restaurant_id, is_active, removal_requested_at';

export interface CallerInfo {
  ip: string;
  /** The anonymous cart id from the x-anonymous-id header (used when the body has none). */
  anonymousId: string | null;
}

const accountNotFound = () =>
  new HttpError(404, 'No account found with this phone number. Please sign up.', 'account_not_found');
const phoneTaken = (message = 'An account with this phone number already exists. Please log in.') =>
  new HttpError(400, message, 'phone_taken');

export class AccountsService {
  constructor(
    private readonly db: Db,
    private readonly keys: TokenKeys,
    readonly otp: OtpService,
    private readonly log: FastifyBaseLogger,
    private readonly removalGraceDays: number,
  ) {}

  private async userByPhone(q: Queryable, phone: string): Promise<UserRow | undefined> {
    const [row] = await q.query<UserRow>(
      `select ${USER_COLUMNS} from users where phone_number = $1 and anonymised_at is null`,
      [phone],
    );
    return row;
  }

  private async userById(id: number): Promise<UserRow> {
    const [row] = await this.db.query<UserRow>(
      `select ${USER_COLUMNS} from users where id = $1 and anonymised_at is null`,
      [id],
    );
    // A valid session always has its user; this only happens if the row was removed meanwhile.
    if (!row) throw new HttpError(401, 'Please log in to continue.', 'not_authenticated');
    return row;
  }

  /**
   * Password check with the same cost whether or not the account exists (a dummy hash stands in),
   * behind the sign-in throttle (growing delays per number and client, a mild per-number ceiling,
   * a per-IP limit), which counts unknown numbers alike.
   */
  private async checkPassword(
    phone: string,
    password: string,
    ip: string,
  ): Promise<{ user: UserRow | undefined; ok: boolean }> {
    const attempt = await startLoginAttempt(this.db, phone, ip);
    const user = await this.userByPhone(this.db, phone);
    const usable = user?.is_active ? user : undefined;
    const ok = await verifyPassword(usable ? usable.password_hash : await dummyHash(), password);
    if (usable && ok) await attempt.succeeded();
    return { user: usable, ok: ok && !!usable };
  }

  /** Merges the anonymous cart without letting a cart problem fail the sign-in. */
  private async mergeCart(tx: Queryable, sessionKey: string | null, userId: number): Promise<void> {
    if (!sessionKey) return;
    await tx.query('savepoint cart_merge');
    try {
      await mergeAnonymousCart(tx, sessionKey, userId);
      await tx.query('release savepoint cart_merge');
    } catch (err) {
      await tx.query('rollback to savepoint cart_merge');
      this.log.warn({ err, userId }, 'anonymous cart merge failed; signed in without it');
    }
  }

  private claims(user: UserRow): Omit<AccessClaims, 'sessionId'> {
    return { userId: user.id, role: user.role, restaurantId: user.restaurant_id };
  }

  async loginCustomer(
    input: z.output<typeof loginCustomerRequest>,
    caller: CallerInfo,
  ): Promise<IssuedTokens & { status: 200; message: string }> {
    const { user, ok } = await this.checkPassword(input.phone_number, input.password, caller.ip);
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
    const tokens = await this.db.transaction(async (tx) => {
      if (cancelled) await tx.query('update users set removal_requested_at = null where id = $1', [user.id]);
      await this.mergeCart(tx, input.session_key ?? caller.anonymousId, user.id);
      return startSession(tx, this.keys, this.claims(user));
    });
    return {
      status: 200,
      message: cancelled
        ? 'Logged in successfully. Your account removal request has been cancelled.'
        : 'Logged in successfully.',
      ...tokens,
    };
  }

  async loginStaff(
    input: z.output<typeof loginStaffRequest>,
    caller: CallerInfo,
  ): Promise<IssuedTokens & { status: 200; message: string; restaurant_id: number }> {
    const { user, ok } = await this.checkPassword(input.phone_number, input.password, caller.ip);
    if (!user || !ok) {
      throw new HttpError(401, 'Incorrect phone number or password.', 'invalid_credentials');
    }
    if (user.role !== 'staff' || user.restaurant_id === null) {
      throw new HttpError(403, 'This sign-in is for restaurant staff only.', 'not_staff');
    }
    const restaurantId = user.restaurant_id;
    const tokens = await this.db.transaction((tx) => startSession(tx, this.keys, this.claims(user)));
    return { status: 200, message: 'Logged in successfully.', restaurant_id: restaurantId, ...tokens };
  }

  async refresh(token: string, caller: CallerInfo): Promise<IssuedTokens & { status: 200; message: string }> {
    await ensureBelow(this.db, LIMITS.refreshIp, caller.ip, 'Too many token refreshes from your network.');
    await hit(this.db, LIMITS.refreshIp, caller.ip);
    const result = await rotateRefreshToken(this.db, this.keys, token);
    if (result.ok) return { status: 200, message: 'Token refreshed.', ...result.tokens };
    if (result.reason === 'reused') {
      this.log.warn('refresh token reused after rotation: session revoked');
      throw new HttpError(
        401,
        'This sign-in was ended for your security. Please log in again.',
        'refresh_reused',
      );
    }
    throw new HttpError(401, 'Your session has expired. Please log in again.', 'refresh_invalid');
  }

  async logout(auth: AccessClaims | null, refresh: string | null | undefined): Promise<void> {
    if (auth?.sessionId) await revokeSession(this.db, auth.sessionId, 'logout');
    if (refresh) {
      const [row] = await this.db.query<{ session_id: string }>(
        'select session_id from refresh_tokens where token_hash = $1',
        [hashRefreshToken(refresh)],
      );
      if (row) await revokeSession(this.db, row.session_id, 'logout');
    }
  }

  async signup(
    input: z.output<typeof signupRequest>,
    caller: CallerInfo,
  ): Promise<OtpSent & { status: 200; message: string; phone_number: string }> {
    const phone = input.phone_number;
    const [existing] = await this.db.query('select 1 from users where phone_number = $1', [phone]);
    if (existing) throw phoneTaken();
    // A sign-up waiting for its code is only re-sent for the same password: otherwise anyone could
    // swap in their own password and let the number's owner verify it for them.
    const pending = await this.otp.pending(phone, 'signup');
    const pendingHash = pending?.payload?.['password_hash'];
    if (typeof pendingHash === 'string' && !(await verifyPassword(pendingHash, input.password))) {
      throw new HttpError(
        400,
        'A sign-up for this number is already waiting for its OTP. Enter the code we sent, or try again in 5 minutes.',
        'signup_pending',
      );
    }
    const sent = await this.otp.issue({
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

  async verifySignup(
    input: z.output<typeof verifyRequest>,
    caller: CallerInfo,
  ): Promise<IssuedTokens & { status: 200; message: string }> {
    const { payload } = await this.otp.check({
      phone: input.phone_number,
      purpose: 'signup',
      code: input.otp,
      ip: caller.ip,
    });
    const passwordHash = payload?.['password_hash'];
    if (typeof passwordHash !== 'string') {
      throw new HttpError(400, 'This sign-up has expired. Please sign up again.', 'otp_expired');
    }
    const tokens = await this.db.transaction(async (tx) => {
      const [user] = await tx.query<UserRow>(
        `insert into users (phone_number, name, email, password_hash, role, is_active)
         values ($1, $2, $3, $4, 'customer', true)
         on conflict (phone_number) do nothing
         returning ${USER_COLUMNS}`,
        [input.phone_number, String(payload?.['name'] ?? ''), String(payload?.['email'] ?? ''), passwordHash],
      );
      if (!user) return null;
      await this.mergeCart(tx, input.session_key ?? caller.anonymousId, user.id);
      return startSession(tx, this.keys, this.claims(user));
    });
    if (!tokens) throw phoneTaken();
    return { status: 200, message: 'Your phone number is verified. Welcome!', ...tokens };
  }

  /**
   * Forgot password (and the profile's password change): a reset code to an existing account. A
   * number without an account gets the same answer, cooldown and limits (a decoy code that is never
   * sent and matches nothing), so this call does not tell who has an account.
   */
  async sendResetOtp(
    phone: string,
    caller: CallerInfo,
  ): Promise<OtpSent & { status: 200; message: string; phone_number: string }> {
    const user = await this.userByPhone(this.db, phone);
    const account = user?.is_active ? user : undefined;
    const sent = await this.otp.issue({
      phone,
      purpose: 'reset',
      ip: caller.ip,
      userId: account?.id ?? null,
      decoy: !account,
    });
    return { status: 200, message: ACCOUNT_MESSAGES.resetOtpSent, phone_number: phone, ...sent };
  }

  async changePassword(
    input: z.output<typeof changePasswordRequest>,
    auth: AccessClaims | null,
    caller: CallerInfo,
  ): Promise<{ status: 200; message: string }> {
    const user = await this.userByPhone(this.db, input.phone_number);
    // The same check for every number: without an account it meets a decoy code (every guess is
    // "Incorrect OTP", then locked) or no code at all, exactly like a wrong or expired OTP.
    const { userId } = await this.otp.check({
      phone: input.phone_number,
      purpose: 'reset',
      code: input.otp,
      ip: caller.ip,
    });
    if (!user?.is_active || userId !== user.id) throw noOtp();
    const hash = await hashPassword(input.password);
    await this.db.transaction(async (tx) => {
      await tx.query('update users set password_hash = $2 where id = $1', [user.id, hash]);
      // A new password signs out every other device; the caller's own session stays.
      const keep = auth && auth.userId === user.id ? (auth.sessionId ?? null) : null;
      await revokeUserSessions(tx, user.id, 'password_changed', keep);
    });
    return { status: 200, message: ACCOUNT_MESSAGES.passwordChanged };
  }

  private async checkNewPhone(
    userId: number,
    input: { phone_number: string; old_phone_number: string },
  ): Promise<UserRow> {
    const user = await this.userById(userId);
    if (input.old_phone_number !== user.phone_number) {
      throw new HttpError(400, 'The current phone number does not match your account.', 'phone_mismatch');
    }
    if (input.phone_number === user.phone_number) {
      throw new HttpError(400, 'The new phone number is the same as your current one.', 'phone_unchanged');
    }
    const [taken] = await this.db.query('select 1 from users where phone_number = $1', [input.phone_number]);
    if (taken) throw phoneTaken('This phone number is already registered with another account.');
    return user;
  }

  async sendPhoneChangeOtp(
    userId: number,
    input: z.output<typeof sendOtpUpdateRequest>,
    caller: CallerInfo,
  ): Promise<OtpSent & { status: 200; message: string; phone_number: string }> {
    await this.checkNewPhone(userId, input);
    const sent = await this.otp.issue({
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

  async changePhoneNumber(
    userId: number,
    input: z.output<typeof changePhoneNumberRequest>,
    caller: CallerInfo,
  ): Promise<UserDetails & { status: 200; message: string }> {
    await this.checkNewPhone(userId, input);
    await this.otp.check({
      phone: input.phone_number,
      purpose: 'phone_change',
      code: input.otp,
      ip: caller.ip,
      userId,
    });
    try {
      await this.db.query('update users set phone_number = $2 where id = $1', [userId, input.phone_number]);
    } catch (err) {
      if ((err as { code?: string }).code === '23505') {
        throw phoneTaken('This phone number is already registered with another account.');
      }
      throw err;
    }
    return { status: 200, message: ACCOUNT_MESSAGES.phoneUpdated, ...(await this.details(userId)) };
  }

  async details(userId: number): Promise<UserDetails> {
    const u = await this.userById(userId);
    return { phone_number: u.phone_number, name: u.name, email: u.email };
  }

  async updateProfile(
    userId: number,
    input: z.output<typeof updateProfileRequest>,
  ): Promise<UserDetails & { status: 200; message: string }> {
    await this.userById(userId);
    await this.db.query(
      'update users set name = coalesce($2, name), email = coalesce($3, email) where id = $1',
      [userId, input.name ?? null, input.email ?? null],
    );
    const message =
      input.name !== undefined && input.email !== undefined
        ? 'Profile Updated successfully'
        : input.name !== undefined
          ? ACCOUNT_MESSAGES.nameUpdated
          : ACCOUNT_MESSAGES.emailUpdated;
    return { status: 200, message, ...(await this.details(userId)) };
  }

  async requestRemoval(userId: number): Promise<{ status: 200; message: string; remove_after: string }> {
    await this.userById(userId);
    const [row] = await this.db.transaction(async (tx) => {
      const rows = await tx.query<{ remove_after: Date | string }>(
        `update users set removal_requested_at = coalesce(removal_requested_at, now())
          where id = $1
          returning removal_requested_at + make_interval(days => $2) as remove_after`,
        [userId, this.removalGraceDays],
      );
      await revokeUserSessions(tx, userId, 'removal_requested');
      return rows;
    });
    const removeAfter = new Date(row!.remove_after);
    const day = formatLongDate(removeAfter);
    return {
      status: 200,
      message: `Your account removal request is recorded and you are logged out everywhere. Your personal data will be removed on ${day}; log in before then to cancel.`,
      remove_after: removeAfter.toISOString(),
    };
  }
}
