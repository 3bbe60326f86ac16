import { describe, expect, it } from 'vitest';
import { computeBill, deliveryFee, distanceMetres } from './bill.ts';

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
  it('measures great-circle distance', () => {
    expect(distanceMetres({ lat: 12.9352, lng: 77.6245 }, { lat: 12.9352, lng: 77.6245 })).toBe(0);
    const d = distanceMetres({ lat: 12.9352, lng: 77.6245 }, { lat: 12.9716, lng: 77.5946 });
    expect(d).toBeGreaterThan(5000);
    expect(d).toBeLessThan(5300);
  });
});
