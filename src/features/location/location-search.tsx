// The location search panel used by the overlay and the home page: debounced place search, recent
// searches when the input is empty, and "Use my current location".
import { useEffect, useId, useState, type ReactNode } from 'react';
import type { AutocompleteResponse } from '../../shared/api/discovery.ts';
import { LOCATION_SEARCH_DEBOUNCE_MS } from '../../shared/constants.ts';
import type { ApiError } from '../../lib/http.ts';
import type { UserLocation } from '../../lib/app-state.ts';
import { searchPlaces } from './api/search-places.ts';
import { chooseCurrentLocation, choosePlace, placeTitle, type Place } from './choose-location.ts';
import { loadRecentSearches, type RecentSearch } from './recent-searches.ts';
import { useDebouncedValue } from '../../lib/use-debounced-value.ts';

const MIN_CHARS = 2;
const MAX_CHARS = 100;

export function LocationSearch({
  onPicked,
  autoFocus = false,
  inputLabel = 'Search for your delivery area',
}: {
  onPicked: (loc: UserLocation) => void;
  autoFocus?: boolean;
  inputLabel?: string;
}) {
  const inputId = useId();
  const hintId = useId();
  const [text, setText] = useState('');
  const debounced = useDebouncedValue(text.trim(), LOCATION_SEARCH_DEBOUNCE_MS);
  const [recent, setRecent] = useState<RecentSearch[]>([]);
  const [busy, setBusy] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    let alive = true;
    void loadRecentSearches().then((list) => alive && setRecent(list));
    return () => {
      alive = false;
    };
  }, []);

  const query = debounced.length >= MIN_CHARS ? debounced : null;
  const results = usePlaceSearch(query);

  const typed = text.trim();
  const waiting = typed.length >= MIN_CHARS && (typed !== debounced || results.isLoading);
  const showRecent = typed === '';
  const predictions = typed.length >= MIN_CHARS && !waiting ? (results.data?.data ?? []) : [];

  async function run(label: string, action: () => Promise<UserLocation>) {
    if (busy) return;
    setBusy(label);
    setError(null);
    try {
      onPicked(await action());
    } catch (e) {
      setError((e as Error).message || 'Something went wrong. Try again.');
      setBusy(null);
    }
  }

  const pick = (p: Place | RecentSearch) => void run(placeTitle(p), () => choosePlace(p));

  return (
    <div className="loc-search">
      <label className="visually-hidden" htmlFor={inputId}>
        {inputLabel}
      </label>
      <div className="loc-search__box">
        <input
          id={inputId}
          className="loc-search__input"
          type="search"
          inputMode="search"
          autoComplete="off"
          enterKeyHint="search"
          placeholder="Search for area, street name…"
          maxLength={MAX_CHARS}
          value={text}
          onChange={(e) => setText(e.target.value)}
          aria-describedby={hintId}
          autoFocus={autoFocus}
        />
      </div>

      <button
        type="button"
        className="loc-search__current"
        onClick={() => void run('your current location', chooseCurrentLocation)}
        disabled={!!busy}
      >
        <GpsIcon />
        <span className="loc-search__place-text">
          <span className="loc-search__action">Use my current location</span>
          <span className="loc-search__sub">Using GPS</span>
        </span>
        <ChevronIcon />
      </button>

      <p id={hintId} className="loc-search__hint" role="status" aria-live="polite">
        {busy
          ? `Getting ${busy}…`
          : waiting
            ? 'Searching…'
            : typed.length > 0 && typed.length < MIN_CHARS
              ? 'Type at least 2 letters.'
              : query && results.error
                ? ''
                : query && typed === debounced && results.data && predictions.length === 0
                  ? `No places found for “${typed}”.`
                  : ''}
      </p>
      {error && (
        <p className="loc-search__error" role="alert">
          {error}
        </p>
      )}
      {query && results.error && !waiting && (
        <p className="loc-search__error" role="alert">
          {results.error.status === 0 ? 'You are offline. Connect and try again.' : results.error.message}
        </p>
      )}

      {showRecent && recent.length > 0 && (
        <section className="loc-search__section" aria-labelledby={`${inputId}-recent`}>
          <h2 id={`${inputId}-recent`} className="loc-search__heading">
            Recent searches
          </h2>
          <PlaceList places={recent} onPick={pick} disabled={!!busy} recent />
        </section>
      )}
      {predictions.length > 0 && (
        <section className="loc-search__section" aria-label="Search results">
          <PlaceList places={predictions} onPick={pick} disabled={!!busy} />
        </section>
      )}
    </div>
  );
}

