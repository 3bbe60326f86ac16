// Access tokens: HS256 JWTs with exp (seconds), typ and audience checked, the algorithm pinned.
import { randomBytes } from 'node:crypto';
import { SignJWT, jwtVerify } from 'jose';
import type { Db } from '../db/index.ts';

export const ACCESS_TOKEN_TTL_S = 15 * 60;
const AUDIENCE = 'storefront';
const ISSUER = 'storefront-api';

export interface AccessClaims {
  userId: number;
  role: 'customer' | 'staff';
  restaurantId: number | null;
}

export interface TokenKeys {
  sign(claims: AccessClaims, ttlSeconds?: number): Promise<string>;
  verify(token: string): Promise<AccessClaims>;
}

/** The signing key: JWT_SECRET when set, otherwise one generated once and kept in the database. */
export async function loadSigningKey(db: Db, configured: string | undefined): Promise<Uint8Array> {
  if (configured) return new TextEncoder().encode(configured);
  await db.query(`insert into app_secrets (name, value) values ('jwt', $1) on conflict (name) do nothing`, [
    randomBytes(48).toString('base64url'),
  ]);
  const [row] = await db.query<{ value: string }>(`select value from app_secrets where name = 'jwt'`);
  return new TextEncoder().encode(row!.value);
}

export function tokenKeys(key: Uint8Array): TokenKeys {
  return {
    sign: (c, ttl = ACCESS_TOKEN_TTL_S) =>
      new SignJWT({ role: c.role, rid: c.restaurantId })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setSubject(String(c.userId))
        .setAudience(AUDIENCE)
        .setIssuer(ISSUER)
        .setIssuedAt()
        .setExpirationTime(Math.floor(Date.now() / 1000) + ttl)
        .setJti(randomBytes(9).toString('base64url'))
        .sign(key),
    async verify(token) {
      const { payload } = await jwtVerify(token, key, {
        algorithms: ['HS256'],
        audience: AUDIENCE,
        issuer: ISSUER,
        typ: 'JWT',
        requiredClaims: ['exp', 'sub'],
      });
      const role = payload['role'];
      const rid = payload['rid'];
      return {
        userId: Number(payload.sub),
        role: role === 'staff' ? 'staff' : 'customer',
        restaurantId: typeof rid === 'number' ? rid : null,
      };
    },
  };
}
