// The location search overlay's content (the shell's overlay host draws the sheet, backdrop and Close
// button, traps focus and handles Escape). Picking a place closes it and opens /restaurants.
import { useNavigate } from 'react-router-dom';
import type { OverlayProps } from '../../lib/events.ts';
import { LocationSearch } from './location-search.tsx';
import './location.css';

export function LocationOverlay({ onClose }: OverlayProps<'show-location'>) {
  const navigate = useNavigate();
  return (
    <div className="loc-overlay">
      <h2 className="loc-overlay__title">Choose delivery location</h2>
      <LocationSearch
        autoFocus
        onPicked={() => {
          onClose();
          navigate('/restaurants');
        }}
      />
    </div>
  );
}
