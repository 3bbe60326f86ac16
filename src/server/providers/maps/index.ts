// Chooses the maps provider from the configuration (MAPS_PROVIDER).
import type { Config } from '../../config.ts';
import { createGazetteerProvider } from './gazetteer.ts';
import { createGoogleMapsProvider } from './google.ts';
import type { MapsProvider } from './types.ts';

export { MapsUnavailableError, type MapsProvider } from './types.ts';
export { createGazetteerProvider, warmGazetteer } from './gazetteer.ts';
export { createGoogleMapsProvider } from './google.ts';

export function createMapsProvider(config: Config): MapsProvider {
  if (config.MAPS_PROVIDER === 'google' && config.GOOGLE_MAPS_SERVER_KEY) {
    return createGoogleMapsProvider({
      key: config.GOOGLE_MAPS_SERVER_KEY,
      baseUrl: config.GOOGLE_MAPS_API_BASE,
    });
  }
  return createGazetteerProvider();
}
