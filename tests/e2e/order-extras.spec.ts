// What customers expect of the big apps (issue 16), at phone and desktop widths, in the real app: Veg
// mode on and off, a biryani customised with a portion and two extras on a bottom sheet (a dialog on desktop), cooking and
// delivery instructions, a ₹30 tip and a slot tomorrow, paid by UPI in the sandbox, approved in the
// sandbox UPI app after the storefront was closed; reopened, the order is paid and scheduled; staff see
// it apart as scheduled, with its choices and instructions. Screenshots land in .tmp/extras-shots/.
import { expect, test, type BrowserContext, type Customer } from './test.ts';
import { DESKTOP, PHONE, csrfOf, shot, screensDir, KORAMANGALA } from './support.ts';

const SHOTS = screensDir('order-extras');

async function saveAddress(ctx: BrowserContext, c: Customer): Promise<void> {
  const res = await ctx.request.post('/api/v1/users/customer/address/create', {
    data: {
      address: '12, 5th Cross, Koramangala, Bengaluru',
      flat: '4B',
      landmark: 'Near the park',
      address_type: 'home',
      latitude: 12.9279,
      longitude: 77.6271,
      address_components: [],
      place_id: '',
    },
    headers: { 'x-csrftoken': await csrfOf(ctx, ctx.request), authorization: `Bearer ${c.access}` },
  });
  expect(res.status(), await res.text()).toBe(201);
}

