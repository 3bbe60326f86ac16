// Public door of the account feature: what the app shell and other features may use.
import { PendingPage } from '../../lib/pending-page.tsx';
import type { OverlayProps } from '../../lib/events.ts';

export const MyAccountPage = () => <PendingPage title="MyAccountPage" />;
export const RequestRemovePage = () => <PendingPage title="RequestRemovePage" />;
export const ProfileOverlay = (props: OverlayProps<'show-profile'>) => (
  <div role="dialog" aria-label="ProfileOverlay">
    <button type="button" onClick={props.onClose}>
      Close
    </button>
  </div>
);
