import { describe, expect, it } from 'vitest';
import { parseUserLocation } from './user-location.ts';

const LOCATION = { address: '80 Feet Road, Koramangala', area: 'Koramangala', lat: 12.9352, lng: 77.6245 };

describe('parseUserLocation', () => {
  it('reads a saved location, numeric strings included', () => {
    expect(parseUserLocation(JSON.stringify(LOCATION))).toEqual(LOCATION);
    expect(parseUserLocation(JSON.stringify({ ...LOCATION, lat: '12.9352', lng: '77.6245' }))).toEqual(
      LOCATION,
    );
  });

  it('ignores a cookie with coordinates but no area or address (the server once used it, the client not)', () => {
    expect(parseUserLocation(JSON.stringify({ lat: 12.9352, lng: 77.6245 }))).toBeNull();
    expect(parseUserLocation(JSON.stringify({ ...LOCATION, area: '' }))).toBeNull();
  });

  it('ignores bad coordinates and bad JSON', () => {
    for (const bad of [
      { ...LOCATION, lat: 'north' },
      { ...LOCATION, lat: '' },
      { ...LOCATION, lat: null },
      { ...LOCATION, lat: 91 },
      { ...LOCATION, lng: -181 },
    ])
      expect(parseUserLocation(JSON.stringify(bad))).toBeNull();
    for (const raw of ['', 'not json', 'null', '42', '"text"', undefined])
      expect(parseUserLocation(raw)).toBeNull();
  });
});
