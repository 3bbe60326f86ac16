// Who owns the cart in a request: the signed-in user (whose row must still exist) and/or the
// anonymous session key (x-anonymous-id header, else the session_key cookie).
import { randomBytes } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { CART_ERROR_CODES, sessionKeySchema } from '../../../shared/api/checkout.ts';
import { COOKIES } from '../../../shared/constants.ts';
import type { Queryable } from '../../db/index.ts';
import { HttpError } from '../../http/errors.ts';
import { callerUserRow, type CallerUserRow } from './queries.ts';

export interface Caller {
  userId: number | null;
  sessionKey: string | null;
}

export type CallerUser = Omit<CallerUserRow, 'is_active'>;

/** A new anonymous cart id: 192 random bits, base64url. */
export const newSessionKey = (): string => randomBytes(24).toString('base64url');

export function sessionKeyOf(req: FastifyRequest): string | null {
  const header = req.headers['x-anonymous-id'];
  const raw = (typeof header === 'string' && header) || req.cookies[COOKIES.sessionKey] || '';
  return sessionKeySchema.safeParse(raw).success ? raw : null;
}

export const userNotFound = () =>
  new HttpError(401, 'Your account was not found. Please log in again.', CART_ERROR_CODES.userNotFound);

export async function loadUser(db: Queryable, userId: number): Promise<CallerUser> {
  const user = await callerUserRow(db, userId);
  if (!user || !user.is_active) throw userNotFound();
  return user;
}

export async function callerOf(req: FastifyRequest, db: Queryable): Promise<Caller> {
  const sessionKey = sessionKeyOf(req);
  if (!req.auth) return { userId: null, sessionKey };
  await loadUser(db, req.auth.userId);
  return { userId: req.auth.userId, sessionKey };
}

/** A route's rate limit counted per caller (the cart and order routes of checkout and orders). */
export const perCaller = (max: number) => ({
  rateLimit: {
    max,
    timeWindow: '1 minute',
    // The signed-in customer, else the anonymous cart (header or cookie), else the network.
    keyGenerator: (req: FastifyRequest) =>
      req.auth ? `u:${req.auth.userId}` : `a:${sessionKeyOf(req) ?? req.ip}`,
  },
});
