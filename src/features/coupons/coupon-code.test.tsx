import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../lib/http.ts';
import { CouponsPanel } from './coupons-panel.tsx';

beforeEach(() => {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response(JSON.stringify({ data: [] }), { status: 200 })),
  );
});
afterEach(() => vi.unstubAllGlobals());

const renderPanel = (onApply: (code: string) => Promise<void>, onClose = vi.fn()) => {
  render(<CouponsPanel storeId={1} onApply={onApply} onClose={onClose} />);
  return onClose;
};

describe('Enter coupon code', () => {
  it.each([
    ['expired20', 'EXPIRED20', 'Coupon EXPIRED20 has expired.'],
    ['PAUSED10', 'PAUSED10', 'Coupon PAUSED10 is not available right now.'],
    ['nosuch', 'NOSUCH', 'This coupon code is not valid.'],
    ['BIRYANI100', 'BIRYANI100', 'Coupon BIRYANI100 is not valid on this restaurant.'],
  ])('shows the server’s reason for %s and stays open', async (typed, sent, reason) => {
    const onApply = vi.fn(async () => {
      throw new ApiError(400, reason, 'coupon_invalid');
    });
    const onClose = renderPanel(onApply);
    await userEvent.type(screen.getByLabelText('Enter coupon code'), typed);
    await userEvent.click(screen.getByRole('button', { name: 'Apply' }));
    expect(onApply).toHaveBeenCalledWith(sent);
    expect(await screen.findByRole('alert')).toHaveTextContent(reason);
    expect(screen.getByLabelText('Enter coupon code')).toHaveAttribute('aria-invalid', 'true');
    expect(onClose).not.toHaveBeenCalled();
    // Typing again clears the reason.
    await userEvent.type(screen.getByLabelText('Enter coupon code'), 'X');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('closes once the typed code applied, and asks for a code when empty', async () => {
    const onApply = vi.fn(async () => undefined);
    const onClose = renderPanel(onApply);
    await userEvent.click(screen.getByRole('button', { name: 'Apply' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Enter a coupon code');
    expect(onApply).not.toHaveBeenCalled();
    await userEvent.type(screen.getByLabelText('Enter coupon code'), ' welcome50 {Enter}');
    expect(onApply).toHaveBeenCalledWith('WELCOME50');
    expect(onClose).toHaveBeenCalled();
  });
});
