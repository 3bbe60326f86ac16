import { describe, expect, it } from 'vitest';
import { formatDistance, formatRadius, formatRupees } from './format.ts';

describe('formatRupees', () => {
  it('shows whole rupees without decimals and any paise with both digits', () => {
    expect(formatRupees(24900)).toBe('₹249');
    expect(formatRupees(138480)).toBe('₹1,384.80');
    expect(formatRupees(138400)).toBe('₹1,384');
    expect(formatRupees(12345)).toBe('₹123.45');
    expect(formatRupees(5)).toBe('₹0.05');
    expect(formatRupees(0)).toBe('₹0');
    expect(formatRupees(100000000)).toBe('₹10,00,000');
  });
});

describe('formatDistance', () => {
  it('never reads "0.0 km"', () => {
    expect(formatDistance(0)).toBe('less than 100 m');
    expect(formatDistance(99)).toBe('less than 100 m');
    expect(formatDistance(456)).toBe('460 m');
    expect(formatDistance(850)).toBe('850 m');
    expect(formatDistance(999)).toBe('1.0 km');
    expect(formatDistance(2440)).toBe('2.4 km');
  });
});

describe('formatRadius', () => {
  it('reads a delivery radius as the round figure it is', () => {
    expect(formatRadius(7000)).toBe('7 km');
    expect(formatRadius(3500)).toBe('3.5 km');
    expect(formatRadius(12_000)).toBe('12 km');
  });
});
