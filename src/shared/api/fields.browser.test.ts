// The browser build of the contract never evaluates code: zod runs without its eval-compiled fast
// path, so the strict Content-Security-Policy has nothing to report (a Lighthouse best-practices
// failure on every page that validates a form).
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { idSchema } from './fields.ts';

describe('the contract in the browser', () => {
  it('parses without eval', () => {
    expect(z.config().jitless).toBe(true);
    expect(z.object({ id: idSchema('item') }).parse({ id: 3 })).toEqual({ id: 3 });
  });
});
