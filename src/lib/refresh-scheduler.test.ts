import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Tokens } from './auth-token.ts';
import {
  createRefreshScheduler,
  refreshDelay,
  tokenExpiresAt,
  type RefreshSchedulerDeps,
} from './refresh-scheduler.ts';

const b64 = (o: unknown) =>
  btoa(JSON.stringify(o)).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_');
/** An unsigned JWT whose exp is `secondsFromNow` after the (fake) clock. */
const jwt = (secondsFromNow: number, extra: Record<string, unknown> = {}) =>
  `${b64({ alg: 'HS256', typ: 'JWT' })}.${b64({
    exp: Math.floor(Date.now() / 1000) + secondsFromNow,
    ...extra,
  })}.sig`;

const T0 = new Date('2026-11-21T06:00:00Z');

function setup(initial: Tokens, refreshImpl?: RefreshSchedulerDeps['requestRefresh']) {
  let tokens = { ...initial };
  const deps = {
    readTokens: vi.fn(() => tokens),
    requestRefresh: vi.fn(refreshImpl ?? (async () => ({ access: jwt(900), refresh: 'r2' }))),
    saveTokens: vi.fn((t: { access: string; refresh?: string | null }) => {
      tokens = { access: t.access, refresh: t.refresh ?? tokens.refresh };
    }),
    logout: vi.fn(() => {
      tokens = { access: null, refresh: null };
    }),
    onError: vi.fn(),
  };
  return { deps, scheduler: createRefreshScheduler(deps), tokens: () => tokens };
}

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(T0);
});
afterEach(() => {
  vi.useRealTimers();
});

describe('refreshDelay', () => {
  it('is 75% of the remaining life of the access token (exp in seconds)', () => {
    expect(tokenExpiresAt(jwt(900))).toBe(T0.getTime() + 900_000);
    expect(refreshDelay(jwt(900), Date.now())).toBe(675_000);
    expect(refreshDelay(jwt(100), Date.now())).toBe(75_000);
  });

  it('is at least 10000 ms while the token is still valid', () => {
    expect(refreshDelay(jwt(5), Date.now())).toBe(10_000);
    expect(refreshDelay(jwt(13), Date.now())).toBe(10_000);
  });

  it('is 0 (refresh at once) when the token has already expired', () => {
    expect(refreshDelay(jwt(-1), Date.now())).toBe(0);
    expect(refreshDelay(jwt(0), Date.now())).toBe(0);
  });

  it('is the default 675000 ms with no token', () => {
    expect(refreshDelay(null, Date.now())).toBe(675_000);
  });

  it("raises 'Invalid token' for an undecodable token or one without exp", () => {
    expect(() => refreshDelay('not-a-jwt', Date.now())).toThrow('Invalid token');
    expect(() => refreshDelay(`${b64({ alg: 'HS256' })}.${b64({ sub: '1' })}.x`, Date.now())).toThrow(
      'Invalid token',
    );
  });
});

