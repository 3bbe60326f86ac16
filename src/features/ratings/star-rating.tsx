// Five stars as one radio group: a single tab stop (the chosen star, else the first), arrow keys move
// and choose, Home/End jump, Space/Enter choose the focused star. Each star is named "3 stars", so a
// screen reader says "3 stars, radio button, 3 of 5" within the group's label.
import { useRef, type KeyboardEvent } from 'react';
import { RATING_MAX } from '../../shared/api/ratings.ts';

export const STAR_WORDS = ['Awful', 'Poor', 'Okay', 'Good', 'Excellent'] as const;

export function StarRating({
  label,
  value,
  onChange,
  size = 'large',
  describedBy,
}: {
  /** The group's accessible name, e.g. "Your rating" or "Paneer Tikka". */
  label: string;
  value: number | null;
  onChange: (stars: number) => void;
  size?: 'large' | 'small';
  describedBy?: string;
}) {
  const refs = useRef<Array<HTMLButtonElement | null>>([]);
  const stars = Array.from({ length: RATING_MAX }, (_, i) => i + 1);
  const choose = (n: number) => {
    onChange(n);
    refs.current[n - 1]?.focus();
  };
  const onKeyDown = (e: KeyboardEvent, n: number) => {
    const next =
      e.key === 'ArrowRight' || e.key === 'ArrowUp'
        ? n === RATING_MAX
          ? 1
          : n + 1
        : e.key === 'ArrowLeft' || e.key === 'ArrowDown'
          ? n === 1
            ? RATING_MAX
            : n - 1
          : e.key === 'Home'
            ? 1
            : e.key === 'End'
              ? RATING_MAX
              : null;
    if (next === null) return;
    e.preventDefault();
    choose(next);
  };
  return (
    <div
      role="radiogroup"
      aria-label={label}
      aria-describedby={describedBy}
      className={`stars stars--${size}`}
    >
      {stars.map((n) => {
        const checked = value === n;
        return (
          <button
            key={n}
            ref={(el) => {
              refs.current[n - 1] = el;
            }}
            type="button"
            role="radio"
            aria-checked={checked}
            aria-label={`${n} star${n === 1 ? '' : 's'}`}
            title={STAR_WORDS[n - 1]}
            tabIndex={checked || (value === null && n === 1) ? 0 : -1}
            className={`stars__star${value !== null && n <= value ? ' stars__star--lit' : ''}`}
            onClick={() => choose(n)}
            onKeyDown={(e) => onKeyDown(e, n)}
          >
            <span aria-hidden="true">★</span>
          </button>
        );
      })}
    </div>
  );
}

/** Stars as text for a rating already given ("★★★★☆"), with its spoken form. */
export function StarsShown({ value, label }: { value: number; label?: string }) {
  return (
    <span
      className="stars-shown"
      role="img"
      aria-label={`${label ? `${label}: ` : ''}${value} out of ${RATING_MAX} stars`}
    >
      {'★'.repeat(value)}
      <span className="stars-shown__off">{'★'.repeat(RATING_MAX - value)}</span>
    </span>
  );
}
