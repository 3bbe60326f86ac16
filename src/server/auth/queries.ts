// The SQL of sign-in sessions, refresh tokens and the stored signing key (the rules are in
// sessions.ts and tokens.ts). Imports nothing from them, so both can use it.
import { randomBytes } from 'node:crypto';
import type { Queryable } from '../db/index.ts';
import type { AuthSessionRecord, RefreshTokenRecord, UserRecord } from '../db/records.ts';

/** Opens a session row for the user; its id goes into every token of the session. */
export async function createSession(db: Queryable, userId: number): Promise<string> {
  const id = randomBytes(18).toString('base64url');
  await db.query('insert into auth_sessions (id, user_id) values ($1, $2)', [id, userId]);
  return id;
}

export async function isSessionLive(db: Queryable, sessionId: string, userId: number): Promise<boolean> {
  const rows = await db.query(
    'select 1 from auth_sessions where id = $1 and user_id = $2 and revoked_at is null',
    [sessionId, userId],
  );
  return rows.length > 0;
}

export async function selectLiveSessions(db: Queryable, sessionIds: string[]): Promise<string[]> {
  const rows = await db.query<{ id: string }>(
    'select id from auth_sessions where id = any($1::text[]) and revoked_at is null',
    [sessionIds],
  );
  return rows.map((r) => r.id);
}

export async function markSessionRevoked(db: Queryable, sessionId: string, reason: string): Promise<void> {
  await db.query(
    'update auth_sessions set revoked_at = now(), revoked_reason = $2 where id = $1 and revoked_at is null',
    [sessionId, reason],
  );
}

export async function markUserSessionsRevoked(
  db: Queryable,
  userId: number,
  reason: string,
  exceptSessionId: string | null,
): Promise<void> {
  await db.query(
    `update auth_sessions set revoked_at = now(), revoked_reason = $2
      where user_id = $1 and revoked_at is null and ($3::text is null or id <> $3::text)`,
    [userId, reason, exceptSessionId],
  );
}

export async function markSessionRefreshed(tx: Queryable, sessionId: string): Promise<void> {
  await tx.query('update auth_sessions set last_refreshed_at = now() where id = $1', [sessionId]);
}

export async function insertRefreshToken(
  tx: Queryable,
  row: {
    sessionId: string;
    tokenHash: string;
    parentId: string | null;
    ttlSeconds: number;
    iat: number;
    jti: string;
  },
): Promise<void> {
  await tx.query(
    `insert into refresh_tokens (session_id, token_hash, parent_id, expires_at, access_iat, access_jti)
     values ($1, $2, $3::bigint, now() + make_interval(secs => $4), $5, $6)`,
    [row.sessionId, row.tokenHash, row.parentId, row.ttlSeconds, row.iat, row.jti],
  );
}

/** A refresh token with its session's user; id is read as text, used_ago in seconds. */
export type RefreshTokenRow = Pick<RefreshTokenRecord, 'session_id'> &
  Pick<AuthSessionRecord, 'user_id'> & {
    id: string;
    used_ago: number | null;
    expired: boolean;
    revoked: boolean;
  };

/** The token row, locked until the transaction ends (two processes rotating it serialise). */
export async function lockRefreshToken(
  tx: Queryable,
  tokenHash: string,
): Promise<RefreshTokenRow | undefined> {
  const [row] = await tx.query<RefreshTokenRow>(
    `select rt.id::text as id, rt.session_id, s.user_id,
            extract(epoch from now() - rt.used_at)::float8 as used_ago,
            rt.expires_at < now() as expired, s.revoked_at is not null as revoked
       from refresh_tokens rt join auth_sessions s on s.id = rt.session_id
      where rt.token_hash = $1
      for update of rt`,
    [tokenHash],
  );
  return row;
}

export async function markRefreshTokenUsed(tx: Queryable, id: string): Promise<void> {
  await tx.query('update refresh_tokens set used_at = now() where id = $1::bigint', [id]);
}

/** The token a rotation issued from `parentId`, if it is the one hashed `tokenHash`. */
export async function selectChildToken(
  tx: Queryable,
  parentId: string,
  tokenHash: string,
): Promise<{ access_iat: number; access_jti: string; used: boolean } | undefined> {
  const [next] = await tx.query<{ access_iat: number; access_jti: string; used: boolean }>(
    `select access_iat::float8 as access_iat, access_jti, used_at is not null as used
       from refresh_tokens where parent_id = $1::bigint and token_hash = $2`,
    [parentId, tokenHash],
  );
  return next;
}

/** active: neither deactivated, anonymised nor asked to be removed. */
export type TokenUserRow = Pick<UserRecord, 'role' | 'restaurant_id'> & { active: boolean };

export async function selectTokenUser(tx: Queryable, userId: number): Promise<TokenUserRow | undefined> {
  const [user] = await tx.query<TokenUserRow>(
    `select role, restaurant_id,
            (is_active and anonymised_at is null and removal_requested_at is null) as active
       from users where id = $1`,
    [userId],
  );
  return user;
}

/** The generated signing key, created by the first process to start (later ones read the same). */
export async function storedSigningSecret(db: Queryable): Promise<string> {
  await db.query(`insert into app_secrets (name, value) values ('jwt', $1) on conflict (name) do nothing`, [
    randomBytes(48).toString('base64url'),
  ]);
  const [row] = await db.query<{ value: string }>(`select value from app_secrets where name = 'jwt'`);
  return row!.value;
}
