// The small-screen header: only the delivery location (area over address); tapping it opens the
// location overlay.
import { LocationButton } from './location-button.tsx';

export function MobileLocationHeader() {
  return (
    <header className="mobile-location small-screen-only">
      <LocationButton className="mobile-location__button" />
    </header>
  );
}
