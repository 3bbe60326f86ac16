// A shopper over real HTTP, as a browser would be: cookies, the CSRF pair, a bearer token, the
// sandbox's card form and callback, and retries while a server is down (same Idempotency-Key, same
// callback). Used by the tests that run real server processes (crash suite, scale-out).
import { randomBytes } from 'node:crypto';
import { expect } from 'vitest';
import { hmacHex } from '../../src/server/providers/payments/signature.ts';
import type { CheckoutFixture } from './factories/index.ts';

export interface Answer {
  status: number;
  body: Record<string, unknown>;
}

/** Where a shopper's requests go and what it knows of the shop. */
export interface ShopperContext {
  /** The server (or load balancer) for the next request, e.g. http://127.0.0.1:8080. */
  base(): string;
  fixture: CheckoutFixture;
  password: string;
  /** The sandbox's webhook secret, for playing the provider's webhook. */
  webhookSecret(): string;
}

/** A customer's browser: cookies, the CSRF pair, a bearer token, and patience while the server is down. */
export class Shopper {
  private readonly cookies = new Map<string, string>();
  private token = '';
  orderId = 0;
  providerOrderId = '';
  /** What this shopper was told: an order it saw created and paid must exist and be paid. */
  confirmedPaid = false;
  cancelled = false;

  constructor(
    readonly phone: string,
    private readonly ctx: ShopperContext,
  ) {}

  private async once(method: string, url: string, body?: unknown, headers: Record<string, string> = {}) {
    const h: Record<string, string> = { ...headers };
    if (body !== undefined) h['content-type'] = 'application/json';
    if (this.cookies.size) h['cookie'] = [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    const csrf = this.cookies.get('csrftoken');
    if (csrf && method !== 'GET') h['x-csrftoken'] = csrf;
    if (this.token) h['authorization'] = `Bearer ${this.token}`;
    const res = await fetch(`${this.ctx.base()}${url}`, {
      method,
      headers: h,
      body: body === undefined ? null : typeof body === 'string' ? body : JSON.stringify(body),
      signal: AbortSignal.timeout(15_000),
    });
    for (const c of res.headers.getSetCookie()) {
      const [pair] = c.split(';');
      const eq = pair!.indexOf('=');
      this.cookies.set(pair!.slice(0, eq), pair!.slice(eq + 1));
    }
    const text = await res.text();
    return { status: res.status, body: (text ? JSON.parse(text) : {}) as Record<string, unknown> };
  }

  /** Sends until the server answers anything but a crash (no answer) or a retryable 5xx. */
  async call(method: string, url: string, body?: unknown, headers?: Record<string, string>): Promise<Answer> {
    const deadline = Date.now() + 60_000;
    for (;;) {
      try {
        if (!this.cookies.has('csrftoken') && method !== 'GET') {
          await this.once('GET', '/healthz');
          // A server that was down (a 502 from a load balancer) handed out no token: try again.
          if (!this.cookies.has('csrftoken')) throw new Error('no CSRF token yet');
        }
        const res = await this.once(method, url, body, headers);
        if (res.status < 500) return res;
      } catch {
        // The server is down (killed): try again once it is back.
      }
      if (Date.now() > deadline) throw new Error(`${method} ${url}: no answer for 60 s`);
      await new Promise((r) => setTimeout(r, 100));
    }
  }

  async login(): Promise<void> {
    const res = await this.call('POST', '/api/v1/login/customers', {
      phone_number: this.phone,
      password: this.ctx.password,
      session_key: null,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    this.token = res.body['access'] as string;
  }

  async fillCart(): Promise<void> {
    const op = `op-${randomBytes(6).toString('hex')}`;
    const res = await this.call('POST', '/api/v1/checkout/add/', {
      item: this.ctx.fixture.biryani,
      quantity: 1,
      op_id: op,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
  }

  async createOrder(): Promise<void> {
    const key = `crash-${randomBytes(8).toString('hex')}`;
    const address = {
      address: '80 Feet Road',
      flat: '4B',
      latitude: this.ctx.fixture.near.latitude,
      longitude: this.ctx.fixture.near.longitude,
    };
    const res = await this.call(
      'POST',
      '/api/v2/orders/createorder/',
      { address },
      { 'idempotency-key': key },
    );
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    this.orderId = (res.body['order'] as { id: number }).id;
    this.providerOrderId = res.body['provider_order_id'] as string;
  }

  /** The sandbox card form: answers the signed result, or null when the order turned out paid. */
  async payAtProvider(): Promise<Record<string, unknown> | null> {
    const res = await this.call('POST', '/api/v1/payments/sandbox/pay', {
      order_id: this.providerOrderId,
      card_number: '4111111111111111',
      expiry: '12/40',
      cvv: '123',
    });
    if (res.status === 400 && res.body['code'] === 'order_already_paid') return null;
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body;
  }

  async callBack(result: Record<string, unknown>): Promise<void> {
    const res = await this.call('POST', '/api/v1/orders/paymentsuccess/', result);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect((res.body['order'] as { payment_status: string }).payment_status).toBe('paid');
    this.confirmedPaid = true;
  }

  async cancel(): Promise<void> {
    const res = await this.call('POST', `/api/v1/orders/cancel-order/${this.orderId}`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    this.cancelled = true;
  }

  /** The provider delivers payment.captured for this order's payments until we answer 200. */
  async providerWebhook(paymentId: string, eventId: string): Promise<void> {
    const raw = JSON.stringify({
      entity: 'event',
      event: 'payment.captured',
      payload: {
        payment: {
          entity: {
            id: paymentId,
            entity: 'payment',
            order_id: this.providerOrderId,
            amount: await this.amount(),
            currency: 'INR',
            status: 'captured',
            method: 'card',
          },
        },
      },
    });
    const res = await this.call('POST', '/api/v1/payments/webhook', raw, {
      'x-razorpay-signature': hmacHex(this.ctx.webhookSecret(), raw),
      'x-razorpay-event-id': eventId,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
  }

  async order(): Promise<{
    status: string;
    payment_status: string;
    refund_pending: boolean;
    amount: number;
  }> {
    const res = await this.call('GET', `/api/v1/orders/details/id/${this.orderId}/`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body['order'] as {
      status: string;
      payment_status: string;
      refund_pending: boolean;
      amount: number;
    };
  }

  private async amount(): Promise<number> {
    return (await this.order()).amount;
  }

  /** Waits until the order reaches the state a settled system must show. */
  async settles(want: { payment_status: string; status?: string }): Promise<void> {
    const deadline = Date.now() + 30_000;
    let last;
    while (Date.now() < deadline) {
      last = await this.order();
      if (
        last.payment_status === want.payment_status &&
        !last.refund_pending &&
        (!want.status || last.status === want.status)
      )
        return;
      await new Promise((r) => setTimeout(r, 100));
    }
    throw new Error(
      `order ${this.orderId} did not settle to ${JSON.stringify(want)}: ${JSON.stringify(last)}`,
    );
  }
}
