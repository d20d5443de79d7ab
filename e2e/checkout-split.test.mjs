// Split shipment in a real browser against the real binary (issue 8, "Done when": a split shipment sends two
// lines to two addresses). buyer@example.com puts two products in the cart, ships line 1 to the Receiving Dock
// and line 2 to the Maintenance Shop (her two saved shipping addresses, internal/demo), with a desired delivery
// date and instructions, picks a method per shipment, applies a coupon at payment, pays by PO and places the order.
// The confirmation survives a reload; a wrong reference says so; the API shows two delivery groups with those
// addresses. axe finds nothing serious with split shipment open, and nothing scrolls sideways at 375 px.
import assert from 'node:assert/strict';
import { beforeEach, test } from 'node:test';
import { focusedStep, productId, seriousAxeViolations, setupStack, sidewaysOverflow } from './harness.mjs';

const stack = setupStack();

const BUYER = { username: 'buyer@example.com', password: 'demo1234', first: 'Bonnie' };
const DOCK = { label: 'Acme Facilities Group - Receiving Dock (1550 Wynkoop St, Denver)', street: '1550 Wynkoop St' };
const SHOP = { label: 'Acme Facilities Group - Maintenance Shop (20 Service Rd, Denver)', street: '20 Service Rd' };

beforeEach(async () => {
  if (stack.site) await stack.emptyCart(BUYER);
});

/** Two demo products the buyer may buy: {id, name}. */
async function twoProducts() {
  const bearer = await stack.token(BUYER);
  const out = [];
  for (const n of [6, 2]) {
    const p = await stack.apiGet(bearer, stack.commercePath(`/products/${productId(n)}`));
    out.push({ id: productId(n), name: p.fields.Name });
  }
  return out;
}

async function addToCart(page, product) {
  await page.goto(stack.url(`/product/detail/${product.id}`));
  await page.getByRole('heading', { level: 1, name: product.name }).waitFor();
  await page.getByRole('button', { name: 'Add to cart' }).click();
  await page.getByRole('status').filter({ hasText: `× ${product.name} to your cart.` }).waitFor();
}

/** Tomorrow as YYYY-MM-DD (local time, as the date input takes it). */
function tomorrow() {
  const d = new Date(Date.now() + 24 * 3600 * 1000);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
}

