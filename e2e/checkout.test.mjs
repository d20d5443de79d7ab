// Checkout through the real binary in a real browser (issue 8 item 6, "Done when"): buyer@example.com adds a product,
// proceeds to checkout from the cart, keeps the default address, picks a delivery method, pays by purchase order,
// places the order and sees the confirmation with its reference; the badge shows 0 and the order is in the buyer's
// order summaries. A guest of a store with guest checkout pays by the test card. axe finds nothing serious on the checkout page, and it has no sideways scroll at 375 px.
import assert from 'node:assert/strict';
import { beforeEach, test } from 'node:test';
import { focusedStep, setupStack, seriousAxeViolations, sidewaysOverflow } from './harness.mjs';

const stack = setupStack();

const BUYER = { username: 'buyer@example.com', password: 'demo1234' };
const BINDER = { path: '/product/ring-binder-1-in-white-6/01t0S0000000006QAA', name: 'Everline Ring Binder, 1 in, White' };

// Each test starts from an empty buyer cart.
beforeEach(async () => {
  if (stack.site) await stack.emptyCart(BUYER);
});

async function pageAt(width) {
  const context = await stack.newContext();
  const page = await context.newPage();
  await page.setViewportSize({ width, height: 900 });
  return page;
}

async function addBinder(page) {
  await page.goto(stack.url(BINDER.path));
  await page.getByRole('heading', { level: 1, name: BINDER.name }).waitFor();
  await page.getByRole('button', { name: 'Add to cart' }).click();
  await page.getByRole('status').filter({ hasText: `Added 1 × ${BINDER.name} to your cart.` }).waitFor();
}

for (const width of [1280, 375]) {
  test(`${width}px: the buyer checks out by purchase order and sees the confirmation`, async () => {
    const page = await pageAt(width);
    await stack.logIn(page, BUYER);
    await addBinder(page);
    await page.goto(stack.url('/cart'));
    await page.getByRole('heading', { level: 1, name: 'Cart' }).waitFor();
    await page.getByRole('link', { name: 'Proceed to checkout' }).click();
    await page.waitForURL((u) => u.pathname === `${stack.site.basePath}/checkout`);
    await page.getByRole('heading', { level: 1, name: 'Checkout' }).waitFor();
    assert.match(await page.title(), /^Checkout/);

    // 1: the default address is chosen already.
    const use = page.getByRole('button', { name: 'Use this address' });
    await use.waitFor();
    // Issue 15 item 19: the order summary is there from the first step: beside the steps on a desktop, below on a phone.
    const summary = page.getByRole('complementary', { name: 'Order summary' });
    await summary.getByText(BINDER.name).waitFor();
    const steps = await page.locator('.sf-checkout__steps').boundingBox();
    const aside = await summary.boundingBox();
    if (width >= 1280) assert.ok(aside.x >= steps.x + steps.width && aside.y < steps.y + 200, 'the summary sits beside the steps');
    else assert.ok(aside.y >= steps.y + steps.height, 'the summary follows the steps');
    const chosen = page.getByRole('radio', { checked: true });
    assert.ok((await chosen.count()) >= 1, 'an address is preselected');
    await page.waitForLoadState('networkidle');
    assert.deepEqual(await seriousAxeViolations(page), []);
    const overflow = await sidewaysOverflow(page);
    assert.ok(overflow <= 0, `no sideways scroll (${overflow}px too wide)`);
    await use.click();

    // 2: a delivery method.
    await focusedStep(page, 'Delivery method');
    await page.locator('input[name="delivery-method"]').first().check();
    await page.getByRole('button', { name: 'Use this delivery method' }).click();

    // 3: purchase order.
    await focusedStep(page, 'Payment');
    await page.getByRole('radio', { name: 'Purchase order' }).check();
    await page.getByLabel('Purchase order number').fill('PO-1234');
    await page.getByRole('button', { name: 'Use this payment' }).click();

    // 4: review and place.
    await focusedStep(page, 'Review');
    // Item 19: the review names the shipment's items and the payment chosen.
    await page.getByRole('list', { name: 'Items of shipment' }).getByText(BINDER.name).waitFor();
    await page.getByText('Payment: Purchase order PO-1234').waitFor();
    await page.waitForLoadState('networkidle');
    assert.deepEqual(await seriousAxeViolations(page), []);
    await page.getByRole('button', { name: 'Place order' }).click();

    await page.waitForURL((u) => u.pathname.startsWith(`${stack.site.basePath}/order-confirmation/`));
    await page.getByRole('heading', { level: 1, name: 'Order confirmation' }).waitFor();
    const ref = (await page.locator('.sf-checkout__reference').textContent()).trim();
    assert.ok(ref.length > 0, 'an order reference number');
    assert.match(await page.title(), /^Order confirmation/);
    await page.getByRole('banner').getByRole('link', { name: 'Cart: 0 items' }).waitFor();

    const res = await page.request.get(stack.url(`/services/data/v64.0/commerce/webstores/${stack.site.webstoreId}/order-summaries`));
    assert.equal(res.status(), 200);
    const { orderSummaries } = await res.json();
    assert.ok(orderSummaries.some((s) => s.orderNumber === ref), `order ${ref} among ${orderSummaries.map((s) => s.orderNumber)}`);
  });
}

