// Colour mode: the system preference by default, the visitor's choice remembered in local storage
// ('color-mode') and applied as data-theme on <html>.
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { COLOR_MODE_KEY, getColorMode, initColorMode } from '../../lib/color-mode.ts';
import { ColorModeToggle } from './color-mode-toggle.tsx';

function systemPrefersDark(dark: boolean) {
  vi.stubGlobal(
    'matchMedia',
    vi.fn((query: string) => ({
      matches: dark && query.includes('dark'),
      media: query,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
    })),
  );
}

beforeEach(() => {
  localStorage.clear();
  delete document.documentElement.dataset['theme'];
});
afterEach(() => vi.unstubAllGlobals());

describe('colour mode', () => {
  it('follows the system preference when nothing is saved', () => {
    systemPrefersDark(true);
    initColorMode();
    expect(document.documentElement.dataset['theme']).toBe('dark');
    systemPrefersDark(false);
    expect(getColorMode()).toBe('light');
  });

  it('a saved choice wins over the system', () => {
    systemPrefersDark(true);
    localStorage.setItem(COLOR_MODE_KEY, 'light');
    initColorMode();
    expect(document.documentElement.dataset['theme']).toBe('light');
  });

  it('the toggle switches, applies and remembers the mode', async () => {
    systemPrefersDark(false);
    initColorMode();
    render(<ColorModeToggle />);
    const toggle = screen.getByRole('button', { name: 'Dark mode' });
    expect(toggle).toHaveAttribute('aria-pressed', 'false');
    await userEvent.click(toggle);
    expect(toggle).toHaveAttribute('aria-pressed', 'true');
    expect(document.documentElement.dataset['theme']).toBe('dark');
    expect(localStorage.getItem(COLOR_MODE_KEY)).toBe('dark');
    await userEvent.click(toggle);
    expect(document.documentElement.dataset['theme']).toBe('light');
    expect(localStorage.getItem(COLOR_MODE_KEY)).toBe('light');
  });

  it('ignores a junk stored value', () => {
    systemPrefersDark(false);
    localStorage.setItem(COLOR_MODE_KEY, 'purple');
    expect(getColorMode()).toBe('light');
  });
});
