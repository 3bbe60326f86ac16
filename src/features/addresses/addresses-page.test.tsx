import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { on } from '../../lib/events.ts';
import { stubApi, type ApiCall } from '../../testing/stub-api.ts';
import { AddressesPage } from './addresses-page.tsx';

const home = {
  id: 7,
  address: '80 Feet Road, Koramangala, Bengaluru',
  flat: 'Flat 4B',
  landmark: 'Near the park',
  address_type: 'home',
  latitude: 12.93,
  longitude: 77.62,
  address_components: [],
  place_id: 'p1',
  created_at: '2026-11-21T06:00:00Z',
};
let list: unknown[];
let calls: ApiCall[];

beforeEach(() => {
  list = [home];
  calls = stubApi(({ method }) => {
    if (method === 'DELETE') {
      list = [];
      return { body: { status: 200, message: 'Address deleted.' } };
    }
    return { body: { count: list.length, next: null, previous: null, results: list } };
  });
});
afterEach(() => vi.unstubAllGlobals());

const renderPage = () => render(<AddressesPage />);

describe('AddressesPage', () => {
  it('lists addresses and deletes one after confirmation', async () => {
    const user = userEvent.setup();
    renderPage();
    const card = (await screen.findByRole('heading', { name: 'Home' })).closest('li')!;
    expect(within(card).getByText('Flat 4B, 80 Feet Road, Koramangala, Bengaluru')).toBeInTheDocument();
    expect(within(card).getByText('Landmark: Near the park')).toBeInTheDocument();
    await user.click(within(card).getByRole('button', { name: 'Delete Home address' }));
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);
    await user.click(within(card).getByRole('button', { name: 'Delete Home address' }));
    await user.click(screen.getByRole('button', { name: 'Yes, delete' }));
    expect(await screen.findByRole('heading', { name: 'No saved addresses yet' })).toBeInTheDocument();
    expect(calls).toContainEqual({ method: 'DELETE', path: '/api/v1/users/customer/address/details/7' });
  });

  it('shows the empty state with Add new address, which opens the address overlay', async () => {
    list = [];
    const opened = vi.fn();
    const off = on('show-address', opened);
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: 'Add new address' }));
    expect(opened).toHaveBeenCalledWith({ onSaved: expect.any(Function) });
    off();
    await waitFor(() => expect(calls[0]?.path).toBe('/api/v1/users/customer/address/'));
  });
});
