import { describe, expect, it } from 'vitest';
import {
  NO_FILTERS,
  readListFilters as readFilters,
  writeListFilters as writeFilters,
} from './list-filters.ts';

describe('restaurant list filters in the URL', () => {
  it('reads defaults from an empty query', () => {
    expect(readFilters(new URLSearchParams())).toEqual(NO_FILTERS);
  });

  it('round-trips every filter and sort, and keeps unrelated params', () => {
    const f = { veg: true, rating4: true, fast: true, cuisine: 'South Indian', sort: 'cost_desc' as const };
    const params = writeFilters(new URLSearchParams('utm=x'), f);
    expect(params.toString()).toBe('utm=x&veg=1&rating4=1&fast=1&cuisine=South+Indian&sort=cost_desc');
    expect(readFilters(params)).toEqual(f);
  });

  it('drops defaults from the URL and ignores unknown sorts', () => {
    const params = writeFilters(new URLSearchParams('veg=1&sort=rating'), NO_FILTERS);
    expect(params.toString()).toBe('');
    expect(readFilters(new URLSearchParams('sort=<script>')).sort).toBe('relevance');
  });

  it('reads a cuisine trimmed and no longer than the API takes', () => {
    expect(readFilters(new URLSearchParams(`cuisine=  ${'x'.repeat(80)}  `)).cuisine).toBe('x'.repeat(60));
  });
});
