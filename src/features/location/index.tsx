// Public door of the location feature: what the app shell and other features may use.
export { HomePage, POPULAR_CITIES } from './home-page.tsx';
export { LocationOverlay } from './location-overlay.tsx';
