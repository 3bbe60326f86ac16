// Small icons and labels for the address types home, work and other.
import type { AddressType } from '../../shared/api/accounts.ts';

export const TYPE_LABELS: Record<AddressType, string> = { home: 'Home', work: 'Work', other: 'Other' };

const PATHS: Record<AddressType, string> = {
  home: 'M3 11.5 12 4l9 7.5M5.5 9.5V20h5v-5.5h3V20h5V9.5',
  work: 'M3.5 8h17v11.5h-17zM9 8V5.5h6V8M3.5 13h17',
  other:
    'M12 21s-6.5-6-6.5-11a6.5 6.5 0 0 1 13 0c0 5-6.5 11-6.5 11zM12 7.5a2.5 2.5 0 1 0 0 5 2.5 2.5 0 0 0 0-5z',
};

export function AddressTypeIcon({ type, size = 20 }: { type: AddressType; size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path d={PATHS[type]} fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinejoin="round" />
    </svg>
  );
}
