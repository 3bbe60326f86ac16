// The API path of one page of the restaurant list, as every part of the app asks for it (the list
// page, its boot prefetch, the location picker's warm-up, a rating's refresh), so they share one
// cached answer; the server that renders the page first writes the same path (shell-hints.ts).
import { discoveryPaths } from '../shared/api/paths.ts';
import type { ListFilters } from '../shared/list-filters.ts';
import { vegModeOn } from './veg-mode.ts';

export function restaurantListPath(
  at: { lat: number; lng: number },
  {
    filters,
    vegMode = vegModeOn(),
    page = 1,
  }: { filters?: ListFilters; vegMode?: boolean; page?: number } = {},
): string {
  return discoveryPaths.restaurantList(at.lat, at.lng, { ...filters, veg_mode: vegMode, page });
}
