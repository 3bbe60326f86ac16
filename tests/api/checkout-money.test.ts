// Money reads the same everywhere: the sandbox payment window (a script served to the browser, which
// cannot import the app's code) formats rupees exactly as src/shared/money.ts does, and the server's
// coupon messages use that rule too.
import { describe, expect, it } from 'vitest';
import { checkCoupon } from '../../src/shared/coupon-rules.ts';
import { formatRupees } from '../../src/shared/money.ts';
import { setupApp } from './helper.ts';

const ctx = await setupApp();

describe('rupees', () => {
  it('the sandbox checkout script formats amounts like the storefront', async () => {
    const res = await ctx.client.get('/api/v1/payments/sandbox/checkout.js');
    expect(res.statusCode).toBe(200);
    const source = /function money\(paise, currency\) \{[\s\S]*?\n {2}\}\n/.exec(res.body)?.[0];
    expect(source).toBeDefined();
    const money = new Function(`${source}; return money;`)() as (paise: number, currency?: string) => string;
    for (const paise of [0, 5, 100, 24900, 12345, 138480, 138400, 100000000]) {
      expect(money(paise, 'INR')).toBe(formatRupees(paise));
    }
    expect(money(138480, 'INR')).toBe('₹1,384.80');
  });

  it('coupon minimums in server messages show whole paise', () => {
    const check = checkCoupon(
      {
        coupon_code: 'MIN',
        store_type: 'all',
        isWeekDays: false,
        allowed_weeks: {},
        isTimeofDay: false,
        allowed_time: { startTime: '', endTime: '' },
        end_date: new Date(Date.now() + 86_400_000).toISOString(),
        min_order: 19950,
        discount_type: 'flat',
        discount_value: 1000,
        max_discount: null,
      },
      { now: new Date(), storeId: 1, itemTotal: 18000 },
    );
    expect(check).toMatchObject({
      ok: false,
      message: 'Add items worth ₹19.50 more to use MIN (minimum order ₹199.50).',
    });
  });
});
