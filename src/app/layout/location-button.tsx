// The current delivery location (area above address, one line each) that opens the location overlay.
import { emit } from '../../lib/events.ts';
import { useAppState } from '../../lib/app-state.ts';
import { ChevronDownIcon, PinIcon } from './icons.tsx';

export function LocationButton({ className }: { className: string }) {
  const location = useAppState((s) => s.userLocation);
  return (
    <button
      type="button"
      className={`location-button ${className}`}
      onClick={() => emit('show-location', {})}
    >
      <PinIcon className="location-button__pin" size={20} />
      <span className="location-button__text">
        <span className="visually-hidden">Delivery location: </span>
        <span className="location-button__area">{location?.area || 'Set location'}</span>
        <span className="location-button__address">{location?.address || 'Choose where to deliver'}</span>
      </span>
      <span className="visually-hidden">, change</span>
      <ChevronDownIcon className="location-button__chevron" size={18} />
    </button>
  );
}
