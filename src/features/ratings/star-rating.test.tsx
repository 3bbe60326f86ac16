// The star control as a keyboard and screen-reader user meets it: one radio group of five named
// stars, one tab stop, arrows and Home/End choose, a click chooses, the chosen star is checked.
import { fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { StarRating, StarsShown } from './star-rating.tsx';

function Harness({ initial = null as number | null, onChange = (_: number) => {} }) {
  const [value, setValue] = useState<number | null>(initial);
  return (
    <StarRating
      label="Your rating for this order"
      value={value}
      onChange={(n) => {
        setValue(n);
        onChange(n);
      }}
    />
  );
}

const stars = () => screen.getAllByRole('radio');
const checked = () => stars().filter((s) => s.getAttribute('aria-checked') === 'true');

describe('StarRating', () => {
  it('is a labelled radio group of five named stars, none chosen, the first one tab stop', () => {
    render(<Harness />);
    const group = screen.getByRole('radiogroup', { name: 'Your rating for this order' });
    expect(group).toBeInTheDocument();
    expect(stars().map((s) => s.getAttribute('aria-label'))).toEqual([
      '1 star',
      '2 stars',
      '3 stars',
      '4 stars',
      '5 stars',
    ]);
    expect(checked()).toHaveLength(0);
    expect(stars().map((s) => s.tabIndex)).toEqual([0, -1, -1, -1, -1]);
  });

  it('chooses a star by click: it alone is checked and is the tab stop', () => {
    const onChange = vi.fn();
    render(<Harness onChange={onChange} />);
    fireEvent.click(screen.getByRole('radio', { name: '4 stars' }));
    expect(onChange).toHaveBeenLastCalledWith(4);
    expect(checked().map((s) => s.getAttribute('aria-label'))).toEqual(['4 stars']);
    expect(stars().map((s) => s.tabIndex)).toEqual([-1, -1, -1, 0, -1]);
  });

  it('moves and chooses with the arrow keys (wrapping), Home and End, keeping focus on the choice', () => {
    render(<Harness initial={3} />);
    const three = screen.getByRole('radio', { name: '3 stars' });
    three.focus();
    fireEvent.keyDown(three, { key: 'ArrowRight' });
    expect(checked()[0]).toHaveAccessibleName('4 stars');
    expect(document.activeElement).toBe(screen.getByRole('radio', { name: '4 stars' }));
    fireEvent.keyDown(document.activeElement!, { key: 'ArrowUp' });
    fireEvent.keyDown(document.activeElement!, { key: 'ArrowRight' });
    expect(checked()[0]).toHaveAccessibleName('1 star');
    fireEvent.keyDown(document.activeElement!, { key: 'ArrowLeft' });
    expect(checked()[0]).toHaveAccessibleName('5 stars');
    fireEvent.keyDown(document.activeElement!, { key: 'Home' });
    expect(checked()[0]).toHaveAccessibleName('1 star');
    fireEvent.keyDown(document.activeElement!, { key: 'End' });
    expect(checked()[0]).toHaveAccessibleName('5 stars');
    fireEvent.keyDown(document.activeElement!, { key: 'ArrowDown' });
    expect(checked()[0]).toHaveAccessibleName('4 stars');
    expect(document.activeElement).toBe(screen.getByRole('radio', { name: '4 stars' }));
  });

  it('ignores other keys (Tab leaves the group as usual)', () => {
    const onChange = vi.fn();
    render(<Harness initial={2} onChange={onChange} />);
    fireEvent.keyDown(screen.getByRole('radio', { name: '2 stars' }), { key: 'Tab' });
    fireEvent.keyDown(screen.getByRole('radio', { name: '2 stars' }), { key: 'a' });
    expect(onChange).not.toHaveBeenCalled();
    expect(checked()[0]).toHaveAccessibleName('2 stars');
  });
});

describe('StarsShown', () => {
  it('says the rating given in words and shows it as lit stars', () => {
    render(<StarsShown value={4} label="You rated this order" />);
    const shown = screen.getByRole('img', { name: 'You rated this order: 4 out of 5 stars' });
    expect(shown.textContent).toBe('★★★★★');
    expect(shown.querySelector('.stars-shown__off')?.textContent).toBe('★');
  });
});
