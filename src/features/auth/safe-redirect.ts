// Where to go back to after logging in.
/** A same-origin path to go back to after login (?redirect=), never another site. */
export function safeRedirect(raw: string | null | undefined): string | null {
  if (!raw || !raw.startsWith('/') || raw.startsWith('//') || raw.startsWith('/\\')) return null;
  return raw;
}