function PlaceList({
  places,
  onPick,
  disabled,
  recent = false,
}: {
  places: (Place | RecentSearch)[];
  onPick: (p: Place | RecentSearch) => void;
  disabled: boolean;
  recent?: boolean;
}) {
  return (
    <ul className="loc-search__list">
      {places.map((p) => (
        <li key={p.place_id}>
          <button type="button" className="loc-search__place" onClick={() => onPick(p)} disabled={disabled}>
            {recent ? <ClockIcon /> : <MarkerIcon />}
            <span className="loc-search__place-text">
              <span className="loc-search__title">{placeTitle(p)}</span>
              <span className="loc-search__desc">{p.description}</span>
            </span>
            <ChevronIcon />
          </button>
        </li>
      ))}
    </ul>
  );
}

// Row icons: each says what the row does (locate me, a past search, a place) and none looks like a
// control of its own; the row is one button whose text is its accessible name.
function RowIcon({ className, children }: { className: string; children: ReactNode }) {
  return (
    <svg
      className={`loc-search__icon ${className}`}
      width="20"
      height="20"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      {children}
    </svg>
  );
}
const GpsIcon = () => (
  <RowIcon className="loc-search__icon--gps">
    <circle cx="12" cy="12" r="7" />
    <circle cx="12" cy="12" r="2" fill="currentColor" />
    <path d="M12 2v3M12 19v3M2 12h3M19 12h3" />
  </RowIcon>
);
const ClockIcon = () => (
  <RowIcon className="loc-search__icon--muted">
    <circle cx="12" cy="12" r="9" />
    <path d="M12 7v5l3 2" />
  </RowIcon>
);
const MarkerIcon = () => (
  <RowIcon className="loc-search__icon--muted">
    <path d="M12 21s-7-6.2-7-11.5A7 7 0 0 1 19 9.5C19 14.8 12 21 12 21Z" />
    <circle cx="12" cy="9.5" r="2.5" />
  </RowIcon>
);
const ChevronIcon = () => (
  <RowIcon className="loc-search__icon--go">
    <path d="m9 6 6 6-6 6" />
  </RowIcon>
);

/**
 * One request per settled query, the previous answer kept while the next loads. A plain fetch rather
 * than the data cache: typeahead answers are never revalidated, and the home page (the first route)
 * stays inside its JavaScript budget without it.
 */
function usePlaceSearch(query: string | null): {
  data?: AutocompleteResponse;
  error?: ApiError;
  isLoading: boolean;
} {
  const [state, setState] = useState<{ data?: AutocompleteResponse; error?: ApiError; done: string | null }>({
    done: null,
  });
  useEffect(() => {
    if (!query) return;
    const controller = new AbortController();
    searchPlaces(query, controller.signal)
      .then((data) => setState({ data, done: query }))
      .catch((error: unknown) => {
        if (controller.signal.aborted) return;
        setState((s) => ({ ...s, error: error as ApiError, done: query }));
      });
    return () => controller.abort();
  }, [query]);
  const settled = state.done === query;
  return {
    ...(state.data ? { data: state.data } : {}),
    ...(settled && state.error ? { error: state.error } : {}),
    isLoading: query !== null && !settled,
  };
}
