// Staff work the store from the console (issue 18 item 3), in real browsers against the real binary: the admin
// switches to Commerce Admin (kept after a reload), changes the standard price of a product from its price book
// entries, and a buyer in another browser sees the new price on the product page after a reload; an order summary's
// status moves along the order rules and an invalid move shows the API's error; a coupon is added to a promotion from
// its related list; the Store Manager adjusts stock, a negative count refused by the inventory rule. axe finds no
// serious violations on the pages on the way.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { setupStack, seriousAxeViolations, usd } from './harness.mjs';

const stack = setupStack();

const ADMIN = { username: 'admin@example.com', password: 'demo1234' };
// The demo's Store Manager (manager@example.com is a buyer who manages their company's account).
const STORE_MANAGER = { username: 'merchandiser@example.com', password: 'demo1234' };
const BUYER = { username: 'buyer@example.com', password: 'demo1234', first: 'Bonnie' };
// Demo product 6: 47.49 in the standard price book (the buyer's list price), a contract price below it.
const BINDER = { id: '01t0S0000000006QAA', name: 'Everline Ring Binder, 1 in, White', path: '/product/ring-binder-1-in-white-6/01t0S0000000006QAA' };

const launcher = (page) => page.getByRole('combobox', { name: 'App', exact: true });
const nav = (page) => page.getByRole('navigation', { name: 'Commerce Admin items' });

/** Signs a staff user (the admin by default) in and selects Commerce Admin in the launcher. */
async function openCommerceAdmin(page, user = ADMIN) {
  await stack.logIn(page, user);
  await page.goto(stack.url('/console'));
  await launcher(page).selectOption({ label: 'Commerce Admin' });
  await nav(page).getByRole('link', { name: 'Products' }).waitFor();
}

/** Opens the first record of an object home's list whose search finds term, by its link. */
async function openFromList(page, navLabel, listLabel, term, linkName) {
  await nav(page).getByRole('link', { name: navLabel, exact: true }).click();
  const grid = page.getByRole('grid', { name: listLabel });
  await grid.getByRole('row').nth(1).waitFor();
  await page.getByRole('searchbox', { name: 'Search this list' }).fill(term);
  await page.getByRole('searchbox', { name: 'Search this list' }).press('Enter');
  await page.getByText(/matching/).waitFor();
  await grid.getByRole('link', { name: linkName, exact: true }).click();
  await page.getByRole('heading', { level: 1 }).waitFor();
}

/** The shown value of a record page's field, by its label. */
const fieldValue = (page, label) => page.locator('.cs-field').filter({ has: page.locator('dt', { hasText: new RegExp(`^${label}$`) }) }).locator('dd span');

/** The buyer's list price of the binder as its product page shows it, after a fresh load. */
async function buyerListPrice(page) {
  await page.goto(stack.url(BINDER.path));
  const original = page.locator('.sf-product__pricing .sf-price__original s');
  await original.waitFor();
  return original.textContent();
}

test('the admin switches to Commerce Admin and changes a price; the buyer sees it on reload', async () => {
  const buyer = await (await stack.newContext()).newPage();
  await stack.logIn(buyer, BUYER);
  assert.equal(await buyerListPrice(buyer), usd('47.49'));

  const page = await (await stack.newContext()).newPage();
  await page.setViewportSize({ width: 1280, height: 900 });
  await openCommerceAdmin(page);

  // The selection is saved: after a reload the launcher still shows Commerce Admin and its tabs.
  await page.reload();
  await nav(page).getByRole('link', { name: 'Price Books' }).waitFor();
  assert.equal(await launcher(page).locator('option:checked').textContent(), 'Commerce Admin');
  assert.deepEqual(await nav(page).getByRole('link').allTextContents(), [
    'Stores', 'Products', 'Price Books', 'Product Inventory', 'Buyer Groups', 'Entitlement Policies', 'Catalogs', 'Promotions',
    'Coupons', 'Order Summaries',
  ]);
  assert.deepEqual(await seriousAxeViolations(page), []);

  // The product, then its entry in the standard price book from the Price Book Entries related list.
  await openFromList(page, 'Products', 'All Products', 'Ring Binder', BINDER.name);
  await page.getByRole('heading', { level: 1, name: BINDER.name }).waitFor();
  const entries = page.getByRole('region', { name: /^Price Book Entries \(\d+\)$/ });
  await entries.getByRole('link', { name: 'Standard Price Book', exact: true }).waitFor();
  assert.deepEqual(await entries.getByRole('columnheader').allTextContents(), ['Price Book', 'List Price', 'Active', 'Volume Schedule']);
  assert.deepEqual(await seriousAxeViolations(page), []);
  await entries.getByRole('link', { name: 'Standard Price Book', exact: true }).click();
  await page.waitForURL((u) => /\/console\/r\/PricebookEntry\/01u/.test(u.pathname));

  // Inline edit of List Price: a negative price is refused with the rule's field error, a good one is saved.
  const edit = page.getByRole('button', { name: 'Edit List Price' });
  await edit.click();
  const input = page.getByLabel('List Price', { exact: true });
  await input.fill('-1');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await page.getByRole('alert').filter({ hasText: "List Price can't be negative." }).waitFor();
  assert.equal(await input.getAttribute('aria-invalid'), 'true');
  await input.fill('52.25');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await edit.waitFor();
  await fieldValue(page, 'List Price').filter({ hasText: '52.25' }).waitFor();
  assert.deepEqual(await seriousAxeViolations(page), []);

  // The buyer, in their own browser, sees the new list price on a reload.
  assert.equal(await buyerListPrice(buyer), usd('52.25'));
});

