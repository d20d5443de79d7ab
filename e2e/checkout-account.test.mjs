// Buying for a managed account in a real browser against the real binary (issue 8, "Done when":
// manager@example.com switches to a managed account, sees that account's prices and cart, and places an order
// for it). She switches with the header's account switcher to Summit Medical Center (Contractor Pricing; her own
// account buys from Enterprise Pricing), sees its price, fills its cart (her own badge stays as it was), checks
// out to its address by purchase order, and the order is the managed account's, not hers (API check).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { focusedStep, seriousAxeViolations, setupStack, switchAccount } from './harness.mjs';

const stack = setupStack();

const MANAGER = { username: 'manager@example.com', password: 'demo1234', first: 'Morgan' };
const OWN_NAME = 'Northwind Property Management';
const OTHER = { name: 'Summit Medical Center', street: '50 N Medical Dr' };

const badgeSays = (page, n) =>
  page.waitForFunction((count) => {
    const label = document.querySelector('.cart-badge')?.getAttribute('aria-label') ?? '';
    return label.startsWith('Cart:') && label.includes(`${count} item`);
  }, n);

test('a manager buys for a managed account: its price, its cart, its address; the order is the account\'s', async () => {
  const bearer = await stack.token(MANAGER);
  const { externalManagedAccounts: accounts } = await stack.apiGet(bearer, stack.commercePath('/external-managed-accounts?includeMyAccount=true'));
  const other = accounts.find((a) => a.accountName === OTHER.name);
  assert.ok(other, `${OTHER.name} is managed`);
  const product = await stack.pricedDifferently(bearer, other.accountId);

  const context = await stack.newContext();
  const page = await context.newPage();
  await page.setViewportSize({ width: 1280, height: 900 });
  await stack.logIn(page, MANAGER);
  const ownBefore = await stack.cartCount(page, null);

  // Her own price, then the managed account's.
  await page.goto(stack.url(`/product/detail/${product.id}`));
  const price = page.getByRole('main').locator('.sf-price__current').first();
  await price.filter({ hasText: product.own }).waitFor();
  await switchAccount(page, OTHER.name);
  await price.filter({ hasText: product.theirs }).waitFor();

  // Its cart: the product goes in the managed account's cart; hers is untouched.
  await page.getByRole('button', { name: 'Add to cart' }).click();
  await page.getByRole('status').filter({ hasText: 'to your cart.' }).waitFor();
  const theirs = await stack.cartCount(page, other.accountId);
  assert.ok(theirs > 0, 'the managed account has the product in its cart');
  assert.equal(await stack.cartCount(page, null), ownBefore);
  await badgeSays(page, theirs);
  await switchAccount(page, OWN_NAME);
  await badgeSays(page, ownBefore);
  await switchAccount(page, OTHER.name);
  await badgeSays(page, theirs);

  // Checkout for it: its address book, a method, a purchase order.
  await page.goto(stack.url('/checkout'));
  const main = page.getByRole('main');
  await main.getByRole('heading', { level: 1, name: 'Checkout' }).waitFor();
  const chosen = main.getByRole('radio', { name: new RegExp(OTHER.street), checked: true });
  await chosen.first().waitFor();
  await page.waitForLoadState('networkidle');
  assert.deepEqual(await seriousAxeViolations(page), []);
  await main.getByRole('button', { name: 'Use this address' }).click();
  await focusedStep(page, 'Delivery method');
  await main.getByRole('button', { name: 'Use this delivery method' }).click();
  await focusedStep(page, 'Payment');
  await page.getByLabel('Purchase order number').fill('PO-SUMMIT-7');
  await page.getByRole('button', { name: 'Use this payment' }).click();
  await focusedStep(page, 'Review');
  await main.getByRole('button', { name: 'Place order' }).click();
  await page.getByRole('heading', { level: 1, name: 'Order confirmation' }).waitFor();
  const ref = (await page.locator('.sf-checkout__reference').textContent()).trim();
  await badgeSays(page, 0);

  // The order is the managed account's: in its order list, not in hers.
  const list = async (query) => (await stack.apiGet(bearer, stack.commercePath(`/order-summaries?ownerScope=Account${query}`))).orderSummaries.map((s) => s.orderNumber);
  assert.ok((await list(`&effectiveAccountId=${other.accountId}`)).includes(ref), `${ref} is ${OTHER.name}'s`);
  assert.ok(!(await list('')).includes(ref), `${ref} is not ${OWN_NAME}'s`);
  assert.equal(await stack.cartCount(page, null), ownBefore, 'her own cart is as it was');
});