describe('refresh scheduler', () => {
  it('refreshes after 75% of the remaining life, with the stored refresh token, and saves the result', async () => {
    const { deps, scheduler, tokens } = setup({ access: jwt(100), refresh: 'r1' });
    await scheduler.start();
    expect(scheduler.plannedMs).toBe(75_000);
    await vi.advanceTimersByTimeAsync(74_999);
    expect(deps.requestRefresh).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(deps.requestRefresh).toHaveBeenCalledWith('r1');
    expect(tokens().refresh).toBe('r2');
    // Next one: 75% of the new token's 900 s life.
    expect(scheduler.plannedMs).toBe(675_000);
  });

  it('waits at least 10000 ms for a token about to expire', async () => {
    const { deps, scheduler } = setup({ access: jwt(4), refresh: 'r1' });
    await scheduler.start();
    await vi.advanceTimersByTimeAsync(9_999);
    expect(deps.requestRefresh).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(deps.requestRefresh).toHaveBeenCalledTimes(1);
  });

  it('refreshes at once when the token has expired, then after 75% of the new life', async () => {
    const { deps, scheduler } = setup({ access: jwt(-60), refresh: 'r1' }, async () => ({
      access: jwt(200),
      refresh: 'r2',
    }));
    await scheduler.start();
    expect(deps.requestRefresh).toHaveBeenCalledTimes(1);
    expect(scheduler.plannedMs).toBe(150_000);
  });

  it('keeps refreshing periodically with whatever tokens are stored at that moment', async () => {
    let n = 0;
    const { deps, scheduler } = setup({ access: jwt(900), refresh: 'r1' }, async () => ({
      access: jwt(900),
      refresh: `r${(n += 1) + 1}`,
    }));
    await scheduler.start();
    await vi.advanceTimersByTimeAsync(675_000 * 3);
    expect(deps.requestRefresh.mock.calls.map((c) => c[0])).toEqual(['r1', 'r2', 'r3']);
  });

  it('plans the default 675000 ms with no tokens, and then picks up tokens stored meanwhile', async () => {
    const { deps, scheduler } = setup({ access: null, refresh: null });
    await scheduler.start();
    expect(scheduler.plannedMs).toBe(675_000);
    await vi.advanceTimersByTimeAsync(675_000);
    expect(deps.requestRefresh).not.toHaveBeenCalled();
    deps.saveTokens({ access: jwt(900), refresh: 'later' });
    await vi.advanceTimersByTimeAsync(675_000);
    expect(deps.requestRefresh).toHaveBeenCalledWith('later');
  });

  it("logs out and raises 'Error while refreshing token' when the refresh call fails", async () => {
    const { deps, scheduler } = setup({ access: jwt(-1), refresh: 'r1' }, async () => {
      throw Object.assign(new Error('Token is invalid or expired'), { status: 401 });
    });
    await expect(scheduler.start()).rejects.toThrow('Error while refreshing token');
    expect(deps.logout).toHaveBeenCalledTimes(1);
    expect(scheduler.plannedMs).toBeNull();
  });

  it('reports a failure raised by the timer and stops', async () => {
    const { deps, scheduler } = setup({ access: jwt(100), refresh: 'r1' }, async () => {
      throw Object.assign(new Error('nope'), { status: 401 });
    });
    await scheduler.start();
    await vi.advanceTimersByTimeAsync(75_000);
    expect(deps.logout).toHaveBeenCalledTimes(1);
    expect(deps.onError).toHaveBeenCalledWith(
      expect.objectContaining({ message: 'Error while refreshing token' }),
    );
    expect(scheduler.plannedMs).toBeNull();
  });

  it('keeps the session and retries after 10 s when offline', async () => {
    let fail = true;
    const { deps, scheduler } = setup({ access: jwt(-1), refresh: 'r1' }, async () => {
      if (fail) throw Object.assign(new Error('offline'), { status: 0 });
      return { access: jwt(900), refresh: 'r2' };
    });
    await scheduler.start();
    expect(deps.logout).not.toHaveBeenCalled();
    expect(scheduler.plannedMs).toBe(10_000);
    fail = false;
    await vi.advanceTimersByTimeAsync(10_000);
    expect(deps.requestRefresh).toHaveBeenCalledTimes(2);
    expect(scheduler.plannedMs).toBe(675_000);
  });

  it("raises 'Invalid token' at start for an undecodable stored access token", async () => {
    const { deps, scheduler } = setup({ access: 'garbage', refresh: 'r1' });
    await expect(scheduler.start()).rejects.toThrow('Invalid token');
    expect(deps.requestRefresh).not.toHaveBeenCalled();
  });

  it('shares one refresh call between simultaneous callers', async () => {
    const { deps, scheduler } = setup({ access: jwt(900), refresh: 'r1' });
    await Promise.all([scheduler.refreshNow(), scheduler.refreshNow()]);
    expect(deps.requestRefresh).toHaveBeenCalledTimes(1);
  });

  it('stop() cancels the planned refresh', async () => {
    const { deps, scheduler } = setup({ access: jwt(100), refresh: 'r1' });
    await scheduler.start();
    scheduler.stop();
    await vi.advanceTimersByTimeAsync(1_000_000);
    expect(deps.requestRefresh).not.toHaveBeenCalled();
  });
});
