import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatCount, formatRupees } from './money.ts';

/** The rule as Intl states it: en-IN rupees, no decimals for whole rupees, two otherwise. */
function intlRupees(paise: number): string {
  const digits = paise % 100 === 0 ? 0 : 2;
  return new Intl.NumberFormat('en-IN', {
    style: 'currency',
    currency: 'INR',
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
  }).format(paise / 100);
}

describe('formatRupees', () => {
  // The everyday amounts are in src/lib/format.test.ts; here what only this rule decides.
  it('puts the sign before the rupee sign and rounds stray fractions of a paisa', () => {
    expect(formatRupees(-24900)).toBe('-₹249');
    expect(formatRupees(24899.6)).toBe('₹249');
  });

  it('matches Intl’s en-IN rupees for any amount of paise', () => {
    fc.assert(
      fc.property(fc.integer({ min: -1e13, max: 1e13 }), (paise) => {
        expect(formatRupees(paise)).toBe(intlRupees(paise));
      }),
      { numRuns: 5000 },
    );
  });

  it('groups a count as Intl’s en-IN does', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1e12 }), (n) => {
        expect(formatCount(n)).toBe(n.toLocaleString('en-IN'));
      }),
      { numRuns: 2000 },
    );
  });
});
