// Playwright's test with what every journey gets. The `signIn` fixture is the one way a journey signs a
// browser context in (a journey that tests signing in does it through the UI instead). And on every
// page it opens (the `page` fixture's and those of contexts a test makes itself with browser.newContext):
// - navigations to a server-rendered page wait until the app answers input;
// - a first client render that differs from the server's HTML (main.tsx logs 'Hydration mismatch')
//   fails the test that opened the page;
// - so does anything the Content-Security-Policy refuses (an eval probe, an inline style or script, a
//   request to an origin it does not allow), even when the page's code catches the error.
import {
  test as base,
  expect,
  type APIRequestContext,
  type BrowserContext,
  type Page,
} from '@playwright/test';

/**
 * Waits, after a navigation to a page the server rendered, until the app answers input: the page is
 * on screen before its JavaScript runs (a tap then is held and replayed at hydration, which the
 * first-paint journey proves; the others tap a running app). Pages rendered by the browser are ready
 * when they are visible. A navigation with `waitUntil: 'commit'` is left as it arrives.
 */
async function untilInteractive(page: Page): Promise<void> {
  // Locators, not a page function: the app's CSP forbids evaluating strings.
  if ((await page.locator('#first-page-data').count()) === 0) return;
  await page.locator('html[data-page-ready]').waitFor({ state: 'attached', timeout: 15_000 });
}

const instrumented = new WeakSet<Page>();
function waitForHydration(page: Page): void {
  if (instrumented.has(page)) return;
  instrumented.add(page);
  const goto = page.goto.bind(page);
  const reload = page.reload.bind(page);
  page.goto = async (url, options) => {
    const res = await goto(url, options);
    if (options?.waitUntil === 'commit') return res;
    if (res?.headers()['content-type']?.startsWith('text/html')) await untilInteractive(page);
    return res;
  };
  page.reload = async (options) => {
    const res = await reload(options);
    if (res?.headers()['content-type']?.startsWith('text/html')) await untilInteractive(page);
    return res;
  };
}

/** Hydration mismatches seen since the running test began, on any of its contexts. */
const mismatches: string[] = [];
/** What the Content-Security-Policy refused since the running test began. */
const cspViolations: string[] = [];
const CSP_MARK = 'CSP violation:';

/** In every page, before its scripts: say in the console what the policy refused. */
const REPORT_CSP_VIOLATIONS = `document.addEventListener('securitypolicyviolation', (e) => {
  console.error('${CSP_MARK} ' + e.effectiveDirective + ' refused ' + e.blockedURI +
    ' (' + e.sourceFile + ':' + e.lineNumber + ')');
});`;

function instrument(context: BrowserContext, javaScriptEnabled: boolean): void {
  context.on('console', (message) => {
    if (message.type() !== 'error') return;
    const text = message.text();
    if (text.startsWith('Hydration mismatch'))
      mismatches.push(`${message.location().url}: ${text.slice(0, 2000)}`);
    if (text.startsWith(CSP_MARK)) cspViolations.push(`${message.location().url}: ${text}`);
  });
  if (!javaScriptEnabled) return;
  void context.addInitScript({ content: REPORT_CSP_VIOLATIONS });
  for (const page of context.pages()) waitForHydration(page);
  context.on('page', waitForHydration);
}

/** The demo accounts the server seeds. */
export const CUSTOMER = { phone_number: '9876543210', password: 'demo-pass-123' };
export const STAFF = { phone_number: '9000000001', password: 'staff-pass-123' };

/** A signed-in session: its tokens, and the headers an API call sends with them (CSRF and bearer). */
export interface Session {
  access: string;
  refresh: string;
  restaurant_id?: number;
  headers: Record<string, string>;
}

/** A customer made through the real sign-up. */
export interface Customer extends Session {
  phone: string;
  password: string;
}

/** What a new customer is called; long ones test that pages wrap. */
export interface Profile {
  name?: string;
  email?: (phone: string) => string;
}

let signedUp = 0;

