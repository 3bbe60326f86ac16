// Who is calling: the Bearer access token (Authorization header, or the auth cookie for websocket
// upgrades) and the anonymous cart id (x-anonymous-id). Routes opt in with requireUser/requireStaff.
// A token counts only while its session (sid) is live, so logout and account removal act at once.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { isSessionActive } from '../auth/sessions.ts';
import { loadSigningKey, tokenKeys, type AccessClaims, type TokenKeys } from '../auth/tokens.ts';
import { HttpError } from './errors.ts';

export const AUTH_COOKIE = 'auth._token.local';

export async function registerAuth(app: FastifyInstance): Promise<void> {
  const keys = tokenKeys(await loadSigningKey(app.db, app.config.JWT_SECRET), app.db);
  app.decorate('tokens', keys);
  app.decorateRequest('auth', null);
  // Most requests carry no token: they pass synchronously, without a promise per request.
  app.addHook('onRequest', (req, _reply, done) => {
    const token = bearerToken(req);
    if (!token) {
      done();
      return;
    }
    authenticate(req, token).then(() => done(), done);
  });

  async function authenticate(req: FastifyRequest, token: string): Promise<void> {
    let claims: AccessClaims & { sessionId: string };
    try {
      claims = await keys.verify(token);
    } catch {
      // An invalid or expired token is treated as signed out; requireUser answers 401.
      return;
    }
    if (await isSessionActive(app.db, claims.sessionId, claims.userId)) req.auth = claims;
  }
}

function bearerToken(req: FastifyRequest): string | undefined {
  const header = req.headers.authorization;
  const raw = header ?? (req.headers.upgrade ? req.cookies[AUTH_COOKIE] : undefined);
  if (!raw) return undefined;
  const m = /^Bearer\s+(\S+)$/i.exec(raw.trim());
  return m?.[1];
}

export function requireUser(req: FastifyRequest): AccessClaims {
  if (!req.auth) throw new HttpError(401, 'Please log in to continue.', 'not_authenticated');
  return req.auth;
}

export function requireStaff(req: FastifyRequest): AccessClaims & { restaurantId: number } {
  const auth = requireUser(req);
  if (auth.role !== 'staff' || auth.restaurantId === null) {
    throw new HttpError(403, 'This page is for restaurant staff only.', 'not_staff');
  }
  return { ...auth, restaurantId: auth.restaurantId };
}

declare module 'fastify' {
  interface FastifyInstance {
    tokens: TokenKeys;
  }
  interface FastifyRequest {
    auth: AccessClaims | null;
  }
}
