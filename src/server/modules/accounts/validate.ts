// Request parsing for the accounts routes: the first field message becomes the 400's message (what the
// client shows as is), every field's messages go to `errors`.
import type { z } from 'zod';
import { HttpError } from '../../http/errors.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The contract schemas a route parses itself (with parseInput) instead of through `schema`:
     * tools that walk the route table (the attack suite) read them here. */
    contract?: { body?: z.ZodType; querystring?: z.ZodType; params?: z.ZodType };
  }
}

export function parseInput<S extends z.ZodType>(
  schema: S,
  value: unknown,
  what = 'request body',
): z.output<S> {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const errors: Record<string, string[]> = {};
  let first: string | undefined;
  for (const issue of result.error.issues) {
    const field = issue.path.map(String).join('.');
    // Zod's own messages ("Invalid input: expected string...") need the field name to make sense.
    const message =
      field && /^Invalid|^Too (big|small)|^Unrecognized/.test(issue.message)
        ? `${field}: ${issue.message}`
        : issue.message;
    (errors[field || '_'] ??= []).push(message);
    first ??= message;
  }
  if (!first || (result.error.issues[0]?.path.length === 0 && /expected object/.test(first))) {
    first = `Send the ${what} as a JSON object.`;
  }
  throw new HttpError(400, first, 'validation_error', errors);
}
