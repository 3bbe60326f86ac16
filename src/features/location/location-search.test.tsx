import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { appState } from '../../lib/app-state.ts';
import { LocationSearch } from './location-search.tsx';
import { addRecentSearch, clearRecentSearches } from './recent-searches.ts';

const prediction = {
  place_id: 'loc:koramangala',
  description: 'Koramangala, Bengaluru, Karnataka, India',
  terms: [
    { value: 'Koramangala', offset: 0 },
    { value: 'Bengaluru', offset: 13 },
  ],
  structured_formatting: { main_text: 'Koramangala', secondary_text: 'Bengaluru, Karnataka, India' },
  types: ['sublocality'],
};
const geocode = {
  status: true,
  message: 'ok',
  data: [
    {
      place_id: 'loc:koramangala',
      formatted_address: 'Koramangala, Bengaluru, Karnataka 560034, India',
      address_components: [],
      geometry: { location: { lat: 12.9352, lng: 77.6245 } },
      types: ['sublocality'],
      area: 'Koramangala',
      city: 'Bengaluru',
    },
  ],
};

function json(body: unknown, status = 200) {
  return Promise.resolve(
    new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }),
  );
}

function renderSearch(onPicked = vi.fn()) {
  render(<LocationSearch onPicked={onPicked} />);
  return onPicked;
}

describe('LocationSearch', () => {
  let fetchMock: ReturnType<typeof vi.fn>;
  beforeEach(async () => {
    await clearRecentSearches();
    document.cookie = 'userLocation=; max-age=0; path=/';
    appState.set({ userLocation: null });
    fetchMock = vi.fn((url: string) => {
      if (url.includes('places-autocomplete'))
        return json({ status: true, message: 'ok', data: [prediction] });
      if (url.includes('reverse-geocode')) return json(geocode);
      return json({ count: 0, next: null, previous: null, results: [], cuisines: [], total_nearby: 0 });
    });
    vi.stubGlobal('fetch', fetchMock);
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('waits 2 s after typing stops, says it is searching meanwhile, then lists places', async () => {
    // Only the debounce timers are faked; IndexedDB (fake-indexeddb) keeps its real scheduling.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    renderSearch();
    const input = screen.getByRole('searchbox', { name: 'Search for your delivery area' });
    fireEvent.change(input, { target: { value: 'Kora' } });
    act(() => vi.advanceTimersByTime(1000));
    fireEvent.change(input, { target: { value: 'Koramangala' } });
    expect(screen.getByText('Searching…')).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(1999));
    expect(fetchMock).not.toHaveBeenCalled();
    await act(async () => {
      vi.advanceTimersByTime(1);
    });
    vi.useRealTimers();
    expect(await screen.findByText('Koramangala, Bengaluru, Karnataka, India')).toBeInTheDocument();
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/api/v1/gmaps/places-autocomplete/Koramangala');
    expect(screen.getByText('Koramangala', { selector: '.loc-search__title' })).toBeInTheDocument();
  });

  it('picking a place stores it (app state and cookie), remembers it and reports it', async () => {
    const onPicked = renderSearch();
    await addRecentSearch({
      place_id: prediction.place_id,
      description: prediction.description,
      terms: prediction.terms,
    });
    // Recent searches load on mount; re-render to read them.
    renderSearch(onPicked);
    const recent = await screen.findAllByRole('button', { name: /Koramangala/ });
    fireEvent.click(recent[0]!);
    await vi.waitFor(() => expect(onPicked).toHaveBeenCalled());
    expect(fetchMock).toHaveBeenCalledWith(
      '/api/v1/gmaps/reverse-geocode/loc%3Akoramangala',
      expect.anything(),
    );
    const loc = appState.get().userLocation;
    expect(loc).toMatchObject({ area: 'Koramangala', lat: 12.9352, lng: 77.6245 });
    const cookie = decodeURIComponent(
      document.cookie
        .split('; ')
        .find((c) => c.startsWith('userLocation='))!
        .slice(13),
    );
    expect(JSON.parse(cookie)).toMatchObject({
      address: 'Koramangala, Bengaluru, Karnataka 560034, India',
      area: 'Koramangala',
      lat: 12.9352,
      lng: 77.6245,
      deliveryLocation: 'Koramangala, Bengaluru, Karnataka 560034, India',
    });
    expect(fetchMock).toHaveBeenCalledWith(
      '/api/v1/restaurant/list/?lat=12.9352&lng=77.6245',
      expect.anything(),
    );
  });

  it('says so plainly when the browser cannot share its location', async () => {
    vi.stubGlobal('navigator', { ...navigator, geolocation: undefined });
    renderSearch();
    fireEvent.click(screen.getByRole('button', { name: /Use my current location/ }));
    expect(await screen.findByRole('alert')).toHaveTextContent('does not support finding your location');
  });

  it('explains a denied permission', async () => {
    vi.stubGlobal('navigator', {
      ...navigator,
      geolocation: {
        getCurrentPosition: (_ok: unknown, fail: (e: { code: number; PERMISSION_DENIED: number }) => void) =>
          fail({ code: 1, PERMISSION_DENIED: 1 }),
      },
    });
    renderSearch();
    fireEvent.click(screen.getByRole('button', { name: /Use my current location/ }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Location access is blocked');
  });
});
