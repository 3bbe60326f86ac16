// Save rules of the address overlay (docs/product.md#overlays): the button is disabled when a location
// error exists, the door/flat number or the landmark is empty, or no address type is chosen. The
// submit handler's own guard is looser on purpose: it only refuses without a usable location, and
// lets the server answer for the rest (it rejects the same cases with 400 and a message).
import type { AddressType } from '../../shared/api/accounts.ts';

export interface AddressDraft {
  locationError: string | null;
  address: string;
  flat: string;
  landmark: string;
  addressType: AddressType | null;
}

export function saveDisabled(d: AddressDraft): boolean {
  return Boolean(d.locationError) || !d.flat.trim() || !d.landmark.trim() || d.addressType === null;
}

export function canSubmit(d: Pick<AddressDraft, 'locationError' | 'address'>): boolean {
  return !d.locationError && d.address.trim() !== '';
}
