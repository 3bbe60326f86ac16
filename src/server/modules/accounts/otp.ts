// One-time passwords: 6 digits from crypto, stored as an HMAC bound to number and purpose, 5-minute
// life, single use, 5 tries per code, a 30 s resend cooldown and per-number / per-IP send limits,
// issued atomically per number and purpose (one live code).
import { createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { TokenKeys } from '../../auth/tokens.ts';
import type { Db, Queryable } from '../../db/index.ts';
import { HttpError } from '../../http/errors.ts';
import { SmsSendError, type SmsProvider } from '../../providers/sms/index.ts';
import {
  consumeOtp,
  countOtpTry,
  deleteOtp,
  insertOtp,
  latestOtp,
  latestOtpAge,
  lockOtpIssue,
  pendingOtpRow,
  retireOtps,
  type OtpPurpose,
  type PendingRow,
} from './otp-queries.ts';
import { LIMITS, consume, ensureBelow, rateLimited } from './rate-limit.ts';

const SEND_IP_MESSAGE = 'Too many OTP requests from your network.';
const SEND_PHONE_MESSAGE = 'Too many OTP requests for this number.';

export const OTP_TTL_S = 5 * 60;
export const OTP_MAX_ATTEMPTS = 5;
export const OTP_RESEND_COOLDOWN_S = 30;

const TEXTS: Record<OtpPurpose, string> = {
  signup: 'to verify your phone number',
  reset: 'to reset your password',
  phone_change: 'to change your phone number',
};

export interface OtpSent {
  expires_in: number;
  resend_after: number;
}

/** What issuing a code needs: the database, the key codes are hashed with, the SMS provider, the log. */
export interface OtpDeps {
  db: Db;
  keys: TokenKeys;
  sms: SmsProvider;
  log: FastifyBaseLogger;
}

function otpHash(keys: TokenKeys, phone: string, purpose: OtpPurpose, code: string): string {
  return createHmac('sha256', keys.secret('otp')).update(`${purpose}:${phone}:${code}`).digest('hex');
}

/** The live, untried-out code for a number and purpose (e.g. a pending sign-up), if any. */
export function pendingOtp(
  db: Queryable,
  phone: string,
  purpose: OtpPurpose,
): Promise<PendingRow | undefined> {
  return pendingOtpRow(db, phone, purpose, OTP_MAX_ATTEMPTS);
}

/**
 * Sends a new code, replacing any earlier one for the same number and purpose. Issuing is atomic
 * per number and purpose: one transaction, serialised on an advisory lock, checks the resend
 * cooldown, counts the send limits, retires older codes and stores the new one, so parallel
 * requests leave exactly one live code. The SMS goes out after commit; a failed send removes the
 * code again. `payload` is only computed once the limits look open (it may hash a password).
 *
 * `decoy`: a code that matches nothing and is never sent, under the same cooldown and limits as a
 * real one (forgot password for a number without an account must look the same from outside).
 */
export async function issueOtp(
  deps: OtpDeps,
  opts: {
    phone: string;
    purpose: OtpPurpose;
    ip: string;
    userId?: number | null;
    payload?: () => Promise<Record<string, unknown>>;
    decoy?: boolean;
  },
): Promise<OtpSent> {
  const { db } = deps;
  const { phone, purpose, ip } = opts;
  // A cheap look first, so a refused request does not pay for the payload; the transaction below
  // decides.
  await ensureNoCooldown(db, phone, purpose);
  await ensureBelow(db, LIMITS.otpSendIp, ip, SEND_IP_MESSAGE);
  await ensureBelow(db, LIMITS.otpSendPhone, phone, SEND_PHONE_MESSAGE);
  const payload = opts.payload ? await opts.payload() : null;

  const code = opts.decoy ? null : String(randomInt(0, 1_000_000)).padStart(6, '0');
  // A decoy stores the hash of a random non-code: no 6-digit guess can ever match it.
  const secret = code ?? `decoy:${randomBytes(16).toString('hex')}`;
  const id = await db.transaction(async (tx) => {
    await lockOtpIssue(tx, phone, purpose);
    await ensureNoCooldown(tx, phone, purpose);
    await consume(tx, LIMITS.otpSendIp, ip, SEND_IP_MESSAGE);
    await consume(tx, LIMITS.otpSendPhone, phone, SEND_PHONE_MESSAGE);
    await retireOtps(tx, phone, purpose);
    return insertOtp(tx, {
      phone,
      purpose,
      userId: opts.userId ?? null,
      codeHash: otpHash(deps.keys, phone, purpose, secret),
      payload,
      ttlS: OTP_TTL_S,
    });
  });

  if (code !== null) {
    try {
      await deps.sms.send({
        to: phone,
        purpose,
        text: `${code} is your OTP ${TEXTS[purpose]}. It is valid for 5 minutes. Do not share it with anyone.`,
      });
    } catch (err) {
      // The code never reached the phone: drop it so the cooldown does not block a retry.
      await deleteOtp(db, id);
      deps.log.error({ err: err instanceof SmsSendError ? err.message : err }, 'OTP SMS failed');
      throw new HttpError(502, 'We could not send the OTP. Please try again in a moment.', 'sms_failed');
    }
  }
  return { expires_in: OTP_TTL_S, resend_after: OTP_RESEND_COOLDOWN_S };
}

/** 429 while the latest live code for the number and purpose is younger than the cooldown. */
async function ensureNoCooldown(q: Queryable, phone: string, purpose: OtpPurpose): Promise<void> {
  const age = await latestOtpAge(q, phone, purpose);
  if (age !== undefined && age < OTP_RESEND_COOLDOWN_S) {
    // A code stored after this transaction began has a negative age: wait the whole cooldown.
    const wait = Math.min(OTP_RESEND_COOLDOWN_S, OTP_RESEND_COOLDOWN_S - age);
    throw rateLimited((w) => `Please wait ${w} before requesting another OTP.`, wait);
  }
}

/**
 * Checks and consumes the latest code for the number and purpose. Every check counts as a try
 * before comparing (atomically), so parallel guesses cannot exceed the limit.
 */
export async function checkOtp(
  deps: Pick<OtpDeps, 'db' | 'keys'>,
  opts: {
    phone: string;
    purpose: OtpPurpose;
    code: string;
    ip: string;
    userId?: number;
  },
): Promise<{ payload: Record<string, unknown> | null; userId: number | null }> {
  const { db } = deps;
  const { phone, purpose } = opts;
  await consume(db, LIMITS.otpCheckIp, opts.ip, 'Too many OTP attempts from your network.');
  const row = await latestOtp(db, phone, purpose);
  if (!row || (opts.userId !== undefined && row.user_id !== opts.userId)) throw noOtp();
  if (row.attempts >= OTP_MAX_ATTEMPTS) throw locked();
  if (row.expired) throw new HttpError(400, 'This OTP has expired. Please request a new OTP.', 'otp_expired');

  const attempts = await countOtpTry(db, row.id, OTP_MAX_ATTEMPTS);
  if (attempts === undefined) throw locked();
  const expected = Buffer.from(row.code_hash, 'hex');
  const given = Buffer.from(otpHash(deps.keys, phone, purpose, opts.code), 'hex');
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) {
    const left = OTP_MAX_ATTEMPTS - attempts;
    if (left <= 0) throw locked('Incorrect OTP. ');
    throw new HttpError(
      400,
      `Incorrect OTP. ${left} ${left === 1 ? 'attempt' : 'attempts'} left.`,
      'otp_invalid',
    );
  }
  const used = await consumeOtp(db, row.id);
  if (!used) {
    throw new HttpError(400, 'This OTP was already used. Please request a new OTP.', 'otp_expired');
  }
  return { payload: used.payload, userId: used.user_id };
}

/** No live code for the number and purpose (never requested, already used or replaced). */
export function noOtp(): HttpError {
  return new HttpError(
    400,
    'No OTP was requested for this number, or it was already used. Please request a new OTP.',
    'otp_expired',
  );
}

function locked(prefix = ''): HttpError {
  return new HttpError(
    400,
    `${prefix}Too many wrong attempts for this OTP. Please request a new OTP.`,
    'otp_locked',
  );
}
