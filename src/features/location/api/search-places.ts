// GET the places whose names match what was typed (the location search's suggestions).
import { api } from '../../../lib/http.ts';
import type { AutocompleteResponse } from '../../../shared/api/discovery.ts';
import { discoveryPaths } from '../../../shared/api/paths.ts';

export function searchPlaces(text: string, signal: AbortSignal): Promise<AutocompleteResponse> {
  return api<AutocompleteResponse>(discoveryPaths.placesAutocomplete(text), { signal });
}
