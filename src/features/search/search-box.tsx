// The search input with suggestions while typing: an ARIA 1.2 combobox (list popup, the active option
// named by aria-activedescendant, arrows/Enter/Escape), suggestions fetched 250 ms after typing stops,
// for the chosen delivery location (what delivers there first; the rest marked as not delivering).
import { SEARCH_QUERY_MAX, discoveryPaths } from '../../shared/api/paths.ts';
import { useId, useState } from 'react';
import { useApi } from '../../lib/use-api.ts';
import type { Suggestion, SuggestResponse } from '../../shared/api/discovery.ts';
import { doesNotDeliverTo } from './results.ts';
import { useDebouncedValue } from '../../lib/use-debounced-value.ts';
import { showsInVegMode } from '../../shared/diet.ts';
import { useVegMode } from '../../lib/veg-mode.ts';

const SUGGEST_DEBOUNCE_MS = 250;

/** The chosen delivery location, as the app state holds it. */
type Near = { lat: number; lng: number } | null | undefined;

export function SearchBox({
  initial,
  near,
  area,
  onSearch,
  onPickRestaurant,
  onPickDish,
}: {
  initial: string;
  /** The chosen delivery location and its area name, when there is one. */
  near?: Near;
  area?: string | undefined;
  onSearch: (query: string) => void;
  onPickRestaurant: (s: Suggestion) => void;
  /** A dish suggestion: opens its restaurant at that dish. */
  onPickDish: (s: Suggestion) => void;
}) {
  const id = useId();
  const listId = `${id}-list`;
  const [text, setText] = useState(initial);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const debounced = useDebouncedValue(text.trim(), SUGGEST_DEBOUNCE_MS);
  const { data } = useApi<SuggestResponse>(
    open && debounced ? discoveryPaths.searchSuggest(debounced, near ?? undefined) : null,
  );
  const vegMode = useVegMode();
  const suggestions =
    open && text.trim() ? (data?.results ?? []).filter((s) => !vegMode || showsInVegMode(s)) : [];
  const expanded = suggestions.length > 0;

  const choose = (s: Suggestion) => {
    setOpen(false);
    setActive(-1);
    if (s.type === 'restaurant') onPickRestaurant(s);
    else onPickDish(s);
  };

  return (
    <form
      className="sr-box"
      role="search"
      onSubmit={(e) => {
        e.preventDefault();
        const s = active >= 0 ? suggestions[active] : undefined;
        if (s) return choose(s);
        setOpen(false);
        onSearch(text.trim());
      }}
    >
      <label htmlFor={`${id}-input`} className="visually-hidden">
        Search for restaurants and dishes
      </label>
      <input
        id={`${id}-input`}
        className="sr-box__input"
        type="search"
        role="combobox"
        aria-expanded={expanded}
        aria-controls={listId}
        aria-autocomplete="list"
        aria-activedescendant={expanded && active >= 0 ? `${id}-opt-${active}` : undefined}
        autoComplete="off"
        enterKeyHint="search"
        placeholder="Search for restaurants and dishes"
        maxLength={SEARCH_QUERY_MAX}
        value={text}
        onChange={(e) => {
          setText(e.target.value);
          setOpen(true);
          setActive(-1);
        }}
        onBlur={() => setOpen(false)}
        onKeyDown={(e) => {
          if (e.key === 'ArrowDown') {
            e.preventDefault();
            setOpen(true);
            if (suggestions.length) setActive((a) => (a + 1) % suggestions.length);
          } else if (e.key === 'ArrowUp') {
            e.preventDefault();
            if (suggestions.length) setActive((a) => (a <= 0 ? suggestions.length - 1 : a - 1));
          } else if (e.key === 'Escape') {
            if (expanded) e.preventDefault();
            setOpen(false);
            setActive(-1);
          }
        }}
      />
      <button type="submit" className="button button--primary sr-box__go">
        Search
      </button>
      <ul id={listId} role="listbox" aria-label="Suggestions" className="sr-box__list" hidden={!expanded}>
        {suggestions.map((s, i) => (
          <li
            key={`${s.type}-${s.id}`}
            id={`${id}-opt-${i}`}
            role="option"
            aria-selected={i === active}
            className={`sr-box__option${i === active ? ' sr-box__option--active' : ''}${
              s.delivers === false ? ' sr-box__option--far' : ''
            }`}
            // Keeps focus in the input so the click is not lost to its blur.
            onMouseDown={(e) => e.preventDefault()}
            onClick={() => choose(s)}
          >
            <span className="sr-box__name">{s.name}</span>
            <span className="sr-box__sub">
              {s.type === 'dish' ? `Dish • ${s.subtitle}` : `Restaurant • ${s.subtitle}`}
            </span>
            {s.delivers === false && area && <span className="sr-far">{doesNotDeliverTo(area)}</span>}
          </li>
        ))}
      </ul>
    </form>
  );
}
