// Access tokens: HS256 JWTs with exp (seconds), typ and audience checked, the algorithm pinned, and a
// session id (sid) that the auth hook checks against auth_sessions so revocation takes effect at once.
import { createHmac, randomBytes } from 'node:crypto';
import { SignJWT, jwtVerify } from 'jose';
import type { Db } from '../db/index.ts';
import { createSession, storedSigningSecret } from './queries.ts';

export const ACCESS_TOKEN_TTL_S = 15 * 60;
const AUDIENCE = 'storefront';
const ISSUER = 'storefront-api';

export interface AccessClaims {
  userId: number;
  role: 'customer' | 'staff';
  restaurantId: number | null;
  /** The sign-in session (refresh family) the token belongs to; always set on verified tokens. */
  sessionId?: string;
}

export interface SignOptions {
  /** Issued-at in epoch seconds (default now); exp = iat + ttl. */
  iat?: number;
  jti?: string;
}

export interface TokenKeys {
  /**
   * Signs an access token. Without claims.sessionId a new session is opened for the user first
   * (so tokens minted by other modules and tests are revocable like any other).
   */
  sign(claims: AccessClaims, ttlSeconds?: number): Promise<string>;
  /** Signs deterministically for a known session: same claims, iat and jti give the same token. */
  signFor(claims: AccessClaims & { sessionId: string }, opts?: SignOptions): Promise<string>;
  /** Checks signature, algorithm, typ, audience, issuer and expiry (not the session's state). */
  verify(token: string): Promise<AccessClaims & { sessionId: string }>;
  /** A server secret derived from the signing key for one purpose (OTP hashing, refresh tokens). */
  secret(purpose: string): Buffer;
}

/** The signing key: JWT_SECRET when set, otherwise one generated once and kept in the database. */
export async function loadSigningKey(db: Db, configured: string | undefined): Promise<Uint8Array> {
  if (configured) return new TextEncoder().encode(configured);
  return new TextEncoder().encode(await storedSigningSecret(db));
}

export const newJti = (): string => randomBytes(9).toString('base64url');

export function tokenKeys(key: Uint8Array, db?: Db): TokenKeys {
  const signWith = (
    c: AccessClaims & { sessionId: string },
    opts: SignOptions,
    ttl: number,
  ): Promise<string> => {
    const iat = opts.iat ?? Math.floor(Date.now() / 1000);
    return new SignJWT({ role: c.role, rid: c.restaurantId, sid: c.sessionId })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(String(c.userId))
      .setAudience(AUDIENCE)
      .setIssuer(ISSUER)
      .setIssuedAt(iat)
      .setExpirationTime(iat + ttl)
      .setJti(opts.jti ?? newJti())
      .sign(key);
  };
  return {
    async sign(c, ttl = ACCESS_TOKEN_TTL_S) {
      let sessionId = c.sessionId;
      if (!sessionId) {
        if (!db) throw new Error('tokens.sign needs a database to open a session');
        sessionId = await createSession(db, c.userId);
      }
      return signWith({ ...c, sessionId }, {}, ttl);
    },
    signFor: (c, opts = {}) => signWith(c, opts, ACCESS_TOKEN_TTL_S),
    async verify(token) {
      const { payload } = await jwtVerify(token, key, {
        algorithms: ['HS256'],
        audience: AUDIENCE,
        issuer: ISSUER,
        typ: 'JWT',
        requiredClaims: ['exp', 'sub', 'sid'],
      });
      const role = payload['role'];
      const rid = payload['rid'];
      const sid = payload['sid'];
      const userId = Number(payload.sub);
      if (typeof sid !== 'string' || !sid || !Number.isSafeInteger(userId)) {
        throw new Error('token claims malformed');
      }
      return {
        userId,
        role: role === 'staff' ? 'staff' : 'customer',
        restaurantId: typeof rid === 'number' ? rid : null,
        sessionId: sid,
      };
    },
    secret: (purpose) => createHmac('sha256', key).update(`derived-secret:${purpose}`).digest(),
  };
}
