// The door to the street map (Leaflet with raster tiles, docs/decisions/0005): lazy components for
// the pin picker and the delivery map, the map settings the server hands out (Google browser key or
// tile URL), and a boundary that shows a fallback when the map's chunk cannot load. Nothing here
// imports Leaflet: the library arrives with the first map on screen, never with a first route.
import { discoveryPaths } from '../../shared/api/paths.ts';
import { Component, lazy, type ReactNode } from 'react';
import type { BrowserKeyResponse } from '../../shared/api/discovery.ts';
import { api } from '../http.ts';
import type { PinMapProps, RouteMapProps } from './leaflet-maps.tsx';

export type { LatLng, MapTiles, PinMapProps, RouteMapProps, RoutePoint } from './leaflet-maps.tsx';
export type MapSettings = BrowserKeyResponse;

// accountsPaths-style literal: discoveryPaths.browserKey(), written out so this small module does not
// pull the discovery contract's zod schemas into the chunks of the pages that show a map.

let settings: Promise<MapSettings> | null = null;

/** GET /api/v1/gmaps/browser-key/ once per page load (a failed answer is asked again next time). */
export function loadMapSettings(): Promise<MapSettings> {
  settings ??= api<MapSettings>(discoveryPaths.browserKey()).catch((err: unknown) => {
    settings = null;
    throw err;
  });
  return settings;
}

/** Tests start from a clean slate. */
export function resetMapSettings(): void {
  settings = null;
}

const leaflet = () => import('./leaflet-maps.tsx');

/** Street map that pans under a fixed centre pin; a tap or click moves the pin there. */
export const StreetPinMap = lazy<(p: PinMapProps) => ReactNode>(() =>
  leaflet().then((m) => ({ default: m.PinMap })),
);

/** Street map with the restaurant, the delivery point and the courier, framed to show all three. */
export const StreetRouteMap = lazy<(p: RouteMapProps) => ReactNode>(() =>
  leaflet().then((m) => ({ default: m.RouteMap })),
);

/** Shows `fallback` instead of a map whose code failed to load (offline, a stale deploy). */
export class MapBoundary extends Component<
  { fallback: ReactNode; children: ReactNode },
  { failed: boolean }
> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override componentDidCatch(error: unknown): void {
    console.warn('street map failed to load', error);
  }
  override render() {
    return this.state.failed ? this.props.fallback : this.props.children;
  }
}
