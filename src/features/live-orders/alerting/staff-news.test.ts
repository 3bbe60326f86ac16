import { describe, expect, it } from 'vitest';
import { paidOrder } from './order-fixture.ts';
import { CANCELLATION_NEWS_MS, staffNews } from './staff-news.ts';

const now = Date.parse('2026-11-23T10:05:00.000Z');

describe('what is news to staff', () => {
  it("staff's own steps are not news", () => {
    const before = paidOrder(1, { status: 'accepted' });
    for (const status of ['preparing', 'ready', 'picked_up', 'delivered'] as const)
      expect(staffNews(before, paidOrder(1, { status }), now)).toBeNull();
    expect(staffNews(before, paidOrder(1, { status: 'accepted', prep_time_min: 25 }), now)).toBeNull();
  });

  it('a rejection and the refund that follows it are not news', () => {
    const rejected = paidOrder(1, { status: 'rejected', refund_pending: true });
    expect(staffNews(paidOrder(1), rejected, now)).toBeNull();
    expect(
      staffNews(rejected, { ...rejected, payment_status: 'refunded', refund_pending: false }, now),
    ).toBeNull();
  });

  it("a customer's cancellation is news once, and its refund is not", () => {
    const cancelled = paidOrder(1, { status: 'cancelled', cancelled_at: new Date(now - 1000).toISOString() });
    expect(staffNews(paidOrder(1), cancelled, now)).toBe('cancelled');
    expect(staffNews(cancelled, { ...cancelled, payment_status: 'refunded' }, now)).toBeNull();
  });

  it('a cancellation first heard of is news while recent, old news after a long sleep', () => {
    const at = (ms: number) =>
      paidOrder(1, { status: 'cancelled', cancelled_at: new Date(now - ms).toISOString() });
    expect(staffNews(undefined, at(60_000), now)).toBe('cancelled');
    expect(staffNews(undefined, at(CANCELLATION_NEWS_MS + 1), now)).toBeNull();
  });

  it('a payment that changes by itself on an open order is news', () => {
    const accepted = paidOrder(1, { status: 'accepted' });
    expect(staffNews(accepted, { ...accepted, refund_pending: true }, now)).toBe('payment');
    expect(staffNews(accepted, { ...accepted, payment_status: 'failed' }, now)).toBe('payment');
    expect(staffNews(undefined, { ...accepted, payment_status: 'failed' }, now)).toBeNull();
  });
});
