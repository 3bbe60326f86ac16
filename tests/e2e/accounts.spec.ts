// Accounts journeys in a real browser against the built server: sign up with an OTP read from the
// dev outbox, log out and in, forgot password, profile changes, addresses, account removal, and the
// staff sign-in that guards the live-orders page.
import { expect, test, type Page } from './test.ts';
import { screensDir } from './support.ts';

const SHOTS = screensDir('accounts');

/** A fresh 10-digit mobile number per run (first digit 6-9), so reruns never collide. */
function newPhone(): string {
  return `7${String(Date.now()).slice(-6)}${String(Math.floor(Math.random() * 1000)).padStart(3, '0')}`;
}

/** The newest OTP for a number and purpose that is not one of `used`, read from the dev outbox. */
async function otpFor(page: Page, phone: string, purpose: string, used: string[] = []): Promise<string> {
  let code: string | null = null;
  await expect
    .poll(
      async () => {
        const res = await page.request.get(`/api/v1/dev/outbox?phone_number=${phone}`);
        if (!res.ok()) return null;
        const body = (await res.json()) as { results: { otp: string | null; purpose: string | null }[] };
        code = body.results.find((m) => m.purpose === purpose && m.otp && !used.includes(m.otp))?.otp ?? null;
        return code;
      },
      { message: `OTP (${purpose}) for ${phone} in the dev outbox` },
    )
    .not.toBeNull();
  return code!;
}

async function authCookie(page: Page): Promise<string | undefined> {
  return (await page.context().cookies()).find((c) => c.name === 'auth._token.local')?.value;
}

test.describe.configure({ mode: 'serial' });

