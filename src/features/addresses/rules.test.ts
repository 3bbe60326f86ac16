import { describe, expect, it } from 'vitest';
import { canSubmit, saveDisabled, type AddressDraft } from './rules.ts';

const ok: AddressDraft = {
  locationError: null,
  address: 'Koramangala, Bengaluru',
  flat: '12B',
  landmark: 'Near the park',
  addressType: 'home',
};

describe('address save rules', () => {
  it('enables Save when everything is filled in', () => {
    expect(saveDisabled(ok)).toBe(false);
  });
  it.each<[string, Partial<AddressDraft>]>([
    ['a location error exists', { locationError: 'Unauthorised' }],
    ['the door/flat number is empty', { flat: '' }],
    ['the door/flat number is only spaces', { flat: '   ' }],
    ['the landmark is empty', { landmark: '' }],
    ['no address type is chosen', { addressType: null }],
  ])('disables Save when %s', (_why, change) => {
    expect(saveDisabled({ ...ok, ...change })).toBe(true);
  });
  it('the submit guard is looser: it only needs a location without error', () => {
    expect(canSubmit({ ...ok, landmark: '' } as AddressDraft)).toBe(true);
    expect(canSubmit({ locationError: 'x', address: 'a' })).toBe(false);
    expect(canSubmit({ locationError: null, address: '' })).toBe(false);
  });
});
