// The auth_sessions row a sign-in starts with, apart from sessions.ts: tokens.ts opens one for a token
// signed without a session, and sessions.ts imports tokens.ts, so neither may import the other for it.
import { randomBytes } from 'node:crypto';
import type { Queryable } from '../db/index.ts';

export async function createSession(db: Queryable, userId: number): Promise<string> {
  const id = randomBytes(18).toString('base64url');
  await db.query('insert into auth_sessions (id, user_id) values ($1, $2)', [id, userId]);
  return id;
}
