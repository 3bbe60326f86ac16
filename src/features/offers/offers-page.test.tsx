import { render, screen } from '@testing-library/react';
import { TestRouter } from '../../testing/router.tsx';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { appState } from '../../lib/app-state.ts';
import { restaurantCard, welcomeCoupon } from '../../testing/discovery.ts';
import { OffersPage } from './offers-page.tsx';

const body = {
  coupons: [
    welcomeCoupon({
      description: 'Use code WELCOME50 and get 50% off.',
      coupon_terms: '',
      end_date: '2035-12-31T18:29:00Z',
    }),
  ],
  restaurants: [
    restaurantCard({ rating_count: 1, offer_text: '50% OFF UP TO ₹100', lat: 1, lng: 1, distance_m: 50 }),
  ],
};

const renderPage = () =>
  render(
    <TestRouter>
      <OffersPage />
    </TestRouter>,
  );

describe('OffersPage', () => {
  beforeEach(() => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.resolve(new Response(JSON.stringify(body), { status: 200 }))),
    );
  });
  afterEach(() => vi.unstubAllGlobals());

  it('lists coupons and the restaurants with offers near the chosen point', async () => {
    appState.set({ userLocation: { address: 'x', area: 'Koramangala', lat: 12.9352, lng: 77.6245 } });
    renderPage();
    expect(await screen.findByText('WELCOME50')).toBeInTheDocument();
    expect(screen.getByText('Get 50% OFF up to ₹100')).toBeInTheDocument();
    // One date format everywhere (docs/product.md#coupons): month name, day, year and time, as in the
    // coupons panel.
    expect(
      screen.getByText(/On orders above ₹199\. Offer valid till December 31, 2035 11:59 PM\./),
    ).toBeInTheDocument();
    expect(
      screen.getByRole('heading', { name: 'Restaurants with offers near Koramangala' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Meghana Biryani House/ })).toHaveAttribute(
      'href',
      '/restaurants/meghana-biryani-house',
    );
    expect(fetch).toHaveBeenCalledWith('/api/v1/offers/?lat=12.9352&lng=77.6245', expect.anything());
  });

  it('without a location asks for one instead of listing restaurants', async () => {
    appState.set({ userLocation: null });
    renderPage();
    expect(await screen.findByText('WELCOME50')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Choose location' })).toBeInTheDocument();
    expect(fetch).toHaveBeenCalledWith('/api/v1/offers/', expect.anything());
  });
});