for (const width of [1280, 375]) {
  test(`${width}px: the buyer ships two lines to two addresses, pays by PO; the order has two delivery groups`, async () => {
    const [first, second] = await twoProducts();
    const context = await stack.newContext();
    const page = await context.newPage();
    await page.setViewportSize({ width, height: 900 });
    await stack.logIn(page, BUYER);
    await addToCart(page, first);
    await addToCart(page, second);

    await page.goto(stack.url('/checkout'));
    await page.getByRole('heading', { level: 1, name: 'Checkout' }).waitFor();
    const main = page.getByRole('main');
    await main.getByRole('button', { name: 'Use this address' }).waitFor();

    // Step 1, split: an address per line, chosen with the keyboard-reachable selects.
    await main.getByRole('checkbox', { name: 'Ship to multiple addresses' }).check();
    const firstSelect = main.getByRole('combobox', { name: `Ship ${first.name} to` });
    const secondSelect = main.getByRole('combobox', { name: `Ship ${second.name} to` });
    await firstSelect.waitFor();
    await firstSelect.selectOption({ label: DOCK.label });
    await secondSelect.selectOption({ label: SHOP.label });
    await main.getByLabel('Desired delivery date').fill(tomorrow());
    await main.getByLabel('Shipping instructions').fill('Ring the bell at the loading dock.');
    await page.waitForLoadState('networkidle');
    assert.deepEqual(await seriousAxeViolations(page), [], 'no serious axe violation with split shipment open');
    const overflow = await sidewaysOverflow(page);
    assert.ok(overflow <= 0, `no sideways scroll (${overflow}px too wide)`);
    await main.getByRole('button', { name: 'Use these addresses' }).click();

    // Step 2: a method per shipment; Express for the second.
    await focusedStep(page, 'Delivery method');
    const shipments = main.getByRole('group', { name: /^Shipment \d of 2/ });
    assert.equal(await shipments.count(), 2);
    await main.getByRole('group', { name: new RegExp(`Shipment \\d of 2: ${SHOP.street}`) }).getByRole('radio', { name: /Express/ }).check();
    await main.getByRole('button', { name: 'Use these delivery methods' }).click();

    // Step 3: a coupon (the total to pay drops), then a purchase order.
    await focusedStep(page, 'Payment');
    const due = main.locator('.sf-checkout__due-amount');
    const before = (await due.textContent()).trim();
    await main.getByLabel('Coupon code').fill('SPRING10');
    await main.getByRole('button', { name: 'Apply' }).click();
    await main.getByRole('list', { name: 'Applied coupons' }).getByText('SPRING10').waitFor();
    await page.waitForFunction((old) => document.querySelector('.sf-checkout__due-amount')?.textContent.trim() !== old, before);
    const afterCoupon = (await due.textContent()).trim();
    await page.getByLabel('Purchase order number').fill('PO-SPLIT-1');
    await page.getByRole('button', { name: 'Use this payment' }).click();

    // Step 4: the shipments with their methods and fees, then place.
    await focusedStep(page, 'Review');
    const list = main.getByRole('list', { name: 'Shipments' });
    await list.getByRole('listitem').filter({ hasText: SHOP.street }).filter({ hasText: 'Express' }).waitFor();
    await list.getByRole('listitem').filter({ hasText: DOCK.street }).filter({ hasText: 'Ground' }).waitFor();
    const total = main.locator('.sf-checkout__step--current .sf-cart-totals__row').filter({ has: page.locator('dt', { hasText: /^Total$/ }) }).locator('dd');
    assert.equal((await total.textContent()).trim(), afterCoupon);
    const placedTotal = (await total.textContent()).trim();
    // Issue 15 item 19: the review names each shipment's items; the order detail later numbers them the same way.
    const reviewStreets = [];
    for (const n of [1, 2]) {
      const shipment = list.getByRole('listitem').filter({ has: page.getByRole('heading', { name: `Shipment ${n} of 2` }) });
      reviewStreets.push((await shipment.textContent()).includes(DOCK.street) ? DOCK.street : SHOP.street);
    }
    for (const line of [first, second]) {
      await list.getByRole('list', { name: /^Items of shipment \d of 2$/ }).getByText(line.name).waitFor();
    }
    await main.getByRole('button', { name: 'Place order' }).click();

    await page.waitForURL((u) => u.pathname.startsWith(`${stack.site.basePath}/order-confirmation/`));
    await page.getByRole('heading', { level: 1, name: 'Order confirmation' }).waitFor();
    const ref = (await page.locator('.sf-checkout__reference').textContent()).trim();
    await page.locator('.sf-checkout__total').filter({ hasText: placedTotal }).waitFor();

    // A reload shows the same reference, total and items (looked up, not handed over).
    await page.reload();
    await page.getByRole('heading', { level: 1, name: 'Order confirmation' }).waitFor();
    assert.equal((await page.locator('.sf-checkout__reference').textContent()).trim(), ref);
    await page.locator('.sf-checkout__total').filter({ hasText: placedTotal }).waitFor();
    await main.getByText(first.name).waitFor();
    await main.getByText(second.name).waitFor();

    // Through the API: two delivery groups, each line at its address, with the date and instructions.
    const bearer = await stack.token(BUYER);
    const res = await fetch(stack.url(stack.commercePath('/order-summaries/actions/lookup')), {
      method: 'POST',
      headers: { Authorization: `Bearer ${bearer}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ orderSummaryIdOrRefNumber: ref }),
    });
    assert.equal(res.status, 200);
    // Salesforce's Order Summary Lookup Output: each group's fields, its delivery method and its line items.
    const order = await res.json();
    assert.equal(order.deliveryGroups.length, 2);
    const streetOf = (name) =>
      order.deliveryGroups.find((g) => g.lineItems.some((li) => li.fields.Name?.text === name))?.fields.DeliverToStreet?.text;
    assert.equal(streetOf(first.name), DOCK.street);
    assert.equal(streetOf(second.name), SHOP.street);
    for (const g of order.deliveryGroups) {
      assert.equal(g.fields.DesiredDeliveryDate?.text?.slice(0, 10), tomorrow());
      assert.equal(g.fields.DeliveryInstructions?.text, 'Ring the bell at the loading dock.');
    }
    assert.deepEqual(order.deliveryGroups.map((g) => g.deliveryMethod?.fields.Name?.text).sort(), ['Express', 'Ground']);

    // The order detail numbers the deliveries as the review did.
    await page.goto(stack.url(`/orders/${order.id}`));
    for (const [i, street] of reviewStreets.entries()) {
      const section = main.getByRole('region', { name: `Delivery ${i + 1} of 2` });
      await section.getByText(street).waitFor();
    }

    // A reference that is not one of hers: a not-found page.
    await page.goto(stack.url('/order-confirmation/NOPE-0000'));
    await page.getByRole('heading', { level: 1, name: 'Order not found' }).waitFor();
    await main.getByRole('alert').filter({ hasText: 'NOPE-0000' }).waitFor();
  });
}
