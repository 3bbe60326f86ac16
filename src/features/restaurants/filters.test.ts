import { describe, expect, it } from 'vitest';
import type { RestaurantCard } from '../../shared/api/discovery.ts';
import { applyFilters, readFilters, writeFilters } from './filters.ts';

const card = (over: Partial<RestaurantCard>): RestaurantCard => ({
  id: 1,
  slug: 'x',
  name: 'X',
  image: '/img/x.svg',
  rating: 4.2,
  rating_count: 100,
  delivery_time_min: 30,
  cost_for_two: 40000,
  cuisines: ['North Indian'],
  offer_text: null,
  pure_veg: false,
  serves_veg: true,
  area: 'Koramangala',
  city: 'Bengaluru',
  lat: 12.9,
  lng: 77.6,
  delivery_radius_m: 7000,
  distance_m: 1000,
  is_open: true,
  next_open_at: null,
  next_open_label: null,
  hours_label: 'Open 24 hours',
  ...over,
});

describe('restaurant list filters in the URL', () => {
  it('reads defaults from an empty query', () => {
    expect(readFilters(new URLSearchParams())).toEqual({
      veg: false,
      rating4: false,
      fast: false,
      cuisine: '',
      sort: 'relevance',
    });
  });

  it('round-trips every filter and sort, and keeps unrelated params', () => {
    const f = { veg: true, rating4: true, fast: true, cuisine: 'South Indian', sort: 'cost_desc' as const };
    const params = writeFilters(new URLSearchParams('utm=x'), f);
    expect(params.toString()).toBe('utm=x&veg=1&rating4=1&fast=1&cuisine=South+Indian&sort=cost_desc');
    expect(readFilters(params)).toEqual(f);
  });

  it('drops defaults from the URL and ignores unknown sorts', () => {
    const params = writeFilters(new URLSearchParams('veg=1&sort=rating'), {
      veg: false,
      rating4: false,
      fast: false,
      cuisine: '',
      sort: 'relevance',
    });
    expect(params.toString()).toBe('');
    expect(readFilters(new URLSearchParams('sort=<script>')).sort).toBe('relevance');
  });
});

describe('applyFilters', () => {
  const list = [
    card({
      id: 1,
      pure_veg: true,
      rating: 4.5,
      delivery_time_min: 25,
      cost_for_two: 30000,
      cuisines: ['South Indian'],
    }),
    card({
      id: 2,
      serves_veg: false,
      rating: 3.9,
      delivery_time_min: 45,
      cost_for_two: 60000,
      cuisines: ['Biryani'],
    }),
    card({ id: 3, pure_veg: true, rating: 4.0, delivery_time_min: 35, cost_for_two: 20000, is_open: false }),
    card({
      id: 4,
      rating: 4.8,
      delivery_time_min: 20,
      cost_for_two: 80000,
      cuisines: ['Biryani', 'Mughlai'],
    }),
  ];
  const ids = (f: Partial<Parameters<typeof applyFilters>[1]>) =>
    applyFilters(list, { ...readFilters(new URLSearchParams()), ...f }).map((r) => r.id);

  it('keeps the server order for relevance, closed places last', () => {
    expect(ids({})).toEqual([1, 2, 4, 3]);
  });
  it('veg only, rating 4.0+, fast delivery and cuisine', () => {
    expect(ids({ veg: true })).toEqual([1, 3]);
    expect(ids({ rating4: true })).toEqual([1, 4, 3]);
    expect(ids({ fast: true })).toEqual([1, 4]);
    expect(ids({ cuisine: 'biryani' })).toEqual([2, 4]);
  });
  it('in Veg mode hides the kitchens that serve no veg dish, whatever the filters', () => {
    const base = readFilters(new URLSearchParams());
    expect(applyFilters(list, base, true).map((r) => r.id)).toEqual([1, 4, 3]);
    expect(applyFilters(list, { ...base, cuisine: 'biryani' }, true).map((r) => r.id)).toEqual([4]);
  });
  it('sorts by delivery time, rating and cost both ways', () => {
    expect(ids({ sort: 'delivery_time' })).toEqual([4, 1, 2, 3]);
    expect(ids({ sort: 'rating' })).toEqual([4, 1, 2, 3]);
    expect(ids({ sort: 'cost_asc' })).toEqual([1, 2, 4, 3]);
    expect(ids({ sort: 'cost_desc' })).toEqual([4, 2, 1, 3]);
  });
});
