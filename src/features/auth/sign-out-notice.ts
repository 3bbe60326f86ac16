// Why the customer was signed out without asking (a failed token refresh): logout() keeps the notice
// across the full page load that follows, and start-up shows it once as a danger snackbar. Loaded only
// when there is a notice, so the first chunk carries just the sessionStorage check.
import { emit } from '../../lib/events.ts';
import { SIGN_OUT_NOTICE_KEY } from './sign-out.ts';

/** A notice stays longer than an ordinary snackbar: it explains a page the customer did not expect. */
const NOTICE_MS = 8000;

export function showPendingSignOutNotice(): void {
  let notice: string | null = null;
  try {
    notice = sessionStorage.getItem(SIGN_OUT_NOTICE_KEY);
    sessionStorage.removeItem(SIGN_OUT_NOTICE_KEY);
  } catch {
    return;
  }
  if (notice) emit('snackbar', { message: notice, variant: 'danger', durationMs: NOTICE_MS });
}
