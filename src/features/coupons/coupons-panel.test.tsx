import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Coupon } from '../../shared/api/checkout.ts';
import { appState } from '../../lib/app-state.ts';
import { welcomeCoupon } from '../../testing/discovery.ts';
import { CouponsPanel } from './coupons-panel.tsx';

const welcome = welcomeCoupon();
const weekend: Coupon = {
  ...welcome,
  id: 2,
  coupon_code: 'WEEKEND30',
  store_type: 'list',
  isWeekDays: true,
  allowed_weeks: { saturday: true, sunday: true },
  isTimeofDay: true,
  allowed_time: { startTime: '22:00', endTime: '02:00' },
};

function mockFetch(status: number, body: unknown) {
  const fn = vi.fn(async () => new Response(JSON.stringify(body), { status }));
  vi.stubGlobal('fetch', fn);
  return fn;
}

afterEach(() => {
  vi.unstubAllGlobals();
  appState.reset();
});

describe('CouponsPanel', () => {
  it('loads the store coupons and shows code, subtitle, description, terms and the display rules', async () => {
    const fetchMock = mockFetch(200, { data: [welcome, weekend] });
    render(<CouponsPanel storeId={7} onApply={() => undefined} onClose={() => undefined} />);
    expect(await screen.findByText('WELCOME50')).toBeInTheDocument();
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/v1/checkout/get-coupon/');
    expect(JSON.parse(init.body as string)).toEqual({ store_id: 7 });
    expect(screen.getByRole('heading', { name: 'Available Coupons' })).toBeInTheDocument();
    expect(screen.getAllByText('Get 50% OFF up to ₹100')).toHaveLength(2);
    expect(screen.getAllByText('Use code WELCOME50 on orders above ₹199.')).toHaveLength(2);
    expect(screen.getAllByText('Valid once per order.')).toHaveLength(2);
    expect(screen.getByText('Offer valid on all days of week')).toBeInTheDocument();
    expect(screen.getByText('Offer valid on select restaurants')).toBeInTheDocument();
    expect(screen.getByText('Offer valid on Saturday, Sunday')).toBeInTheDocument();
    expect(screen.getByText('Offer valid between 10:00 PM and 2:00 AM')).toBeInTheDocument();
    expect(screen.getAllByText("Other T&C's may apply")).toHaveLength(2);
    expect(screen.getAllByText('Offer valid till December 31, 2035 11:59 PM')).toHaveLength(2);
  });

  it('applying passes the code to the caller and closes', async () => {
    mockFetch(200, { data: [welcome] });
    const onApply = vi.fn();
    const onClose = vi.fn();
    render(<CouponsPanel storeId={1} onApply={onApply} onClose={onClose} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Apply Coupon WELCOME50' }));
    expect(onApply).toHaveBeenCalledWith('WELCOME50');
    expect(onClose).toHaveBeenCalled();
  });

  it('hints when the cart is below the minimum order', async () => {
    appState.set({ cart_meta: { item_count: 1, item_total: 15000, coupon_discount: 0 } });
    mockFetch(200, { data: [welcome] });
    render(<CouponsPanel storeId={1} onApply={() => undefined} onClose={() => undefined} />);
    expect(await screen.findByText(/Add items worth ₹49 more to use WELCOME50/)).toBeInTheDocument();
  });

  it('shows the empty and the error states', async () => {
    mockFetch(200, { data: [] });
    const { unmount } = render(
      <CouponsPanel storeId={11} onApply={() => undefined} onClose={() => undefined} />,
    );
    expect(await screen.findByText(/No coupons are available/)).toBeInTheDocument();
    unmount();
    mockFetch(404, { status: 404, message: 'Restaurant not found.' });
    render(<CouponsPanel storeId={12} onApply={() => undefined} onClose={() => undefined} />);
    expect(await screen.findByRole('alert')).toHaveTextContent('Restaurant not found.');
  });
});
