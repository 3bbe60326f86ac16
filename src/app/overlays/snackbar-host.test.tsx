// Snackbars: success and danger variants in a polite live region, gone after 3000 ms by default or
// after the duration the event asks for.
import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { emit, snackbar } from '../../lib/events.ts';
import { SnackbarHost } from './snackbar-host.tsx';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

const region = () => document.querySelector('.snackbar-region')!;

describe('SnackbarHost', () => {
  it('shows a success message in a polite live region and removes it after 3000 ms', () => {
    render(<SnackbarHost />);
    expect(region()).toHaveAttribute('aria-live', 'polite');
    act(() => snackbar.success('Name Updated successfully'));
    expect(screen.getByText('Name Updated successfully').closest('.snackbar')).toHaveAttribute(
      'data-variant',
      'success',
    );
    act(() => vi.advanceTimersByTime(2999));
    expect(screen.queryByText('Name Updated successfully')).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.queryByText('Name Updated successfully')).toBeNull();
  });

  it('shows the danger variant', () => {
    render(<SnackbarHost />);
    act(() => snackbar.danger('Error while refreshing token'));
    expect(screen.getByText('Error while refreshing token').closest('.snackbar')).toHaveClass(
      'snackbar--danger',
    );
  });

  it('honours durationMs', () => {
    render(<SnackbarHost />);
    act(() => emit('snackbar', { message: 'Back online', durationMs: 500 }));
    act(() => vi.advanceTimersByTime(499));
    expect(screen.getByText('Back online')).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.queryByText('Back online')).toBeNull();
  });

  it('a newer message replaces the old one and gets its own full time', () => {
    render(<SnackbarHost />);
    act(() => snackbar.success('First'));
    act(() => vi.advanceTimersByTime(2000));
    act(() => snackbar.danger('Second'));
    expect(screen.queryByText('First')).toBeNull();
    act(() => vi.advanceTimersByTime(2000));
    expect(screen.getByText('Second')).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(1000));
    expect(screen.queryByText('Second')).toBeNull();
  });

  it('can be dismissed at once', () => {
    render(<SnackbarHost />);
    act(() => snackbar.success('Saved'));
    act(() => screen.getByRole('button', { name: 'Dismiss' }).click());
    expect(screen.queryByText('Saved')).toBeNull();
  });
});
