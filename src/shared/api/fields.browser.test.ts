// The browser build of the contract never evaluates code: zod runs without its eval-compiled fast
// path, so the strict Content-Security-Policy has nothing to report (a CSP report fails every e2e
// journey and Lighthouse's best practices). zod decides whether to probe `new Function` when a schema
// is built, and remembers the answer for the rest of this file's run: the first test loads, before any
// other contract file, one that builds schemas without using fields.ts, as a lazily loaded chunk may.
import { afterEach, describe, expect, it } from 'vitest';

const RealFunction = globalThis.Function;

afterEach(() => {
  globalThis.Function = RealFunction;
});

describe('the contract in the browser', () => {
  it('builds a schema without eval whichever contract file loads first', async () => {
    const evals: unknown[][] = [];
    globalThis.Function = new Proxy(RealFunction, {
      apply: (target, self, args: unknown[]) => (evals.push(args), Reflect.apply(target, self, args)),
      construct: (target, args: unknown[]) => (evals.push(args), Reflect.construct(target, args)),
    });
    const { pageSchema } = await import('./errors.ts');
    expect(pageSchema).toBeTypeOf('function');
    expect(evals).toEqual([]);
  });

  it('parses without eval', async () => {
    const { z } = await import('./zod.ts');
    const { idSchema } = await import('./fields.ts');
    expect(z.config().jitless).toBe(true);
    expect(z.object({ id: idSchema('item') }).parse({ id: 3 })).toEqual({ id: 3 });
  });
});
