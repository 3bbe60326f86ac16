// Public door of the account feature: what the app shell and other features may use.
import type { OverlayProps } from '../../lib/events.ts';
import { ProfilePanel } from './profile-overlay.tsx';

export { MyAccountPage } from './my-account-page.tsx';
export { RequestRemovePage } from './request-remove-page.tsx';

/** emit('show-profile', {}): the Edit Profile panel. */
export function ProfileOverlay(_props: OverlayProps<'show-profile'>) {
  return <ProfilePanel />;
}
