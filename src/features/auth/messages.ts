// What a failed call tells the user: the server's first message (a field error when the body lists
// some, otherwise its message), as SPEC.md section 8 asks ("first message shown").
import { ApiError } from '../../lib/http.ts';

export function firstMessage(err: unknown): string {
  if (err instanceof ApiError) {
    const fieldErrors = err.errors ? Object.values(err.errors).flat() : [];
    return fieldErrors[0] ?? err.message;
  }
  return err instanceof Error && err.message ? err.message : 'Something went wrong. Please try again.';
}

/** A same-origin path to go back to after login (?redirect=), never another site. */
export function safeRedirect(raw: string | null | undefined): string | null {
  if (!raw || !raw.startsWith('/') || raw.startsWith('//') || raw.startsWith('/\\')) return null;
  return raw;
}
