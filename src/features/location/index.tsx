// Public door of the location feature: what the app shell and other features may use.
import { PendingPage } from '../../lib/pending-page.tsx';
import type { OverlayProps } from '../../lib/events.ts';

export const HomePage = () => <PendingPage title="HomePage" />;
export const LocationOverlay = (props: OverlayProps<'show-location'>) => (
  <div role="dialog" aria-label="LocationOverlay">
    <button type="button" onClick={props.onClose}>
      Close
    </button>
  </div>
);
