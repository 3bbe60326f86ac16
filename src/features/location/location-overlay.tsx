// The location search overlay's content (the shell's overlay host draws the sheet, backdrop and Close
// button, traps focus and handles Escape). Picking a place closes it and opens /restaurants, or the
// page that asked (returnTo, e.g. a search, which then shows what delivers to the new place).
import { useNavigate } from '../../lib/router.tsx';
import type { OverlayProps } from '../../lib/events.ts';
import { LocationSearch } from './location-search.tsx';
import './location.css';

export function LocationOverlay({ onClose, returnTo }: OverlayProps<'show-location'>) {
  const navigate = useNavigate();
  // Only a path on this site ("//host" would leave it).
  const next = returnTo && /^\/(?![/\\])/.test(returnTo) ? returnTo : '/restaurants';
  return (
    <div className="loc-overlay">
      <h2 className="loc-overlay__title">Choose delivery location</h2>
      <LocationSearch
        autoFocus
        onPicked={() => {
          onClose();
          navigate(next);
        }}
      />
    </div>
  );
}