/** A new customer through the real sign-up, its OTP read from the dev outbox; the answer has the tokens. */
async function signUp(request: APIRequestContext, headers: Record<string, string>, profile: Profile) {
  signedUp += 1;
  const phone = `8${String(Date.now()).slice(-7)}${String(signedUp).padStart(2, '0')}`;
  const password = 'truth-pass-123';
  const created = await request.post('/api/v1/users/customer/create', {
    data: {
      phone_number: phone,
      password,
      name: profile.name ?? 'Asha Rao',
      email: profile.email?.(phone) ?? `asha.${phone}@example.com`,
    },
    headers,
  });
  expect(created.status(), await created.text()).toBeLessThan(300);
  let otp = '';
  await expect
    .poll(async () => {
      const outbox = await request.get(`/api/v1/dev/outbox?phone_number=${phone}`);
      const body = (await outbox.json()) as {
        results: Array<{ otp: string | null; purpose: string | null }>;
      };
      otp = body.results.find((m) => m.purpose === 'signup' && m.otp)?.otp ?? '';
      return otp;
    })
    .not.toBe('');
  const verified = await request.post('/api/v1/users/customer/verify/', {
    data: { phone_number: phone, otp, session_key: null },
    headers,
  });
  return { account: { phone, password }, res: verified };
}

/**
 * Signs the context in as the demo customer (the default), the demo restaurant's staff, or a new
 * customer made through the real sign-up, through the API, and leaves the session where the app keeps
 * it (docs/decisions/0012-where-tokens-are-kept.md).
 */
function signIn(ctx: BrowserContext, who?: 'customer' | 'staff'): Promise<Session>;
function signIn(ctx: BrowserContext, who: 'new customer', profile?: Profile): Promise<Customer>;
async function signIn(
  ctx: BrowserContext,
  who: 'customer' | 'staff' | 'new customer' = 'customer',
  profile: Profile = {},
): Promise<Session> {
  // The context's own server (some specs start one), which also gives it its CSRF cookie.
  const server = new URL((await ctx.request.get('/healthz')).url());
  const host = server.hostname;
  const csrf = (await ctx.cookies(server.origin)).find((c) => c.name === 'csrftoken')!.value;
  const headers = { 'x-csrftoken': csrf };
  const { account, res } =
    who === 'new customer'
      ? await signUp(ctx.request, headers, profile)
      : {
          account: {},
          res: await ctx.request.post(who === 'staff' ? '/api/v1/login/staff' : '/api/v1/login/customers', {
            data: who === 'staff' ? STAFF : CUSTOMER,
            headers,
          }),
        };
  expect(res.status(), await res.text()).toBe(200);
  const tokens = (await res.json()) as Pick<Session, 'access' | 'refresh' | 'restaurant_id'>;
  // The refresh token once per tab (keyed by the token, so a later sign-in wins): a reload must not
  // undo a rotation the app made meanwhile.
  const once = JSON.stringify(`e2e-refresh-set:${tokens.refresh}`);
  await ctx.addInitScript({
    content: `if (!sessionStorage.getItem(${once})) {
      sessionStorage.setItem(${once}, '1');
      localStorage.setItem('auth._refresh_token.local', ${JSON.stringify(tokens.refresh)});
    }`,
  });
  await ctx.addCookies([
    { name: 'auth._token.local', value: `Bearer%20${tokens.access}`, domain: host, path: '/' },
    ...(tokens.restaurant_id
      ? [{ name: 'res_id', value: String(tokens.restaurant_id), domain: host, path: '/' }]
      : []),
  ]);
  return { ...account, ...tokens, headers: { ...headers, authorization: `Bearer ${tokens.access}` } };
}

/** The signIn fixture, for a spec's helpers that sign in contexts they make. */
export type SignIn = typeof signIn;

export const test = base.extend<{ everyPage: void }, { signIn: SignIn }>({
  // Worker-scoped, so a beforeAll can sign a shared context in too.
  // eslint-disable-next-line no-empty-pattern -- Playwright reads what a fixture needs from this pattern
  signIn: [async ({}, provide) => provide(signIn), { scope: 'worker' }],
  everyPage: [
    async ({ browser, context, javaScriptEnabled }, provide) => {
      mismatches.length = 0;
      cspViolations.length = 0;
      instrument(context, javaScriptEnabled !== false);
      // Contexts the test opens itself get the same.
      const newContext = browser.newContext.bind(browser);
      browser.newContext = async (options) => {
        const made = await newContext(options);
        instrument(made, options?.javaScriptEnabled !== false);
        return made;
      };
      await provide();
      browser.newContext = newContext;
      expect(mismatches, 'the server-rendered HTML and the first client render differ').toEqual([]);
      expect(cspViolations, 'the Content-Security-Policy refused something').toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };
export type { APIRequestContext, Browser, BrowserContext, Locator, Page, Worker } from '@playwright/test';
