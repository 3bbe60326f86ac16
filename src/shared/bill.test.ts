import { describe, expect, it } from 'vitest';
import { TIP_CHOICES, TIP_MAX, computeBill, deliveryFee, tipProblem, withTip } from './bill.ts';

describe('bill', () => {
  it('adds packaging, distance-based delivery and 5% GST on the discounted food', () => {
    const bill = computeBill({
      lines: [{ price: 25000, quantity: 2 }],
      packagingFee: 2000,
      distanceM: 1000,
      couponDiscount: 10000,
    });
    expect(bill).toEqual({
      item_total: 50000,
      packaging: 2000,
      delivery_fee: 2500,
      taxes: 2000,
      coupon_discount: 10000,
      to_pay: 50000 - 10000 + 2000 + 2500 + 2000,
    });
  });
  it('charges per started km beyond 3 km and the base fee when the address is unknown', () => {
    expect(deliveryFee(null)).toBe(2500);
    expect(deliveryFee(3000)).toBe(2500);
    expect(deliveryFee(3001)).toBe(3200);
    expect(deliveryFee(7000)).toBe(2500 + 4 * 700);
  });
  it('is all zero for an empty cart and never discounts more than the food', () => {
    expect(computeBill({ lines: [], packagingFee: 2000, distanceM: null, couponDiscount: 0 }).to_pay).toBe(0);
    expect(
      computeBill({
        lines: [{ price: 5000, quantity: 1 }],
        packagingFee: 0,
        distanceM: null,
        couponDiscount: 9000,
      }).coupon_discount,
    ).toBe(5000);
  });
});

describe('rider tip', () => {
  const bill = computeBill({
    lines: [{ price: 25000, quantity: 2 }],
    packagingFee: 2000,
    distanceM: 1000,
    couponDiscount: 10000,
  });
  it('adds the tip to To pay as it is: no tax on it, no coupon off it', () => {
    expect(withTip(bill, 3000)).toEqual({ ...bill, tip: 3000, to_pay: bill.to_pay + 3000 });
    expect(withTip(bill, 0)).toEqual({ ...bill, tip: 0 });
  });
  it('takes whole rupees from ₹0 to ₹500 only', () => {
    expect(TIP_CHOICES).toEqual([2000, 3000, 5000]);
    expect(tipProblem(0)).toBeUndefined();
    expect(tipProblem(TIP_MAX)).toBeUndefined();
    expect(tipProblem(TIP_MAX + 100)).toBe('The tip can be at most ₹500.');
    expect(tipProblem(150)).toBe('The tip must be in whole rupees.');
    expect(tipProblem(-100)).toBe('The tip must be an amount from ₹0 to ₹500.');
    expect(tipProblem(Number.NaN)).toBe('The tip must be an amount from ₹0 to ₹500.');
    // An invalid tip or an empty cart never changes the bill.
    expect(withTip(bill, 150).to_pay).toBe(bill.to_pay);
    const empty = computeBill({ lines: [], packagingFee: 0, distanceM: null, couponDiscount: 0 });
    expect(withTip(empty, 2000).to_pay).toBe(0);
  });
});
