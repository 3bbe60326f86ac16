// The sandbox checkout window in a DOM: Card stays the default; UPI validates the UPI ID, starts a
// collect request, says to approve it in the UPI app with a countdown, and hands the captured result
// to the merchant's handler as Razorpay Checkout does (or reports a declined request as failed).
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SANDBOX_CHECKOUT_JS } from './sandbox-checkout-script.ts';

interface Rzp {
  open(): void;
  on(event: string, cb: (r: { error?: { description?: string } }) => void): void;
}
type RzpCtor = new (o: Record<string, unknown>) => Rzp;

// The unit project runs this file in happy-dom, but the server's tsconfig has no DOM types: the few
// parts of the DOM used here are named here.
interface El {
  textContent: string | null;
  hidden: boolean;
  style: { display: string };
  checked: boolean;
  value: string;
  htmlFor: string;
  getAttribute(name: string): string | null;
  querySelector(selector: string): El | null;
  querySelectorAll(selector: string): Iterable<El>;
  dispatchEvent(event: Event): boolean;
}
const dom = globalThis as unknown as {
  document: { body: { innerHTML: string }; querySelector(selector: string): El | null };
  window: { Razorpay?: RzpCtor };
};

let statusAnswer: Record<string, unknown>;
let posts: Array<{ url: string; body: Record<string, unknown> }>;

beforeEach(() => {
  dom.document.body.innerHTML = '';
  delete dom.window.Razorpay;
  posts = [];
  statusAnswer = { status: 'created', expires_at: new Date(Date.now() + 300_000).toISOString() };
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      if (init.method === 'POST') {
        const body = JSON.parse(init.body as string) as Record<string, unknown>;
        posts.push({ url, body });
        if (url === '/api/v1/payments/sandbox/upi') {
          return new Response(
            JSON.stringify({
              razorpay_payment_id: 'pay_Upi00000000001',
              razorpay_order_id: 'order_Abc123456789',
              status: 'created',
              expires_at: new Date(Date.now() + 300_000).toISOString(),
              upi_app_url: '/api/v1/payments/sandbox/upi-app?vpa=priya%40okhdfc',
            }),
            { status: 201 },
          );
        }
      }
      return new Response(JSON.stringify(statusAnswer));
    }),
  );
  // The script defines window.Razorpay, as Razorpay's checkout.js does.
  new Function(SANDBOX_CHECKOUT_JS)();
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

function open(handler = vi.fn(), onFailed = vi.fn()) {
  const Razorpay = dom.window.Razorpay!;
  const rzp = new Razorpay({
    key: 'rzp_test_sandbox',
    amount: 59800,
    currency: 'INR',
    name: 'Meghana Biryani House',
    order_id: 'order_Abc123456789',
    handler,
    modal: { ondismiss: vi.fn() },
  });
  rzp.on('payment.failed', onFailed);
  rzp.open();
  const dialog = dom.document.querySelector('[role="dialog"]')!;
  const byLabel = (text: string) => {
    const label = [...dialog.querySelectorAll('label')].find((l) => l.textContent === text)!;
    return dialog.querySelector(`#${label.htmlFor}`)!;
  };
  const visible = (el: El) => !el.hidden && el.style.display !== 'none';
  const forms = () => [...dialog.querySelectorAll('form')].filter(visible);
  return { dialog, byLabel, forms, handler, onFailed };
}

const flush = async () => {
  for (let i = 0; i < 5; i++) await Promise.resolve();
  await new Promise((r) => setTimeout(r, 0));
};

