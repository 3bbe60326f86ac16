import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SearchBox } from './search-box.tsx';

const suggestions = {
  query: 'pan',
  results: [
    {
      type: 'dish',
      id: 11,
      name: 'Paneer Tikka',
      subtitle: 'Meghana Biryani House',
      restaurant_id: 1,
      restaurant_slug: 'meghana-biryani-house',
      image: null,
      is_veg: true,
      delivers: true,
    },
    {
      type: 'restaurant',
      id: 4,
      name: 'Paneer Palace',
      subtitle: 'North Indian',
      restaurant_id: 4,
      restaurant_slug: 'paneer-palace',
      image: null,
      is_veg: null,
      delivers: false,
    },
  ],
};

const KORAMANGALA = { lat: 12.9352, lng: 77.6245 };

function setup(where?: { near: typeof KORAMANGALA; area: string }) {
  const onSearch = vi.fn();
  const onPickRestaurant = vi.fn();
  const onPickDish = vi.fn();
  render(
    <SearchBox
      initial=""
      near={where?.near}
      area={where?.area}
      onSearch={onSearch}
      onPickRestaurant={onPickRestaurant}
      onPickDish={onPickDish}
    />,
  );
  return {
    onSearch,
    onPickRestaurant,
    onPickDish,
    input: screen.getByRole('combobox', { name: 'Search for restaurants and dishes' }),
  };
}

describe('SearchBox', () => {
  beforeEach(() => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.resolve(new Response(JSON.stringify(suggestions), { status: 200 }))),
    );
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('asks for suggestions 250 ms after typing stops', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const { input } = setup();
    fireEvent.change(input, { target: { value: 'pa' } });
    act(() => vi.advanceTimersByTime(100));
    fireEvent.change(input, { target: { value: 'pan' } });
    act(() => vi.advanceTimersByTime(249));
    expect(fetch).not.toHaveBeenCalled();
    await act(async () => {
      vi.advanceTimersByTime(1);
    });
    vi.useRealTimers();
    expect(await screen.findByRole('option', { name: /Paneer Tikka/ })).toBeInTheDocument();
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(vi.mocked(fetch).mock.calls[0]?.[0]).toBe('/api/v1/product/search/suggest?query=pan');
  });

  it('is keyboard navigable with aria-activedescendant; Enter picks, Escape closes', async () => {
    const { input, onSearch, onPickRestaurant } = setup();
    fireEvent.change(input, { target: { value: 'pan' } });
    await screen.findByRole('option', { name: /Paneer Tikka/ });
    expect(input).toHaveAttribute('aria-expanded', 'true');
    fireEvent.keyDown(input, { key: 'ArrowDown' });
    const first = screen.getByRole('option', { name: /Paneer Tikka/ });
    expect(input).toHaveAttribute('aria-activedescendant', first.id);
    expect(first).toHaveAttribute('aria-selected', 'true');
    fireEvent.keyDown(input, { key: 'ArrowDown' });
    fireEvent.submit(input.closest('form')!);
    expect(onPickRestaurant).toHaveBeenCalledWith(
      expect.objectContaining({ restaurant_slug: 'paneer-palace' }),
    );

    fireEvent.change(input, { target: { value: 'pane' } });
    await screen.findByRole('option', { name: /Paneer Tikka/ });
    fireEvent.keyDown(input, { key: 'Escape' });
    expect(input).toHaveAttribute('aria-expanded', 'false');
    fireEvent.submit(input.closest('form')!);
    expect(onSearch).toHaveBeenCalledWith('pane');
  });

  it('choosing a dish opens its restaurant at that dish', async () => {
    const { input, onSearch, onPickDish } = setup();
    fireEvent.change(input, { target: { value: 'pan' } });
    fireEvent.click(await screen.findByRole('option', { name: /Paneer Tikka/ }));
    expect(onPickDish).toHaveBeenCalledWith(expect.objectContaining({ id: 11, type: 'dish' }));
    expect(onSearch).not.toHaveBeenCalled();
  });

  it('asks for suggestions at the chosen location and marks what does not deliver there', async () => {
    const { input } = setup({ near: KORAMANGALA, area: 'Koramangala' });
    fireEvent.change(input, { target: { value: 'panner' } });
    const far = await screen.findByRole('option', { name: /Paneer Palace/ });
    expect(far).toHaveTextContent("Doesn't deliver to Koramangala");
    expect(screen.getByRole('option', { name: /Paneer Tikka/ })).not.toHaveTextContent(/deliver/);
    expect(vi.mocked(fetch).mock.calls[0]?.[0]).toBe(
      '/api/v1/product/search/suggest?query=panner&lat=12.9352&lng=77.6245',
    );
  });
});
