import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { appState } from '../../lib/app-state.ts';
import { takeEarly } from '../../lib/early-requests.ts';
import { initLocation } from './boot.ts';

const saved = {
  address: '80 Feet Road, Koramangala',
  area: 'Koramangala',
  lat: 12.9352,
  lng: 77.6245,
  deliveryLocation: 'x',
};

describe('initLocation', () => {
  beforeEach(() => {
    appState.set({ userLocation: null });
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.resolve(new Response(JSON.stringify({ results: ['early'] }), { status: 200 }))),
    );
  });
  afterEach(() => {
    document.cookie = 'userLocation=; max-age=0; path=/';
    vi.unstubAllGlobals();
  });

  it('puts the saved cookie location into the app state', () => {
    document.cookie = `userLocation=${encodeURIComponent(JSON.stringify(saved))}; path=/`;
    initLocation('/');
    expect(appState.get().userLocation).toEqual(saved);
    expect(fetch).not.toHaveBeenCalled();
  });

  it('ignores an empty or broken cookie', () => {
    document.cookie = `userLocation=${encodeURIComponent(JSON.stringify({ ...saved, area: '' }))}; path=/`;
    initLocation('/');
    expect(appState.get().userLocation).toBeNull();
    document.cookie = 'userLocation=%7Bnot-json; path=/';
    initLocation('/');
    expect(appState.get().userLocation).toBeNull();
  });

  it('starts the list and banners for /restaurants at boot, handed out once', async () => {
    document.cookie = `userLocation=${encodeURIComponent(JSON.stringify(saved))}; path=/`;
    initLocation('/restaurants');
    expect(vi.mocked(fetch).mock.calls.map((c) => c[0])).toEqual([
      '/api/v1/restaurant/list/?lat=12.9352&lng=77.6245',
      '/api/v1/restaurant/all-banners/',
    ]);
    expect(await takeEarly('/api/v1/restaurant/list/?lat=12.9352&lng=77.6245')).toEqual({
      results: ['early'],
    });
    expect(takeEarly('/api/v1/restaurant/list/?lat=12.9352&lng=77.6245')).toBeUndefined();
  });

  it('starts the menu for /restaurants/{slug}; a failed early request yields null', async () => {
    vi.mocked(fetch).mockImplementationOnce(() => Promise.reject(new TypeError('offline')));
    initLocation('/restaurants/meghana-biryani-house');
    expect(await takeEarly('/api/v1/restaurant/meghana-biryani-house/')).toBeNull();
  });
});