for (const vp of [PHONE, DESKTOP]) {
  test(`at ${vp.width} px: a customised dish, instructions, a tip and a slot tomorrow, paid by UPI after closing the app`, async ({
    browser,
    baseURL,
    signIn,
  }) => {
    test.slow();
    const vpa = `asha${vp.width}@okhdfc`;
    const ctx = await browser.newContext({ viewport: vp });
    await ctx.addCookies([
      { name: 'userLocation', value: encodeURIComponent(JSON.stringify(KORAMANGALA)), url: baseURL! },
    ]);
    const customer = await signIn(ctx, 'new customer');
    await saveAddress(ctx, customer);

    // ---- Veg mode (the switch by the location, on phones and desktops alike): veg dishes only, egg
    // dishes hidden too; off, all again.
    let page = await ctx.newPage();
    const vegMode = page.getByRole('switch', { name: 'Veg mode' }).locator('visible=true');
    const dish = (name: string) => page.getByRole('heading', { name, exact: true });
    const MENU = '/restaurants/meghana-biryani-house';
    await page.goto('/restaurants');
    await vegMode.click();
    await expect(vegMode).toHaveAttribute('aria-checked', 'true');
    await page.goto(MENU);
    await expect(page.getByText('Veg mode is on: veg dishes only')).toBeVisible();
    await expect(dish('Paneer Tikka').first()).toBeVisible();
    await expect(dish('Chicken Biryani')).toHaveCount(0);
    await expect(dish('Egg Biryani')).toHaveCount(0);
    await shot(page, SHOTS, 'veg-mode');
    // It stays on across visits (a cookie the server's first paint reads too).
    await page.reload();
    await expect(dish('Paneer Tikka').first()).toBeVisible();
    await expect(dish('Chicken Biryani')).toHaveCount(0);
    // Off from the menu itself (a phone's menu has no header), and off everywhere.
    await page.getByRole('button', { name: 'Turn off' }).click();
    await expect(dish('Chicken Biryani').first()).toBeVisible();
    await page.goto('/restaurants');
    await expect(vegMode).toHaveAttribute('aria-checked', 'false');
    await page.goto(MENU);
    // The egg dish is back, and its mark says egg (what a screen reader reads out with the dish).
    await expect(dish('Egg Biryani').locator('xpath=..').getByText('Egg', { exact: true })).toHaveCount(1);

    // ---- Choices on the menu: a portion and two extras; a third extra would be the group's most.
    await page.getByRole('button', { name: 'Add Boneless Chicken Biryani to cart' }).click();
    const sheet = page.getByRole('dialog', { name: 'Boneless Chicken Biryani' });
    await expect(sheet).toBeVisible();
    await expect(sheet.getByRole('radio', { name: 'Single' })).toBeChecked();
    await sheet.getByRole('radio', { name: /Family \(serves 3\)/ }).check();
    await sheet.getByRole('checkbox', { name: /Extra raita/ }).check();
    await sheet.getByRole('checkbox', { name: /Boiled egg/ }).check();
    await expect(sheet.getByRole('button', { name: /^Add item · ₹/ })).toBeVisible();
    await shot(page, SHOTS, 'choices');
    await sheet.getByRole('button', { name: /^Add item · ₹/ }).click();
    await expect(sheet).toHaveCount(0);
    await expect(page.getByRole('group', { name: 'Boneless Chicken Biryani in cart' })).toContainText('1');

    // ---- Checkout: the line says its choices; instructions, tip and a slot tomorrow.
    await page.goto('/checkout');
    await expect(page.getByText('Family (serves 3), Extra raita, Boiled egg')).toBeVisible();
    await page
      .getByRole('radio', { name: /5th Cross, Koramangala/ })
      .first()
      .check();
    await page.getByLabel('For the kitchen').fill('Less spicy, please');
    await page.getByRole('button', { name: 'Leave at the door' }).click();
    await page.getByRole('radio', { name: '₹30' }).check();
    await expect(page.getByText('Delivery partner tip')).toBeVisible();
    await page.getByRole('radio', { name: 'Schedule' }).check();
    await page.getByRole('radio', { name: 'Tomorrow' }).check();
    const time = page.getByRole('combobox', { name: /^Time/ });
    const slot = (await time.locator('option').nth(4).textContent())!.trim();
    await time.selectOption({ label: slot });
    await expect(page.getByText(`Arrives tomorrow around ${slot}.`, { exact: false })).toBeVisible();
    await shot(page, SHOTS, 'checkout');

    // ---- UPI in the sandbox window; the storefront is closed while the request waits.
    await page.getByRole('button', { name: /^Pay ₹/ }).click();
    const rzp = page.getByRole('dialog', { name: 'Meghana Biryani House' });
    await rzp.getByRole('radio', { name: 'UPI' }).check();
    await rzp.getByLabel('UPI ID').fill(vpa);
    await rzp.getByRole('button', { name: /^Pay ₹/ }).click();
    await expect(rzp.getByText(/^Approve ₹[\d,.]+ in your UPI app$/)).toBeVisible();
    await page.close();

    const upi = await ctx.newPage();
    await upi.goto('/api/v1/payments/sandbox/upi-app');
    await upi.getByLabel('Your UPI ID').fill(vpa);
    await upi.getByRole('button', { name: 'Show requests' }).click();
    await upi.getByRole('button', { name: /^Approve ₹/ }).click();
    await expect(upi.getByText(/^Approved: ₹[\d,.]+ paid for order /)).toBeVisible();
    await upi.close();

    // ---- Reopened: paid, scheduled for tomorrow, with its choices.
    page = await ctx.newPage();
    await page.goto('/myaccount/orders');
    const card = page.locator('.orders__card').first();
    await expect(card).toContainText('Meghana Biryani House');
    await expect(card).toContainText('Paid');
    await expect(card).toContainText(`Scheduled for tomorrow, ${slot}`);
    await expect(card).toContainText(
      '1 × Boneless Chicken Biryani (Family (serves 3), Extra raita, Boiled egg)',
    );
    await shot(page, SHOTS, 'orders');
    const mine = await ctx.request.get('/api/v1/orders/all/customer/', {
      headers: { authorization: `Bearer ${customer.access}` },
    });
    const orderNumber = ((await mine.json()) as { results: Array<{ order_number: string }> }).results[0]!
      .order_number;

    // ---- Staff: the order waits apart as scheduled, with its choices and instructions.
    const staffCtx = await browser.newContext({ viewport: vp });
    await signIn(staffCtx, 'staff');
    const staff = await staffCtx.newPage();
    await staff.goto('/partner/orders');
    const scheduled = staff.locator('[data-lane="scheduled"]');
    const order = scheduled.locator('article', { hasText: orderNumber });
    await expect(order).toBeVisible();
    await expect(order).toContainText('Boneless Chicken Biryani');
    await expect(order).toContainText('Family (serves 3), Extra raita, Boiled egg');
    await expect(order).toContainText(`Scheduled for tomorrow, ${slot}`);
    await expect(order).toContainText('Less spicy, please');
    await expect(order).toContainText('Leave at the door');
    await shot(staff, SHOTS, 'staff');
    await staffCtx.close();
    await ctx.close();
  });
}