describe('sandbox checkout: Card or UPI', () => {
  it('opens on Card, with UPI one choice away', () => {
    const { byLabel, forms } = open();
    expect(byLabel('Card').checked).toBe(true);
    expect(byLabel('UPI').checked).toBe(false);
    expect(forms().map((f) => f.getAttribute('aria-label'))).toEqual(['Card details']);
    byLabel('UPI').checked = true;
    byLabel('UPI').dispatchEvent(new Event('change'));
    expect(forms().map((f) => f.getAttribute('aria-label'))).toEqual(['UPI']);
  });

  it('refuses a UPI ID that is not name@bank, without sending anything', async () => {
    const { byLabel, forms } = open();
    byLabel('UPI').checked = true;
    byLabel('UPI').dispatchEvent(new Event('change'));
    byLabel('UPI ID').value = 'priya';
    forms()[0]!.dispatchEvent(new Event('submit', { cancelable: true }));
    await flush();
    expect(forms()[0]!.querySelector('[role="alert"]')!.textContent).toBe(
      'Enter a valid UPI ID, such as name@okhdfc.',
    );
    expect(byLabel('UPI ID').getAttribute('aria-invalid')).toBe('true');
    expect(posts).toEqual([]);
  });

  it('sends the collect request, waits with a countdown, and hands the approved payment to the handler', async () => {
    const { dialog, byLabel, forms, handler } = open();
    byLabel('UPI').checked = true;
    byLabel('UPI').dispatchEvent(new Event('change'));
    byLabel('UPI ID').value = ' Priya@OKHDFC ';
    forms()[0]!.dispatchEvent(new Event('submit', { cancelable: true }));
    await flush();
    expect(posts).toEqual([
      { url: '/api/v1/payments/sandbox/upi', body: { order_id: 'order_Abc123456789', vpa: 'priya@okhdfc' } },
    ]);
    expect(forms()).toEqual([]);
    const wait = dialog.querySelector('[role="region"]')!;
    expect(wait.querySelector('h3')!.textContent).toBe('Approve ₹598 in your UPI app');
    expect(wait.textContent).toContain('We sent a payment request to priya@okhdfc.');
    expect(wait.textContent).toContain('You can close this window or the app');
    expect(wait.querySelector('[role="status"]')!.textContent).toBe(
      'Waiting for you to approve in your UPI app.',
    );
    expect(wait.querySelector('[role="timer"]')!.textContent).toMatch(/^Expires in (5:00|4:59)$/);
    expect(wait.querySelector('a')!.getAttribute('href')).toBe(
      '/api/v1/payments/sandbox/upi-app?vpa=priya%40okhdfc',
    );

    statusAnswer = {
      status: 'captured',
      razorpay_payment_id: 'pay_Upi00000000001',
      razorpay_order_id: 'order_Abc123456789',
      razorpay_signature: 'a'.repeat(64),
    };
    await new Promise((r) => setTimeout(r, 2100));
    await flush();
    expect(handler).toHaveBeenCalledWith({
      razorpay_payment_id: 'pay_Upi00000000001',
      razorpay_order_id: 'order_Abc123456789',
      razorpay_signature: 'a'.repeat(64),
    });
    expect(dom.document.querySelector('[role="dialog"]')).toBeNull();
  });

  it('a declined request returns to the UPI form with the reason, and reports payment.failed', async () => {
    const { byLabel, forms, onFailed, handler } = open();
    byLabel('UPI').checked = true;
    byLabel('UPI').dispatchEvent(new Event('change'));
    byLabel('UPI ID').value = 'priya@okhdfc';
    forms()[0]!.dispatchEvent(new Event('submit', { cancelable: true }));
    await flush();
    statusAnswer = { status: 'failed', description: 'The UPI request was declined. No money was taken.' };
    await new Promise((r) => setTimeout(r, 2100));
    await flush();
    expect(forms().map((f) => f.getAttribute('aria-label'))).toEqual(['UPI']);
    expect(forms()[0]!.querySelector('[role="alert"]')!.textContent).toBe(
      'The UPI request was declined. No money was taken.',
    );
    expect(onFailed).toHaveBeenCalledWith(
      expect.objectContaining({
        error: expect.objectContaining({ description: expect.stringMatching(/declined/) }),
      }),
    );
    expect(handler).not.toHaveBeenCalled();
  });
});
