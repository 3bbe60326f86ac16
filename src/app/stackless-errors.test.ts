import { afterEach, describe, expect, it, vi } from 'vitest';

const NativeError = Error;

afterEach(() => {
  globalThis.Error = NativeError;
  vi.resetModules();
});

describe('stackless errors', () => {
  it('while on, Error and new Error make errors with their message and cause but no stack', async () => {
    const { stopStacklessErrors } = await import('./stackless-errors.ts');
    const called = Error('#460');
    const made = new Error('#461', { cause: 'why' });
    stopStacklessErrors();
    for (const error of [called, made]) {
      expect(error).toBeInstanceOf(NativeError);
      expect(error.stack).toBeUndefined();
      expect(error.name).toBe('Error');
    }
    expect(called.message).toBe('#460');
    expect(made.message).toBe('#461');
    expect(made.cause).toBe('why');
    expect(String(made)).toBe('Error: #461');
    // Each is its own object: React DOM tells its sentinels apart by identity.
    expect(called).not.toBe(made);
  });

  it('a subclass still gets a real error, with its stack', async () => {
    const { stopStacklessErrors } = await import('./stackless-errors.ts');
    class Problem extends Error {}
    const problem = new Problem('real');
    stopStacklessErrors();
    expect(problem).toBeInstanceOf(Problem);
    expect(problem).toBeInstanceOf(NativeError);
    expect(problem.stack).toContain('real');
  });

  it('stopping puts the native Error back', async () => {
    const { stopStacklessErrors } = await import('./stackless-errors.ts');
    expect(globalThis.Error).not.toBe(NativeError);
    stopStacklessErrors();
    expect(globalThis.Error).toBe(NativeError);
    expect(new Error('after').stack).toContain('after');
  });

  it('loading React DOM through react-dom-load leaves the native Error in place', async () => {
    await import('./react-dom-load.ts');
    expect(globalThis.Error).toBe(NativeError);
  });
});