test('an order summary moves along its statuses; a move back shows the API error', async () => {
  const ref = await stack.placeOrder(BUYER, [{ productId: BINDER.id, quantity: 1 }]);
  const page = await (await stack.newContext()).newPage();
  await page.setViewportSize({ width: 1280, height: 900 });
  await openCommerceAdmin(page);
  await openFromList(page, 'Order Summaries', 'All Order Summaries', ref, ref);
  await page.getByRole('heading', { level: 1, name: ref }).waitFor();

  const status = fieldValue(page, 'Status');
  assert.equal(await status.textContent(), 'Created');
  const setStatus = async (value) => {
    await page.getByRole('button', { name: 'Edit Status' }).click();
    await page.getByLabel('Status', { exact: true }).selectOption(value);
    await page.getByRole('button', { name: 'Save', exact: true }).click();
  };

  await setStatus('Approved');
  await page.getByRole('button', { name: 'Edit Status' }).waitFor();
  assert.equal(await status.textContent(), 'Approved');

  // No summary moves back: the engine's order rule refuses, and the page shows its message by the field.
  await setStatus('Created');
  await page.getByRole('alert').filter({ hasText: "The status can't change from Approved to Created." }).waitFor();
  assert.equal(await page.getByLabel('Status', { exact: true }).getAttribute('aria-invalid'), 'true');
  assert.deepEqual(await seriousAxeViolations(page), []);
  await page.getByRole('button', { name: 'Cancel', exact: true }).click();
  await page.reload();
  await page.getByRole('heading', { level: 1, name: ref }).waitFor();
  assert.equal(await status.textContent(), 'Approved');
});

test("a coupon is added to a promotion from the promotion's Coupons list", async () => {
  const page = await (await stack.newContext()).newPage();
  await page.setViewportSize({ width: 1280, height: 900 });
  await openCommerceAdmin(page);
  await nav(page).getByRole('link', { name: 'Promotions', exact: true }).click();
  const grid = page.getByRole('grid', { name: 'All Promotions' });
  await grid.getByRole('row').nth(1).waitFor();
  const promotion = (await grid.locator('tbody tr td:first-child').first().textContent()).trim();
  await grid.getByRole('link', { name: promotion, exact: true }).click();
  await page.getByRole('heading', { level: 1, name: promotion }).waitFor();

  const coupons = page.getByRole('region', { name: /^Coupons \(\d+\)$/ });
  await coupons.waitFor();
  const count = Number((await coupons.getByRole('heading').textContent()).match(/\((\d+)\)/)[1]);
  await coupons.getByRole('button', { name: 'New Coupon' }).click();
  const dialog = page.getByRole('dialog', { name: 'New Coupon' });
  await dialog.getByLabel('Coupon Code').fill('CONSOLE-E2E-15');
  assert.deepEqual(await seriousAxeViolations(page), []);
  await dialog.getByRole('button', { name: 'Save' }).click();
  await dialog.waitFor({ state: 'detached' });
  const after = page.getByRole('region', { name: `Coupons (${count + 1})` });
  await after.getByRole('link', { name: 'CONSOLE-E2E-15', exact: true }).waitFor();

  // The code is unique: a second coupon with it is refused with the API's message, in the dialog.
  await after.getByRole('button', { name: 'New Coupon' }).click();
  await dialog.getByLabel('Coupon Code').fill('CONSOLE-E2E-15');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await dialog.getByRole('alert').waitFor();
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await page.getByRole('region', { name: `Coupons (${count + 1})` }).waitFor();
});

test('the Store Manager adjusts stock from Product Inventory; a negative count is refused', async () => {
  const page = await (await stack.newContext()).newPage();
  await page.setViewportSize({ width: 1280, height: 900 });
  await openCommerceAdmin(page, STORE_MANAGER);
  // Stock rows have no name of their own: the list names them by their product, and the link opens the row.
  await nav(page).getByRole('link', { name: 'Product Inventory', exact: true }).click();
  const grid = page.getByRole('grid', { name: 'All Product Inventory' });
  await grid.getByRole('row').nth(1).waitFor();
  const headings = await grid.getByRole('separator').evaluateAll((els) => els.map((e) => e.getAttribute('aria-label').replace(/^Resize /, '')));
  assert.deepEqual(headings, ['Product Name', 'Quantity On Hand', 'Quantity Reserved', 'Low Stock Threshold', 'Location']);
  await grid.locator('tbody tr').first().getByRole('link').click();
  await page.waitForURL((u) => /\/console\/r\/ProductInventory\/0iv/.test(u.pathname));

  const edit = page.getByRole('button', { name: 'Edit Quantity On Hand' });
  await edit.click();
  const input = page.getByLabel('Quantity On Hand', { exact: true });
  await input.fill('-1');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await page.getByRole('alert').filter({ hasText: "Quantity On Hand can't be negative." }).waitFor();
  assert.deepEqual(await seriousAxeViolations(page), []);
  await input.fill('250');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await edit.waitFor();
  assert.equal(await fieldValue(page, 'Quantity On Hand').textContent(), '250');
});
