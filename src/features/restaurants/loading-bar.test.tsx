import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LoadingBar } from './loading-bar.tsx';

describe('LoadingBar', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('appears only when loading lasts over 200 ms, fills over 5000 ms, and goes when done', () => {
    const { rerender } = render(<LoadingBar active />);
    act(() => vi.advanceTimersByTime(199));
    expect(screen.queryByRole('progressbar')).toBeNull();
    act(() => vi.advanceTimersByTime(1));
    const bar = screen.getByRole('progressbar');
    expect((bar.firstElementChild as HTMLElement).style.animationDuration).toBe('5000ms');
    rerender(<LoadingBar active={false} />);
    expect(screen.queryByRole('progressbar')).toBeNull();
  });

  it('never shows for a fast load', () => {
    const { rerender } = render(<LoadingBar active />);
    act(() => vi.advanceTimersByTime(150));
    rerender(<LoadingBar active={false} />);
    act(() => vi.advanceTimersByTime(1000));
    expect(screen.queryByRole('progressbar')).toBeNull();
  });
});