test('customer journey: sign up, log out, log in, forgot password, profile, addresses, removal', async ({
  page,
}) => {
  test.setTimeout(180_000);
  const phone = newPhone();
  let password = 'first-pass-123';

  // ---- Sign up in the auth overlay, with the OTP from the outbox.
  await page.goto('/offers');
  await page.getByRole('button', { name: 'Log In' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('heading', { name: 'Log in', exact: true })).toBeVisible();
  await dialog.getByRole('button', { name: 'Create an account' }).click();
  await expect(dialog.getByRole('heading', { name: 'Sign up' })).toBeVisible();
  await expect(dialog.getByRole('link', { name: 'Terms & Conditions' })).toBeVisible();
  await dialog.getByLabel('Phone number').fill(phone);
  await dialog.getByLabel('Password').fill(password);
  await dialog.getByLabel('Name').fill('Meera Iyer');
  await dialog.getByLabel('Email').fill(`meera.${phone}@example.com`);
  await dialog.getByRole('button', { name: 'Continue' }).click();
  await expect(dialog.getByRole('heading', { name: 'Verify your number' })).toBeVisible();
  const signupOtp = await otpFor(page, phone, 'signup');
  await dialog.getByLabel('OTP').fill(signupOtp);
  await dialog.getByRole('button', { name: 'Verify OTP' }).click();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(page.getByRole('button', { name: /Meera Iyer/ })).toBeVisible();
  expect(await authCookie(page)).toMatch(/^Bearer(%20| )[\w-]+\.[\w-]+\.[\w-]+$/);
  expect(await page.evaluate("localStorage.getItem('auth._refresh_token.local')")).toBeTruthy();

  // The session survives a reload (tokens restored at start, user details fetched).
  await page.goto('/myaccount');
  await expect(page.getByRole('heading', { name: 'My Account' })).toBeVisible();
  await expect(page.getByRole('main').getByText('Meera Iyer')).toBeVisible();
  await expect(page.getByText(`+91 ${phone}`)).toBeVisible();

  // An access token that expired while the browser was closed is refreshed at start (refresh
  // token rotated), and the user details load with the new one.
  const refreshBefore = await page.evaluate("localStorage.getItem('auth._refresh_token.local')");
  const b64 = (o: unknown) => Buffer.from(JSON.stringify(o)).toString('base64url');
  const expired = `${b64({ alg: 'HS256', typ: 'JWT' })}.${b64({ sub: '0', exp: Math.floor(Date.now() / 1000) - 60 })}.x`;
  await page
    .context()
    .addCookies([{ name: 'auth._token.local', value: `Bearer%20${expired}`, url: page.url() }]);
  await page.reload();
  await expect(page.getByRole('main').getByText('Meera Iyer')).toBeVisible();
  await expect.poll(() => authCookie(page)).not.toContain(expired);
  expect(await page.evaluate("localStorage.getItem('auth._refresh_token.local')")).not.toBe(refreshBefore);

  // ---- Log out from the account menu.
  await page.getByRole('button', { name: 'Log out' }).click();
  await expect(page).toHaveURL(/\/(restaurants)?$/);
  expect(await authCookie(page)).toBeUndefined();
  expect(await page.evaluate("localStorage.getItem('auth._refresh_token.local')")).toBeNull();
  await page.goto('/myaccount');
  await expect(page).toHaveURL(/\/login\?redirect=%2Fmyaccount$/);

  // ---- Log in on /login and come back to where the guard sent us from.
  await page.getByLabel('Phone number').fill(phone);
  await page.getByLabel('Password').fill('wrong-password');
  await page.getByRole('button', { name: 'Log in', exact: true }).click();
  await expect(page.getByRole('alert')).toBeVisible();
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Log in', exact: true }).click();
  await expect(page).toHaveURL('/myaccount');
  await expect(page.getByRole('main').getByText('Meera Iyer')).toBeVisible();
  // A signed-in user on /login is sent home by the guard.
  await page.goto('/login');
  await expect(page).not.toHaveURL(/\/login/);

  // ---- Forgot password (signed out), then log in with the new password.
  await page.goto('/myaccount');
  await page.getByRole('button', { name: 'Log out' }).click();
  await expect(page).toHaveURL(/\/(restaurants)?$/);
  await page.goto('/login');
  await page.getByRole('button', { name: 'Forgot password?' }).click();
  await expect(page.getByRole('heading', { name: 'Forgot password' })).toBeVisible();
  await page.getByLabel('Phone number').fill(phone);
  await page.getByRole('button', { name: 'Send OTP' }).click();
  const resetOtp = await otpFor(page, phone, 'reset');
  await page.getByLabel('OTP').fill(resetOtp);
  password = 'second-pass-456';
  await page.getByPlaceholder('New Password').fill(password);
  await page.getByRole('button', { name: 'Change Password' }).click();
  await expect(page.getByRole('heading', { name: 'Log in', exact: true })).toBeVisible();
  await expect(
    page.getByRole('status').filter({ hasText: 'Password Changed successfully' }).first(),
  ).toBeVisible();
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Log in', exact: true }).click();
  await expect(page).not.toHaveURL(/\/login/);

  // ---- Edit Profile: name, email, phone, password.
  await page.goto('/myaccount');
  await page.getByRole('button', { name: 'Edit Profile' }).click();
  const panel = page.getByRole('dialog', { name: 'Edit Profile' });
  await expect(panel.getByRole('heading', { name: 'Edit Profile' })).toBeVisible();
  const status = panel.locator('.profile-panel__status');

  await panel.getByRole('button', { name: 'Change Name' }).click();
  await panel.getByLabel('New name').fill('Meera K Iyer');
  await panel.getByRole('button', { name: 'Save' }).click();
  await expect(status).toHaveText('Name Updated successfully');

  await panel.getByRole('button', { name: 'Change Email' }).click();
  await panel.getByLabel('New email').fill(`meera.k.${phone}@example.com`);
  await panel.getByRole('button', { name: 'Save' }).click();
  await expect(status).toHaveText('Email Updated successfully');

  const newPhoneNumber = newPhone();
  await panel.getByRole('button', { name: 'Change Phone Number' }).click();
  await panel.getByLabel('New phone number').fill(newPhoneNumber);
  await panel.getByRole('button', { name: 'Verify' }).click();
  const phoneOtp = await otpFor(page, newPhoneNumber, 'phone_change');
  await panel.getByLabel('OTP').fill(phoneOtp);
  await panel.getByRole('button', { name: 'Update' }).click();
  await expect(status).toHaveText('Phone Number Updated successfully');
  await expect(panel.getByText(newPhoneNumber)).toBeVisible();

  await panel.getByRole('button', { name: 'Change Password' }).click();
  await panel.getByRole('button', { name: 'Verify Number' }).click();
  const pwOtp = await otpFor(page, newPhoneNumber, 'reset');
  await panel.getByLabel('OTP').fill(pwOtp);
  await expect(panel.getByPlaceholder('New Password')).toHaveAttribute('type', 'password');
  password = 'third-pass-789';
  await panel.getByPlaceholder('New Password').fill(password);
  await panel.getByRole('button', { name: 'Change Password' }).click();
  await expect(status).toHaveText('Password Changed successfully');
  await expect(panel.getByPlaceholder('New Password')).toHaveCount(0);
  await page.keyboard.press('Escape');
  await expect(page.getByRole('main').getByText('Meera K Iyer')).toBeVisible();

  // ---- Addresses: empty state, add one through the overlay (built-in pin picker), delete it.
  await page.goto('/myaccount/addresses');
  await expect(page.getByRole('heading', { name: 'No saved addresses yet' })).toBeVisible();
  await page.getByRole('button', { name: 'Add new address' }).click();
  const addressDialog = page.getByRole('dialog', { name: 'Save delivery address' });
  await expect(addressDialog.getByTestId('pin-picker')).toBeVisible();
  await addressDialog.getByTestId('pin-picker').focus();
  await page.keyboard.press('ArrowUp');
  await expect(addressDialog.locator('.address-form__address')).not.toBeEmpty();
  const save = addressDialog.getByRole('button', { name: 'Save address' });
  await expect(save).toBeDisabled();
  await addressDialog.getByLabel('Door / Flat No.').fill('Flat 4B, Lake View Apartments');
  await addressDialog.getByLabel('Landmark').fill('Opposite the water tank');
  await expect(save).toBeDisabled();
  await addressDialog.getByText('Work', { exact: true }).click();
  await expect(save).toBeEnabled();
  await save.click();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(page.getByText(/Flat 4B, Lake View Apartments/)).toBeVisible();
  await expect(page.getByText('Landmark: Opposite the water tank')).toBeVisible();
  await page.getByRole('button', { name: 'Delete Work address' }).click();
  await page.getByRole('button', { name: 'Yes, delete' }).click();
  await expect(page.getByRole('heading', { name: 'No saved addresses yet' })).toBeVisible();

  // ---- Request account removal: explanation, confirmation, signed out.
  await page.goto('/request-remove');
  await expect(page.getByText('You are logged out at once on every device.')).toBeVisible();
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByRole('button', { name: 'Yes, remove my account' }).click();
  await expect(page.getByRole('heading', { name: 'Account removal requested' })).toBeVisible();
  expect(await authCookie(page)).toBeUndefined();
  await page.goto('/myaccount');
  await expect(page).toHaveURL(/\/login/);
});

test('login 404 switches the overlay to sign up and keeps the number', async ({ page }) => {
  const phone = newPhone();
  await page.goto('/offers');
  await page.getByRole('button', { name: 'Log In' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Phone number').fill(phone);
  await dialog.getByLabel('Password').fill('any-password-1');
  await dialog.getByRole('button', { name: 'Log in', exact: true }).click();
  await expect(dialog.getByRole('heading', { name: 'Sign up' })).toBeVisible();
  await expect(dialog.getByLabel('Phone number')).toHaveValue(phone);
});

test('staff sign in reaches live orders; a customer cannot', async ({ page }) => {
  await page.goto('/partner/orders');
  await expect(page).toHaveURL(/\/$/);

  await page.goto('/partner/login');
  await page.getByLabel('Phone number').fill('9876543210');
  await page.getByLabel('Password').fill('demo-pass-123');
  await page.getByRole('button', { name: 'Log in', exact: true }).click();
  await expect(page.getByRole('alert')).toHaveText('This sign-in is for restaurant staff only.');
  await expect(page).toHaveURL('/partner/login');
  await page.goto('/partner/orders');
  await expect(page).toHaveURL(/\/$/);

  await page.goto('/partner/login');
  await page.getByLabel('Phone number').fill('9000000001');
  await page.getByLabel('Password').fill('staff-pass-123');
  await page.getByRole('button', { name: 'Log in', exact: true }).click();
  await expect(page).toHaveURL('/partner/orders');
  const cookies = await page.context().cookies();
  expect(cookies.find((c) => c.name === 'res_id')?.value).toBe('1');
  expect(cookies.find((c) => c.name === 'auth._token.local')).toBeTruthy();

  // The console is a screen of its own: its bar names the restaurant and signs out to the staff sign-in.
  await expect(page.getByRole('heading', { level: 1, name: 'Live orders' })).toBeVisible();
  await expect(page.locator('.console-bar__restaurant')).toHaveText('Meghana Biryani House');
  await expect(page.getByRole('link', { name: 'Cart' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Log out' }).click();
  await expect(page).toHaveURL('/partner/login');
  const after = await page.context().cookies();
  expect(after.find((c) => c.name === 'res_id')).toBeUndefined();
  expect(after.find((c) => c.name === 'auth._token.local')).toBeUndefined();
});

test('screenshots of the auth overlay, profile panel and address overlay', async ({ page }) => {
  test.setTimeout(120_000);
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: width === 375 ? 812 : 800 });
    // Sign out between widths (keeping the csrftoken cookie, as a real browser would).
    await page.goto('/offers');
    await page.context().clearCookies({ name: 'auth._token.local' });
    await page.evaluate('localStorage.clear()');
    await page.reload();
    // The header's Log In button is a large-screen control: open the overlay at 1280 px, then
    // size the window to the width being captured (the overlay stays open).
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.getByRole('button', { name: 'Log In' }).click();
    await expect(
      page.getByRole('dialog').getByRole('heading', { name: 'Log in', exact: true }),
    ).toBeVisible();
    await page.setViewportSize({ width, height: width === 375 ? 812 : 800 });
    await page.screenshot({ path: `${SHOTS}/auth-overlay-${width}.png` });
    await page.getByRole('dialog').getByRole('button', { name: 'Create an account' }).click();
    await page.screenshot({ path: `${SHOTS}/auth-overlay-signup-${width}.png` });
    await page.keyboard.press('Escape');
    await page.goto('/login');
    await expect(page.getByRole('heading', { name: 'Log in', exact: true })).toBeVisible();
    await page.screenshot({ path: `${SHOTS}/login-page-${width}.png` });
    await page.getByLabel('Phone number').fill('9876543210');
    await page.getByLabel('Password').fill('demo-pass-123');
    await page.getByRole('button', { name: 'Log in', exact: true }).click();
    await expect(page).not.toHaveURL(/\/login/);
    await page.goto('/myaccount');
    await expect(page.getByRole('main').getByText('Asha Rao')).toBeVisible();
    await page.screenshot({ path: `${SHOTS}/myaccount-${width}.png` });
    await page.getByRole('button', { name: 'Edit Profile' }).click();
    const panel = page.getByRole('dialog', { name: 'Edit Profile' });
    await panel.getByRole('button', { name: 'Change Password' }).click();
    await expect(panel.getByRole('button', { name: 'Verify Number' })).toBeVisible();
    await page.screenshot({ path: `${SHOTS}/profile-panel-${width}.png` });
    await page.keyboard.press('Escape');
    await page.goto('/myaccount/addresses');
    await page.getByRole('button', { name: 'Add new address' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Save delivery address' });
    await expect(dialog.getByTestId('pin-picker')).toBeVisible();
    await expect(dialog.locator('.address-form__address')).not.toBeEmpty();
    await dialog.getByLabel('Door / Flat No.').fill('12B');
    await page.screenshot({ path: `${SHOTS}/address-overlay-${width}.png` });
    await page.keyboard.press('Escape');
  }
});