async function setGuestCheckout(enabled) {
  const tokenRes = await fetch(stack.url('/services/oauth2/token'), {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ grant_type: 'password', username: 'admin@example.com', password: 'demo1234' }),
  });
  assert.equal(tokenRes.status, 200, 'admin token');
  const { access_token: token } = await tokenRes.json();
  const res = await fetch(stack.url(`/services/data/v64.0/ui-api/records/${stack.site.webstoreId}`), {
    method: 'PATCH',
    headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json', Accept: 'application/json' },
    body: JSON.stringify({ fields: { GuestCheckoutEnabled: enabled } }),
  });
  assert.ok(res.status === 200 || res.status === 204, `PATCH WebStore answered ${res.status}`);
}

test('a guest checks out by the test card when the store enables guest checkout', async () => {
  await setGuestCheckout(true);
  try {
    const page = await pageAt(1280);
    await addBinder(page);
    await page.goto(stack.url('/cart'));
    await page.getByRole('link', { name: 'Proceed to checkout' }).click();
    await page.getByRole('heading', { level: 1, name: 'Checkout' }).waitFor();
    await page.getByLabel('Email').fill('gail@example.com');
    await page.getByLabel('First name').fill('Gail');
    await page.getByLabel('Last name').fill('Guest');
    await page.getByLabel('Street').fill('5 Elm St');
    await page.getByLabel('City').fill('Dayton');
    await page.getByLabel('State or region').fill('OH');
    await page.getByLabel('Postal code').fill('45402');
    await page.getByLabel('Country code (e.g. US)').fill('US');
    await page.getByRole('button', { name: 'Use this address' }).click();

    await focusedStep(page, 'Delivery method');
    await page.getByRole('button', { name: 'Use this delivery method' }).click();

    await focusedStep(page, 'Payment');
    await page.getByRole('radio', { name: 'Card' }).check();
    // Issue 15 item 19: each missing card field is flagged at the field, focus on the first; no message elsewhere.
    await page.getByRole('button', { name: 'Use this payment' }).click();
    for (const [label, message] of [
      ['Name on card', 'Enter the name on the card.'],
      ['Card number', 'Enter the card number.'],
      ['Expiry (MM/YY)', 'Enter the expiry date.'],
      ['Security code (CVC)', 'Enter the security code.'],
    ]) {
      const input = page.getByLabel(label);
      assert.equal(await input.getAttribute('aria-invalid'), 'true', label);
      assert.equal(await page.locator(`[id="${await input.getAttribute('aria-describedby')}"]`).textContent(), message);
    }
    assert.equal(await page.evaluate(() => document.activeElement?.id), 'card-name');
    assert.equal(await page.locator('.sf-checkout__error').count(), 0, 'no message under the billing address');
    assert.deepEqual(await seriousAxeViolations(page), []);
    await page.getByLabel('Name on card').fill('Gail Guest');
    await page.getByLabel('Card number').fill('4111 1111 1111 1111');
    await page.getByLabel('Expiry (MM/YY)').fill('12/30');
    await page.getByLabel('Security code (CVC)').fill('123');
    await page.getByRole('button', { name: 'Use this payment' }).click();

    await focusedStep(page, 'Review');
    await page.getByText('Payment: Card ending in 1111').waitFor();
    await page.getByRole('button', { name: 'Place order' }).click();
    await page.getByRole('heading', { level: 1, name: 'Order confirmation' }).waitFor();
    assert.ok((await page.locator('.sf-checkout__reference').textContent()).trim().length > 0, 'an order reference number');
  } finally {
    await setGuestCheckout(false);
  }
});
