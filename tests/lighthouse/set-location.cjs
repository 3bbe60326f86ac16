// Lighthouse CI runs this before auditing each URL. The home page is audited as a first visitor
// sees it (no location: a saved one would redirect to /restaurants); every other page as a returning
// customer who has picked a delivery location, so /restaurants renders the list. Account pages are
// audited signed in as the demo customer, the staff console as the demo restaurant's staff (the
// README's demo accounts), with the tokens where the app keeps them.
const ACCOUNTS = {
  customer: { path: '/api/v1/login/customers', phone_number: '9876543210', password: 'demo-pass-123' },
  staff: { path: '/api/v1/login/staff', phone_number: '9000000001', password: 'staff-pass-123' },
};

/** Who a page is audited as. */
function auditedAs(pathname) {
  if (pathname.startsWith('/partner/')) return 'staff';
  if (pathname.startsWith('/myaccount') || pathname.startsWith('/tracking/')) return 'customer';
  return null;
}

async function signIn(page, origin, who) {
  const { path, ...credentials } = ACCOUNTS[who];
  const result = await page.evaluate(
    async (p, body) => {
      // A refused unsafe call hands out the CSRF cookie; the second try carries it.
      let res;
      for (let attempt = 0; attempt < 2; attempt++) {
        const csrf = /(?:^|; )csrftoken=([^;]+)/.exec(document.cookie);
        res = await fetch(p, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-csrftoken': csrf ? csrf[1] : '' },
          body: JSON.stringify({ ...body, session_key: null }),
        });
        if (res.status !== 403) break;
      }
      const answer = await res.json();
      if (!res.ok) return { error: `${res.status} ${JSON.stringify(answer)}` };
      localStorage.setItem('auth._refresh_token.local', answer.refresh ?? '');
      return { access: answer.access, restaurantId: answer.restaurant_id };
    },
    path,
    credentials,
  );
  if (result.error) throw new Error(`Lighthouse sign-in as ${who} failed: ${result.error}`);
  await page.setCookie({
    name: 'auth._token.local',
    value: encodeURIComponent(`Bearer ${result.access}`),
    url: origin,
    path: '/',
  });
  // The console knows its restaurant from the res_id cookie, as after the partner sign-in page.
  if (result.restaurantId)
    await page.setCookie({ name: 'res_id', value: String(result.restaurantId), url: origin, path: '/' });
}

module.exports = async (browser, context) => {
  const url = new URL(context.url);
  const page = await browser.newPage();
  await page.goto(`${url.origin}/robots.txt`);
  if (url.pathname === '/') {
    await page.deleteCookie({ name: 'userLocation', url: url.origin });
    await page.close();
    return;
  }
  const location = {
    address: '80 Feet Road, Koramangala, Bengaluru',
    area: 'Koramangala',
    lat: 12.9352,
    lng: 77.6245,
  };
  await page.setCookie({
    name: 'userLocation',
    value: encodeURIComponent(JSON.stringify(location)),
    url: url.origin,
    path: '/',
  });
  const who = auditedAs(url.pathname);
  if (who) await signIn(page, url.origin, who);
  await page.close();
};
