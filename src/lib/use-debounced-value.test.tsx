import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LOCATION_SEARCH_DEBOUNCE_MS } from '../shared/constants.ts';
import { useDebouncedValue } from './use-debounced-value.ts';

describe('useDebouncedValue', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('changes only once typing has paused for the whole delay', () => {
    const { result, rerender } = renderHook(({ v }) => useDebouncedValue(v, LOCATION_SEARCH_DEBOUNCE_MS), {
      initialProps: { v: '' },
    });
    rerender({ v: 'Kor' });
    act(() => vi.advanceTimersByTime(1500));
    rerender({ v: 'Koram' });
    act(() => vi.advanceTimersByTime(1999));
    expect(result.current).toBe('');
    act(() => vi.advanceTimersByTime(1));
    expect(result.current).toBe('Koram');
  });
});
