import { describe, expect, it } from 'vitest';
import {
  CUSTOMER_PUSH_STATUSES,
  FALLBACK_PUSH_MESSAGE,
  customerStatusMessage,
  parsePushMessage,
  staffOrderMessage,
} from './push-notifications.ts';

describe('push notification texts', () => {
  it('staff hear the exact notification texts (docs/product.md#notification-texts), opening /partner/orders', () => {
    expect(staffOrderMessage(42, 'placed')).toEqual({
      title: '!! Order Update Received',
      body: 'You have a new Order Update',
      url: '/partner/orders',
      tag: 'order-42-placed',
    });
    expect(staffOrderMessage(42, 'cancelled').tag).toBe('order-42-cancelled');
  });

  it('customers hear each status with the order number and restaurant, opening the tracking page', () => {
    const order = { id: 7, order_number: 'OD123', restaurant: 'Meghana Biryani' };
    const titles = CUSTOMER_PUSH_STATUSES.map((s) => customerStatusMessage(order, s).title);
    expect(titles).toEqual([
      'Order accepted',
      'Out for delivery',
      'Delivered',
      'Order cancelled',
      'Order rejected',
    ]);
    for (const s of CUSTOMER_PUSH_STATUSES) {
      const m = customerStatusMessage(order, s);
      expect(m).toMatchObject({ url: '/tracking/7', tag: 'order-7', renotify: true });
      expect(m.body).toContain('OD123');
      expect(m.body).toContain('Meghana Biryani');
    }
  });
});

describe('parsePushMessage', () => {
  it('reads what the server sends', () => {
    const m = customerStatusMessage({ id: 7, order_number: 'OD1', restaurant: 'R' }, 'delivered');
    expect(parsePushMessage(JSON.stringify(m))).toEqual(m);
    const s = staffOrderMessage(3, 'placed');
    expect(parsePushMessage(JSON.stringify(s))).toEqual(s);
  });

  it('falls back on anything unreadable', () => {
    for (const bad of [
      null,
      undefined,
      '',
      'not json',
      '42',
      'null',
      '[]',
      '{"title":"x"}',
      '{"title":1,"body":"b"}',
    ])
      expect(parsePushMessage(bad)).toEqual(FALLBACK_PUSH_MESSAGE);
    expect(parsePushMessage(JSON.stringify({ title: 'x'.repeat(201), body: 'b' }))).toEqual(
      FALLBACK_PUSH_MESSAGE,
    );
  });

  it('never lets a click leave the origin', () => {
    for (const url of [
      'https://evil.example/',
      '//evil.example/x',
      '/\\evil.example',
      'javascript:alert(1)',
      'tracking/1',
    ])
      expect(parsePushMessage(JSON.stringify({ title: 't', body: 'b', url })).url, url).toBe('/');
    expect(parsePushMessage(JSON.stringify({ title: 't', body: 'b', url: '/tracking/9' })).url).toBe(
      '/tracking/9',
    );
  });
});
