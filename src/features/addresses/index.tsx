// Public door of the addresses feature: what the app shell and other features may use.
import type { OverlayProps } from '../../lib/events.ts';
import { AddressForm } from './address-form.tsx';

export { AddressesPage } from './addresses-page.tsx';

/** emit('show-address', {onSaved}): map with a centre pin, door/flat, landmark, type, Save. */
export function AddressOverlay({ onSaved, onClose }: OverlayProps<'show-address'>) {
  return <AddressForm onSaved={onSaved} onClose={onClose} />;
}
