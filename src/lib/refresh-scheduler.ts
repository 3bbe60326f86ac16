// Keeps the access token fresh (docs/product.md#tokens-and-refresh): refresh after 75% of the access
// token's remaining life (at least 10 s), at once when it has already expired, then again after 75%
// of each new token's life. Pure apart from the injected token store and refresh call, so every rule
// is unit-tested with fake timers.
import { jwtDecode } from 'jwt-decode';
import { TOKEN_REFRESH } from '../shared/constants.ts';
import type { Tokens } from './auth-token.ts';

export const INVALID_TOKEN = 'Invalid token';
export const REFRESH_FAILED = 'Error while refreshing token';

/** When the access token expires, in epoch milliseconds (its exp claim is in seconds). */
export function tokenExpiresAt(access: string): number {
  let exp: unknown;
  try {
    exp = jwtDecode<{ exp?: unknown }>(access).exp;
  } catch {
    throw new Error(INVALID_TOKEN);
  }
  if (typeof exp !== 'number' || !Number.isFinite(exp)) throw new Error(INVALID_TOKEN);
  return exp * 1000;
}

/**
 * Milliseconds until the next refresh: the default with no token, 0 when the token has expired
 * (refresh at once), otherwise 75% of the remaining life but never under 10 s.
 */
export function refreshDelay(access: string | null, now: number): number {
  if (!access) return TOKEN_REFRESH.defaultMs;
  const remaining = tokenExpiresAt(access) - now;
  if (remaining <= 0) return 0;
  return Math.max(Math.floor(remaining * TOKEN_REFRESH.fraction), TOKEN_REFRESH.minMs);
}

export interface RefreshSchedulerDeps {
  readTokens(): Tokens;
  /** POST /api/v1/login/refresh/ {refresh}: the new access token (and the rotated refresh token). */
  requestRefresh(refresh: string): Promise<{ access: string; refresh?: string | null }>;
  saveTokens(tokens: { access: string; refresh?: string | null }): void;
  logout(): void | Promise<void>;
  /** Errors raised from the timer (nobody awaits it); default console.error. */
  onError?(error: Error): void;
  /** A failure that says nothing about the tokens (offline): retry later instead of logging out. */
  isTransient?(error: unknown): boolean;
  now?(): number;
}

export interface RefreshScheduler {
  /** Reads the stored tokens and plans the first refresh (at once when the access token expired). */
  start(): Promise<void>;
  /** Refreshes now with the stored refresh token and plans the next one. */
  refreshNow(): Promise<void>;
  stop(): void;
  /** Delay of the planned refresh (for tests and diagnostics), null when none is planned. */
  readonly plannedMs: number | null;
}

const offline = (e: unknown) => (e as { status?: unknown } | null)?.status === 0;

export function createRefreshScheduler(deps: RefreshSchedulerDeps): RefreshScheduler {
  const now = deps.now ?? Date.now;
  const isTransient = deps.isTransient ?? offline;
  const report = deps.onError ?? ((e: Error) => console.error(e));
  let timer: ReturnType<typeof setTimeout> | null = null;
  let plannedMs: number | null = null;
  let inflight: Promise<void> | null = null;

  function stop(): void {
    if (timer !== null) clearTimeout(timer);
    timer = null;
    plannedMs = null;
  }

  function plan(ms: number): void {
    stop();
    plannedMs = ms;
    timer = setTimeout(() => {
      timer = null;
      plannedMs = null;
      refreshNow().catch(report);
    }, ms);
  }

  async function doRefresh(): Promise<void> {
    // Read at fire time: another tab may have rotated the refresh token meanwhile.
    const { refresh } = deps.readTokens();
    if (!refresh) {
      plan(TOKEN_REFRESH.defaultMs);
      return;
    }
    let result: { access: string; refresh?: string | null };
    try {
      result = await deps.requestRefresh(refresh);
    } catch (err) {
      if (isTransient(err)) {
        plan(TOKEN_REFRESH.minMs);
        return;
      }
      stop();
      await deps.logout();
      throw new Error(REFRESH_FAILED, { cause: err });
    }
    const delay = refreshDelay(result.access, now());
    deps.saveTokens(result);
    // A token that is already expired on arrival would loop; wait the minimum instead.
    plan(delay === 0 ? TOKEN_REFRESH.minMs : delay);
  }

  function refreshNow(): Promise<void> {
    inflight ??= doRefresh().finally(() => {
      inflight = null;
    });
    return inflight;
  }

  return {
    async start() {
      const { access, refresh } = deps.readTokens();
      if (!access || !refresh) {
        plan(TOKEN_REFRESH.defaultMs);
        return;
      }
      const delay = refreshDelay(access, now());
      if (delay === 0) return refreshNow();
      plan(delay);
    },
    refreshNow,
    stop,
    get plannedMs() {
      return plannedMs;
    },
  };
}
