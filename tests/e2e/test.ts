// Playwright's test with what every journey gets, on every page it opens (the `page` fixture's and
// those of contexts a test makes itself with browser.newContext):
// - navigations to a server-rendered page wait until the app answers input;
// - a first client render that differs from the server's HTML (main.tsx logs 'Hydration mismatch')
//   fails the test that opened the page;
// - so does anything the Content-Security-Policy refuses (an eval probe, an inline style or script, a
//   request to an origin it does not allow), even when the page's code catches the error.
import { test as base, expect, type BrowserContext, type Page } from '@playwright/test';

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

export const test = base.extend<{ everyPage: void }>({
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
