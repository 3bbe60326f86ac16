// Public door of the coupons feature: the Available Coupons panel.
import type { OverlayProps } from '../../lib/events.ts';

export const CouponsPanel = (props: OverlayProps<'show-coupons'>) => (
  <div role="dialog" aria-label="Available Coupons">
    <button type="button" onClick={props.onClose}>
      Close
    </button>
  </div>
);
