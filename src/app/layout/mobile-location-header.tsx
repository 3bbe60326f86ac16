// The small-screen header: the delivery location (area over address), whose tap opens the location
// overlay, and the Veg mode switch.
import { VegModeSwitch } from '../../features/veg-mode/index.tsx';
import { LocationButton } from './location-button.tsx';

export function MobileLocationHeader() {
  return (
    <header className="mobile-location small-screen-only">
      <LocationButton className="mobile-location__button" />
      <VegModeSwitch />
    </header>
  );
}
