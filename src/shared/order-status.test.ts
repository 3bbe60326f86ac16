import { describe, expect, it } from 'vitest';
import {
  ORDER_STATUSES,
  STATUS_CHAIN,
  canTransition,
  isFinalStatus,
  nextStatuses,
  paymentLabel,
} from './order-status.ts';

describe('order status chain', () => {
  it('lets the restaurant walk the chain one step at a time', () => {
    for (let i = 0; i < STATUS_CHAIN.length - 1; i++) {
      expect(nextStatuses(STATUS_CHAIN[i]!, 'restaurant')).toContain(STATUS_CHAIN[i + 1]);
      // never skipping a step
      for (const later of STATUS_CHAIN.slice(i + 2))
        expect(canTransition(STATUS_CHAIN[i]!, later, 'restaurant')).toBe(false);
    }
  });

  it('lets customers cancel only before acceptance, and the restaurant reject only before preparing', () => {
    expect(ORDER_STATUSES.filter((s) => canTransition(s, 'cancelled', 'customer'))).toEqual(['placed']);
    expect(ORDER_STATUSES.filter((s) => canTransition(s, 'rejected', 'restaurant'))).toEqual([
      'placed',
      'accepted',
    ]);
    expect(canTransition('placed', 'cancelled', 'restaurant')).toBe(false);
    expect(canTransition('placed', 'accepted', 'customer')).toBe(false);
  });

  it('closes delivered, cancelled and rejected orders', () => {
    expect(ORDER_STATUSES.filter(isFinalStatus)).toEqual(['delivered', 'cancelled', 'rejected']);
  });
});

describe('payment label', () => {
  it('says a refund is in progress until it is done', () => {
    expect(paymentLabel({ payment_status: 'paid', refund_pending: false })).toBe('Paid');
    expect(paymentLabel({ payment_status: 'paid', refund_pending: true })).toBe('Refund in progress');
    expect(paymentLabel({ payment_status: 'refunded', refund_pending: false })).toBe('Refunded');
    expect(paymentLabel({ payment_status: 'pending', refund_pending: false })).toBe('Payment pending');
  });
});
