import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CartInfo, StoreInfo } from '../../shared/api/checkout.ts';
import { Bill } from './bill.tsx';
import { ScheduleSection, useScheduleDraft } from './schedule-section.tsx';
import { TipSection, otherTip, useTipDraft } from './tip-section.tsx';

// 2026-11-21T00:00 IST is 2026-11-20T18:30Z; the unit project runs in Los Angeles.
const ist = (h: number, m = 0) => new Date(Date.UTC(2026, 10, 20, 18, 30) + (h * 60 + m) * 60_000);

const info: CartInfo = {
  item_total: 50000,
  packaging: 2000,
  delivery_fee: 2500,
  taxes: 2500,
  coupon_discount: 0,
  to_pay: 57000,
  coupon_code: null,
  coupon_error: null,
  coupon_error_code: null,
  distance_m: 1200,
};

const store: StoreInfo = {
  id: 1,
  name: 'Meghana Biryani House',
  slug: 'meghana',
  image: '',
  area: 'Koramangala',
  lat: 12.93,
  lng: 77.62,
  delivery_radius_m: 7000,
  open_minute: 660,
  close_minute: 1380,
  delivery_time_min: 30,
};

function Checkout({ onSent }: { onSent: (s: { tip: number; at: string | undefined; ok: boolean }) => void }) {
  const tip = useTipDraft();
  const schedule = useScheduleDraft(store);
  onSent({ tip: tip.tip, at: schedule.sent, ok: tip.error === null && !schedule.missing });
  return (
    <>
      <ScheduleSection
        storeName={store.name}
        value={schedule.value}
        onChange={schedule.set}
        slots={schedule.slots}
        closed={schedule.closed}
      />
      <TipSection value={tip.value} onChange={tip.set} error={tip.error} />
      <Bill info={info} itemTotal={info.item_total} tip={tip.tip} />
      <button type="button" onClick={() => (tip.clear(), schedule.clear())}>
        Paid
      </button>
    </>
  );
}

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(ist(12, 5));
});
afterEach(() => {
  vi.useRealTimers();
  localStorage.clear();
});

describe('the rider tip at checkout', () => {
  it('adds the chosen tip to the bill on its own line, and the whole of To pay', async () => {
    let sent = { tip: -1, at: undefined as string | undefined, ok: false };
    render(<Checkout onSent={(s) => (sent = s)} />);
    const group = screen.getByRole('radiogroup', { name: 'Tip your delivery partner' });
    expect(within(group).getByRole('radio', { name: 'None' })).toBeChecked();
    expect(screen.getByText('Your delivery partner gets the whole tip.')).toBeInTheDocument();
    expect(screen.queryByText('Delivery partner tip')).not.toBeInTheDocument();

    await userEvent.click(within(group).getByRole('radio', { name: '₹30' }));
    expect(sent.tip).toBe(3000);
    const bill = screen.getByTestId('bill');
    expect(within(bill).getByText('Delivery partner tip').nextSibling).toHaveTextContent('₹30');
    expect(screen.getByTestId('to-pay')).toHaveTextContent('₹600');
    expect(within(bill).getByText('Taxes (GST 5%)').nextSibling).toHaveTextContent('₹25');
  });

  it('takes another whole-rupee amount up to ₹500 and says what is wrong otherwise', async () => {
    let sent = { tip: -1, at: undefined as string | undefined, ok: false };
    render(<Checkout onSent={(s) => (sent = s)} />);
    await userEvent.click(screen.getByRole('radio', { name: 'Other' }));
    const amount = screen.getByRole('textbox', { name: 'Tip amount (₹)' });
    expect(sent.ok).toBe(false); // nothing typed yet: Pay waits
    await userEvent.type(amount, '600');
    expect(amount).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByText('The tip can be at most ₹500.')).toBeInTheDocument();
    expect(sent).toMatchObject({ tip: 0, ok: false });
    await userEvent.clear(amount);
    await userEvent.type(amount, '45');
    expect(sent).toMatchObject({ tip: 4500, ok: true });
    expect(screen.getByTestId('to-pay')).toHaveTextContent('₹615');
    expect(otherTip('12.5')).toEqual({ tip: null, error: 'Enter a whole number of rupees, like 40.' });
  });

  it('keeps the choice on the device until the order is paid', async () => {
    const { unmount } = render(<Checkout onSent={() => undefined} />);
    await userEvent.click(screen.getByRole('radio', { name: '₹50' }));
    unmount();
    render(<Checkout onSent={() => undefined} />);
    expect(screen.getByRole('radio', { name: '₹50' })).toBeChecked();
    await userEvent.click(screen.getByRole('button', { name: 'Paid' }));
    expect(screen.getByRole('radio', { name: 'None' })).toBeChecked();
    expect(localStorage.getItem('checkout-tip')).toBeNull();
  });
});

describe('delivery time at checkout', () => {
  it('delivers now by default; Schedule offers IST slots for today and tomorrow', async () => {
    let sent = { tip: -1, at: undefined as string | undefined, ok: false };
    render(<Checkout onSent={(s) => (sent = s)} />);
    expect(screen.getByRole('radio', { name: 'Deliver now' })).toBeChecked();
    expect(sent.at).toBeUndefined();

    await userEvent.click(screen.getByRole('radio', { name: 'Schedule' }));
    expect(screen.getByRole('radio', { name: 'Today' })).toBeChecked();
    const time = screen.getByRole('combobox', { name: 'Time' });
    expect(time).toHaveDisplayValue('1:00 PM');
    expect(sent.at).toBe(ist(13).toISOString());

    await userEvent.click(screen.getByRole('radio', { name: 'Tomorrow' }));
    expect(time).toHaveDisplayValue('11:30 AM');
    await userEvent.selectOptions(time, '7:30 PM');
    expect(sent).toMatchObject({ at: ist(24 + 19, 30).toISOString(), ok: true });
    expect(screen.getByText(/Arrives tomorrow around 7:30 PM/)).toBeInTheDocument();

    await userEvent.click(screen.getByRole('radio', { name: 'Deliver now' }));
    expect(sent.at).toBeUndefined();
  });

  it('offers only scheduled delivery while the restaurant is closed', () => {
    vi.setSystemTime(ist(8));
    let sent = { tip: -1, at: undefined as string | undefined, ok: false };
    render(<Checkout onSent={(s) => (sent = s)} />);
    expect(screen.getByRole('status')).toHaveTextContent('Meghana Biryani House is closed right now.');
    expect(screen.getByRole('radio', { name: 'Deliver now' })).toBeDisabled();
    expect(screen.getByRole('radio', { name: 'Schedule' })).toBeChecked();
    expect(sent.ok).toBe(false); // a time must be chosen
    expect(screen.getByRole('combobox', { name: 'Time' })).toHaveDisplayValue('Choose a time');
  });

  it('forgets a kept slot once it has passed', () => {
    localStorage.setItem('checkout-schedule', JSON.stringify({ mode: 'later', at: ist(12).toISOString() }));
    let sent = { tip: -1, at: undefined as string | undefined, ok: false };
    render(<Checkout onSent={(s) => (sent = s)} />);
    expect(sent).toMatchObject({ at: undefined, ok: false });
  });
});
