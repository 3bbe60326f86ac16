// The server's first message for a failed call (SPEC.md section 8: server messages shown as returned).
import { ApiError } from '../../lib/http.ts';

export function firstMessage(err: unknown): string {
  if (err instanceof ApiError) {
    const fieldErrors = err.errors ? Object.values(err.errors).flat() : [];
    return fieldErrors[0] ?? err.message;
  }
  return err instanceof Error && err.message ? err.message : 'Something went wrong. Please try again.';
}
