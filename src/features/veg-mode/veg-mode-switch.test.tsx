import { fireEvent, render, screen } from '@testing-library/react';
import Cookies from 'js-cookie';
import { afterEach, describe, expect, it } from 'vitest';
import { setVegMode } from '../../lib/veg-mode.ts';
import { VegModeSwitch } from './veg-mode-switch.tsx';

afterEach(() => setVegMode(false));

describe('VegModeSwitch', () => {
  it('turns Veg mode on and off, kept in the veg_mode cookie, every switch in step', () => {
    render(
      <>
        <VegModeSwitch />
        <VegModeSwitch />
      </>,
    );
    const [header, mobile] = screen.getAllByRole('switch', { name: 'Veg mode' });
    expect(header).toHaveAttribute('aria-checked', 'false');
    fireEvent.click(header!);
    expect(Cookies.get('veg_mode')).toBe('1');
    expect(mobile).toHaveAttribute('aria-checked', 'true');
    fireEvent.click(mobile!);
    expect(Cookies.get('veg_mode')).toBeUndefined();
    expect(header).toHaveAttribute('aria-checked', 'false');
  });
});
