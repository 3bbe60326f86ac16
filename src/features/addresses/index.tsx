// Public door of the addresses feature: what the app shell and other features may use.
import { PendingPage } from '../../lib/pending-page.tsx';
import type { OverlayProps } from '../../lib/events.ts';

export const AddressesPage = () => <PendingPage title="AddressesPage" />;
export const AddressOverlay = (props: OverlayProps<'show-address'>) => (
  <div role="dialog" aria-label="AddressOverlay">
    <button type="button" onClick={props.onClose}>
      Close
    </button>
  </div>
);
