// The maps provider interface: place autocomplete, place lookup and reverse geocoding, answering
// Google-shaped results whichever provider serves them.
import type { GeocodeResult, PlacePrediction } from '../../../shared/api/discovery.ts';

export interface MapsProvider {
  readonly name: 'gazetteer' | 'google';
  /** Up to 5 predictions in India for the typed text; [] when nothing matches. */
  autocomplete(text: string): Promise<PlacePrediction[]>;
  /** The place behind an id from autocomplete/reverse geocode; null when unknown. */
  lookupPlace(placeId: string): Promise<GeocodeResult | null>;
  /** Addresses for a point, best first; [] when there is nothing known there. */
  reverseGeocode(lat: number, lng: number): Promise<GeocodeResult[]>;
}

/** The maps service failed or refused (bad key, quota): the API answers 502 with this message. */
export class MapsUnavailableError extends Error {}
