import { describe, expect, it } from 'vitest';
import { AlertBook } from './alert-book.ts';
import { event, paidOrder } from './order-fixture.ts';

describe('AlertBook', () => {
  it('rings for a paid, placed order once, oldest first', () => {
    const book = new AlertBook();
    expect(book.apply(event('order.updated', paidOrder(2)), 100).started.map((r) => r.id)).toEqual([2]);
    expect(book.apply(event('order.created', paidOrder(1)), 200).started.map((r) => r.id)).toEqual([1]);
    // The same order again (a replay, another update while placed): no second ring.
    expect(book.apply(event('order.updated', paidOrder(2)), 300).started).toEqual([]);
    expect(book.list.map((r) => [r.id, r.since])).toEqual([
      [2, 100],
      [1, 200],
    ]);
  });

  it('never rings for an unpaid checkout', () => {
    const book = new AlertBook();
    const unpaid = paidOrder(3, { payment_status: 'pending', paid_at: null });
    expect(book.apply(event('order.created', unpaid), 1).started).toEqual([]);
    expect(book.list).toEqual([]);
  });

  it('stops when the order is accepted or acknowledged, and never rings for it again', () => {
    const book = new AlertBook();
    book.apply(event('order.updated', paidOrder(1)), 1);
    book.apply(event('order.updated', paidOrder(2)), 2);
    expect(book.apply(event('order.updated', paidOrder(1, { status: 'accepted' })), 3).stopped).toEqual([1]);
    expect(book.apply(event('order.acknowledged', paidOrder(2)), 4).stopped).toEqual([2]);
    expect(book.list).toEqual([]);
    // A late or replayed "placed" event of a silenced order does not ring again.
    expect(book.apply(event('order.updated', paidOrder(2)), 5).started).toEqual([]);
    expect(book.list).toEqual([]);
  });

  it('rings again for an acknowledgement that did not go through', () => {
    const book = new AlertBook();
    book.apply(event('order.updated', paidOrder(1)), 1);
    expect(book.silence([1], 2).stopped).toEqual([1]);
    const o = paidOrder(1);
    expect(book.unsilence([{ id: 1, order_number: o.order_number }], 3).started.map((r) => r.id)).toEqual([
      1,
    ]);
    expect(book.isRinging(1)).toBe(true);
  });

  it("takes the server's list as the truth, except what changed here since the question", () => {
    const book = new AlertBook();
    book.apply(event('order.updated', paidOrder(1)), 10); // rang before; the server says done
    book.apply(event('order.updated', paidOrder(2)), 10); // acknowledged here while the answer travelled
    const askedAt = 20;
    book.apply(event('order.updated', paidOrder(3)), 25); // arrived after the question
    book.silence([2], 26);
    const change = book.replace(
      [
        { id: 2, order_number: 'B' },
        { id: 4, order_number: 'D' }, // placed while this tab was away
      ],
      askedAt,
      30,
    );
    expect(change.stopped).toEqual([1]);
    expect(change.started.map((r) => r.id)).toEqual([4]);
    expect(book.list.map((r) => r.id)).toEqual([3, 4]);
  });
});
