// Start-up half of the auth feature, loaded with the first page: kept tiny on purpose. It restores
// the signed-in state from the stored tokens synchronously (the route guards read appState.loggedIn
// before the first render) and lazy-loads sign-in.ts (user details, refresh timer).
import { clearTokens, readTokens } from '../../lib/auth-token.ts';
import { appState } from '../../lib/app-state.ts';
import { hasSignOutNotice } from './sign-out.ts';

export { logout } from './sign-out.ts';

export function initAuth(): void {
  // Signed out by a failed token refresh before this page loaded: say so now.
  if (hasSignOutNotice()) void import('./sign-out-notice.ts').then((m) => m.showPendingSignOutNotice());
  const { access, refresh } = readTokens();
  if (!access || !refresh) {
    // Half a session (a cookie without refresh token, or the reverse) cannot be kept alive: drop it.
    if (access || refresh) clearTokens();
    return;
  }
  appState.set({ access, loggedIn: true });
  void import('./sign-in.ts').then((m) => m.startSession());
}
