// Sign-in sessions and their refresh tokens: opaque, stored hashed, rotated on every use. Reusing a
// rotated token ends the whole session (theft), except inside a short grace window where the same
// old token answers with the same new pair (two tabs refreshing at once).
import { createHash, createHmac, randomBytes } from 'node:crypto';
import type { Queryable } from '../db/index.ts';
import {
  createSession,
  insertRefreshToken,
  isSessionLive,
  lockRefreshToken,
  markRefreshTokenUsed,
  markSessionRefreshed,
  markSessionRevoked,
  markUserSessionsRevoked,
  selectChildToken,
  selectLiveSessions,
  selectTokenUser,
} from './queries.ts';
import type { AccessClaims, TokenKeys } from './tokens.ts';
import { newJti } from './tokens.ts';

export const REFRESH_TOKEN_TTL_S = 30 * 24 * 60 * 60;
export const REFRESH_GRACE_S = 10;

export const hashRefreshToken = (token: string): string =>
  createHash('sha256').update(token).digest('base64url');

/** The cheap indexed check the auth hook runs for every request carrying a token. */
export const isSessionActive = (db: Queryable, sessionId: string, userId: number): Promise<boolean> =>
  isSessionLive(db, sessionId, userId);

/** The live ones among these sessions, in one query (the websocket hub checks its sockets with it). */
export async function liveSessions(db: Queryable, sessionIds: string[]): Promise<Set<string>> {
  return new Set(await selectLiveSessions(db, sessionIds));
}

export const revokeSession = (db: Queryable, sessionId: string, reason: string): Promise<void> =>
  markSessionRevoked(db, sessionId, reason);

/** Ends every session of a user (sign out everywhere), optionally keeping the caller's own. */
export async function revokeUserSessions(
  db: Queryable,
  userId: number,
  reason: string,
  exceptSessionId: string | null = null,
): Promise<void> {
  await markUserSessionsRevoked(db, userId, reason, exceptSessionId);
}

export interface IssuedTokens {
  access: string;
  refresh: string;
}

/** Opens a session for the user and issues its first access + refresh pair (inside the caller's tx). */
export async function startSession(
  tx: Queryable,
  keys: TokenKeys,
  claims: Omit<AccessClaims, 'sessionId'>,
): Promise<IssuedTokens> {
  const sessionId = await createSession(tx, claims.userId);
  const refresh = randomBytes(32).toString('base64url');
  const iat = Math.floor(Date.now() / 1000);
  const jti = newJti();
  await insertRefresh(tx, sessionId, null, refresh, iat, jti);
  const access = await keys.signFor({ ...claims, sessionId }, { iat, jti });
  return { access, refresh };
}

function insertRefresh(
  tx: Queryable,
  sessionId: string,
  parentId: string | null,
  token: string,
  iat: number,
  jti: string,
): Promise<void> {
  const tokenHash = hashRefreshToken(token);
  return insertRefreshToken(tx, {
    sessionId,
    tokenHash,
    parentId,
    ttlSeconds: REFRESH_TOKEN_TTL_S,
    iat,
    jti,
  });
}

export type RotateResult =
  { ok: true; tokens: IssuedTokens } | { ok: false; reason: 'invalid' | 'expired' | 'revoked' | 'reused' };

/**
 * Exchanges a refresh token for a new pair. Runs in one transaction with the token row locked, so
 * two processes rotating the same token at once serialise: the second one lands in the grace path.
 * A failure that revokes the session is returned (not thrown) so the revocation commits.
 */
export async function rotateRefreshToken(
  db: { transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T> },
  keys: TokenKeys,
  token: string,
): Promise<RotateResult> {
  return db.transaction(async (tx): Promise<RotateResult> => {
    const row = await lockRefreshToken(tx, hashRefreshToken(token));
    if (!row) return { ok: false, reason: 'invalid' };
    if (row.revoked) return { ok: false, reason: 'revoked' };
    const user = await selectTokenUser(tx, row.user_id);
    if (!user?.active) {
      await revokeSession(tx, row.session_id, 'account_inactive');
      return { ok: false, reason: 'revoked' };
    }
    const claims = {
      userId: row.user_id,
      role: user.role,
      restaurantId: user.restaurant_id,
      sessionId: row.session_id,
    };
    const child = deriveChild(keys, token);

    if (row.used_ago === null) {
      if (row.expired) return { ok: false, reason: 'expired' };
      await markRefreshTokenUsed(tx, row.id);
      const iat = Math.floor(Date.now() / 1000);
      const jti = newJti();
      await insertRefresh(tx, row.session_id, row.id, child, iat, jti);
      await markSessionRefreshed(tx, row.session_id);
      return { ok: true, tokens: { access: await keys.signFor(claims, { iat, jti }), refresh: child } };
    }

    if (row.used_ago <= REFRESH_GRACE_S) {
      // A second tab presenting the token it also held: answer with the very pair the first got,
      // as long as that pair has not itself been used yet.
      const next = await selectChildToken(tx, row.id, hashRefreshToken(child));
      if (next && !next.used) {
        const access = await keys.signFor(claims, { iat: Number(next.access_iat), jti: next.access_jti });
        return { ok: true, tokens: { access, refresh: child } };
      }
      if (next) return { ok: false, reason: 'invalid' };
    }

    await revokeSession(tx, row.session_id, 'refresh_reuse');
    return { ok: false, reason: 'reused' };
  });
}

/** The token that replaces `token`: derived, so a grace-window replay can answer with it again
 * without the plain token ever being stored. */
function deriveChild(keys: TokenKeys, token: string): string {
  return createHmac('sha256', keys.secret('refresh-rotation')).update(token).digest('base64url');
}
