// Accounts in a real browser against the real binary (issue 8): the header's account switcher
// (a manager buys for a managed account: its prices, its cart; and back) and My Account →
// Addresses (add, make default, edit, delete), with axe audits.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { accountSwitcher, seriousAxeViolations, setupStack, switchAccount, sidewaysOverflow } from './harness.mjs';

const stack = setupStack();

const MANAGER = { username: 'manager@example.com', password: 'demo1234', first: 'Morgan' };
const BUYER = { username: 'buyer@example.com', password: 'demo1234', first: 'Bonnie' };
// internal/demo: the manager's own account buys from Enterprise Pricing; Summit Medical Center,
// one of the accounts she manages, from Contractor Pricing.
const OWN_NAME = 'Northwind Property Management';
const OTHER_NAME = 'Summit Medical Center';
const COMMERCE = () => stack.commercePath();

test('a manager switches to a managed account: its prices and its cart; switching back shows her own cart', async () => {
  // Find, through the API, the managed account and a product whose price differs from her own.
  const bearer = await stack.token(MANAGER);
  const { externalManagedAccounts: accounts } = await stack.apiGet(bearer, `${COMMERCE()}/external-managed-accounts?includeMyAccount=true`);
  assert.equal(accounts[0].accountName, OWN_NAME);
  const other = accounts.find((a) => a.accountName === OTHER_NAME);
  assert.ok(other, `${OTHER_NAME} is managed`);
  const product = await stack.pricedDifferently(bearer, other.accountId);
  const detail = await stack.apiGet(bearer, `${COMMERCE()}/products/${product.id}?fields=StockKeepingUnit`);
  const quantity = Number(detail.purchaseQuantityRule?.minimum ?? 1) || 1;

  const context = await stack.newContext();
  const page = await context.newPage();
  await page.setViewportSize({ width: 1280, height: 900 });
  await stack.logIn(page, MANAGER);
  await accountSwitcher(page).waitFor();
  assert.equal(await accountSwitcher(page).getAttribute('aria-label'), `Buying for ${OWN_NAME}, switch account`);
  assert.match(await accountSwitcher(page).textContent(), new RegExp(OWN_NAME));

  await page.goto(stack.url(`/product/detail/${product.id}`));
  const price = page.getByRole('main').locator('.sf-price__current').first();
  await assert.doesNotReject(() => price.filter({ hasText: product.own }).waitFor());

  // The switcher open: rows with places, the current account selected; no serious axe finding.
  await accountSwitcher(page).click();
  const dialog = page.getByRole('dialog', { name: 'Switch account' });
  await dialog.getByRole('option').first().waitFor();
  assert.equal(await dialog.getByRole('option', { selected: true }).count(), 1);
  assert.match(await dialog.getByRole('option', { selected: true }).textContent(), new RegExp(OWN_NAME));
  assert.match(await dialog.getByRole('option', { name: new RegExp(OTHER_NAME) }).textContent(), /Salt Lake City, UT, United States/);
  assert.deepEqual(await seriousAxeViolations(page), [], 'no serious violation with the switcher open');
  await page.keyboard.press('Escape');
  await dialog.waitFor({ state: 'detached' });
  assert.equal(await page.evaluate(() => document.activeElement?.getAttribute('aria-label')), `Buying for ${OWN_NAME}, switch account`);

  await switchAccount(page, OTHER_NAME);
  assert.equal(await page.evaluate(() => sessionStorage.getItem('effectiveAccountId')), other.accountId);
  await page.getByRole('status').filter({ hasText: `Now buying for ${OTHER_NAME}` }).waitFor({ state: 'attached' });
  await price.filter({ hasText: product.theirs }).waitFor();
  await page.getByRole('banner').getByText(`Buying for ${OTHER_NAME}`, { exact: false }).first().waitFor();

  // Adding to the cart (Quick Order) fills the managed account's cart, not the manager's own.
  const ownBefore = await stack.cartCount(page, null);
  const theirsBefore = await stack.cartCount(page, other.accountId);
  await page.goto(stack.url('/quick-order'));
  await accountSwitcher(page).filter({ hasText: OTHER_NAME }).waitFor(); // the tab keeps the chosen account
  const csv = `SKU,Quantity\r\n${detail.sku ?? detail.fields?.StockKeepingUnit},${quantity}\r\n`;
  await page.getByLabel('Upload a CSV file').setInputFiles({ name: 'order.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
  await page.getByText('1 lines read from order.csv.').or(page.getByText('1 line read from order.csv.')).waitFor();
  await page.getByRole('button', { name: 'Add to cart' }).click();
  await page.getByRole('heading', { level: 2, name: 'Results' }).waitFor({ timeout: 60_000 });
  assert.equal(await stack.cartCount(page, other.accountId), theirsBefore + quantity);
  assert.equal(await stack.cartCount(page, null), ownBefore);
  const badge = page.getByRole('banner').getByRole('link', { name: /^Cart/ });
  await page.waitForFunction(
    (n) => document.querySelector('.cart-badge')?.getAttribute('aria-label')?.includes(`${n} item`),
    theirsBefore + quantity,
  );

  // Back to her own account: her own cart and prices.
  await switchAccount(page, OWN_NAME);
  await page.waitForFunction(
    (n) => {
      const label = document.querySelector('.cart-badge')?.getAttribute('aria-label') ?? '';
      return label.startsWith('Cart:') && label.includes(`${n} item`);
    },
    ownBefore,
  );
  assert.match((await badge.getAttribute('aria-label')) ?? '', new RegExp(`Cart: ${ownBefore} item`));
  await page.goto(stack.url(`/product/detail/${product.id}`));
  await price.filter({ hasText: product.own }).waitFor();
});

test('a buyer adds an address, makes it the default, edits it and deletes it; axe is content', async () => {
  const context = await stack.newContext();
  const page = await context.newPage();
  await page.setViewportSize({ width: 1280, height: 900 });
  await stack.logIn(page, BUYER);
  // A buyer with one account has no switcher.
  assert.equal(await page.getByRole('button', { name: /switch account/ }).count(), 0);

  // The profile menu's Addresses item leads to the page.
  await page.getByRole('button', { name: `${BUYER.first}, profile menu` }).click();
  await page.getByRole('menuitem', { name: 'Addresses' }).click();
  await page.waitForURL((u) => u.pathname.endsWith('/my-account/addresses'));
  const main = page.getByRole('main');
  await main.getByRole('heading', { level: 1, name: 'Addresses' }).waitFor();
  const cards = main.getByRole('list', { name: 'Saved addresses' }).getByRole('listitem');
  await cards.first().waitFor();
  const before = await cards.count();
  assert.match(await cards.first().textContent(), /Default (shipping|billing)/);
  assert.deepEqual(await seriousAxeViolations(page), [], 'no serious violation on the addresses page');

  // A refused address shows the server's message under its field.
  await main.getByRole('button', { name: 'Add address' }).click();
  await main.getByRole('button', { name: 'Add address' }).click();
  await page.waitForFunction(() => document.activeElement?.getAttribute('aria-invalid') === 'true');
  assert.equal(await main.getByLabel(/^Street/).getAttribute('aria-invalid'), 'true');
  assert.deepEqual(await seriousAxeViolations(page), [], 'no serious violation with the form and its errors');

  // Add.
  await main.getByLabel('First name').fill('Dana');
  await main.getByLabel('Last name').fill('Dock');
  await main.getByLabel(/^Street/).fill('77 Loading Way');
  await main.getByLabel(/^City/).fill('Aurora');
  await main.getByLabel('State or region').fill('CO');
  await main.getByLabel('Postal code').fill('80010');
  await main.getByLabel(/^Country/).selectOption('US');
  await main.getByLabel('Phone').fill('+1 720 555 0142');
  await main.getByRole('button', { name: 'Add address' }).click();
  await page.getByRole('status').filter({ hasText: 'Address added.' }).waitFor({ state: 'attached' });
  const added = cards.filter({ hasText: '77 Loading Way' });
  await added.waitFor();
  assert.equal(await cards.count(), before + 1);
  assert.match(await added.textContent(), /Dana Dock/);
  assert.match(await added.textContent(), /\(720\) 555-0142/);

  // Make it the default shipping address: it moves first with the badge.
  await added.getByRole('button', { name: /as default shipping address/ }).click();
  await cards.first().filter({ hasText: '77 Loading Way' }).filter({ hasText: 'Default shipping' }).waitFor();

  // Edit.
  await added.getByRole('button', { name: /^Edit/ }).click();
  await main.getByLabel(/^Street/).fill('79 Loading Way');
  await main.getByRole('button', { name: 'Save address' }).click();
  await cards.filter({ hasText: '79 Loading Way' }).waitFor();
  assert.equal(await cards.filter({ hasText: '77 Loading Way' }).count(), 0);

  // Delete, after confirming.
  const edited = cards.filter({ hasText: '79 Loading Way' });
  await edited.getByRole('button', { name: /^Delete/ }).click();
  await edited.getByRole('button', { name: 'Yes, delete' }).click();
  await page.getByRole('status').filter({ hasText: 'Address deleted.' }).waitFor({ state: 'attached' });
  await page.waitForFunction((n) => document.querySelectorAll('.address-card').length === n, before);
  assert.equal(await cards.filter({ hasText: 'Loading Way' }).count(), 0);

  // A hard reload of the page loads it again (the server routes the path).
  const res = await page.goto(stack.url('/my-account/addresses'));
  assert.equal(res.status(), 200);
  await main.getByRole('heading', { level: 1, name: 'Addresses' }).waitFor();
});

test('on a 375 px phone the switcher is an icon with the account in its label, and nothing scrolls sideways', async () => {
  const context = await stack.newContext();
  const page = await context.newPage();
  await page.setViewportSize({ width: 375, height: 800 });
  await stack.logIn(page, MANAGER);
  const button = accountSwitcher(page);
  await button.waitFor();
  assert.equal(await button.getAttribute('aria-label'), `Buying for ${OWN_NAME}, switch account`);
  const box = await button.boundingBox();
  assert.ok(box.width < 120, `the button is icon-sized on phones (${box.width}px)`);
  await button.click();
  const dialog = page.getByRole('dialog', { name: 'Switch account' });
  await dialog.getByRole('option').first().waitFor();
  const dialogBox = await dialog.boundingBox();
  assert.ok(dialogBox.x >= 0 && dialogBox.x + dialogBox.width <= 375, 'the popover fits the screen');
  assert.ok((await sidewaysOverflow(page)) <= 0, 'no sideways scroll');
  await page.keyboard.press('Escape');
  await page.goto(stack.url('/my-account/addresses'));
  await page.getByRole('main').getByRole('list', { name: 'Saved addresses' }).waitFor();
  assert.ok((await sidewaysOverflow(page)) <= 0, 'no sideways scroll on the addresses page');
});
