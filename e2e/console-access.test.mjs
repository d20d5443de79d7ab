// Who sees what in the staff console, in a real browser against the real binary (issue 18): a Support Agent works
// cases and contacts, reads orders without edit controls, and never sees the fields its profile hides (list columns,
// record pages, search); guests are sent to the login page and buyers to the store; at the spec's breakpoints the
// console fits the viewport (the nav collapses behind a Menu button on phones) with no serious axe violations.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { productId, seriousAxeViolations, setupStack, sidewaysOverflow } from './harness.mjs';

const stack = setupStack();

const ADMIN = { username: 'admin@example.com', password: 'demo1234' };
const SUPPORT = { username: 'support@example.com', password: 'demo1234' };
const BUYER = { username: 'buyer@example.com', password: 'demo1234', first: 'Bonnie' };

// Fields the Support Agent profile hides (internal/records/profiles.go), by their labels.
const HIDDEN_LABELS = /Annual Revenue|Grand Total/;

// Widths inside each of the spec's breakpoints: mobile to 47.9375em, tablet 48em-64em, desktop from 64.0625em.
const VIEWPORTS = [
  { name: 'mobile', width: 375, height: 812 },
  { name: 'tablet', width: 800, height: 1024 },
  { name: 'desktop', width: 1280, height: 900 },
];

// One order placed by the buyer (the demo store has none), for the tests that open it.
let placed;
const anOrder = () => (placed ??= stack.placeOrder(BUYER, [{ productId: productId(3), quantity: 2 }]));

const nav = (page) => page.getByRole('navigation', { name: /items$/ });
const grid = (page, name) => page.getByRole('grid', { name });

async function openList(page, label, gridName) {
  await nav(page).getByRole('link', { name: label, exact: true }).click();
  await grid(page, gridName).getByRole('row').nth(1).waitFor();
}

/** Opens the record of the list's row whose first cell is text. */
async function openRow(page, gridName, text) {
  await grid(page, gridName).getByRole('link', { name: text, exact: true }).click();
  await page.getByRole('heading', { level: 1, name: text }).waitFor();
  // The layout's sections are drawn once the record's page has its fields.
  await page.locator('.cs-section').first().waitFor();
}

test('an administrator sees the fields a Support Agent may not (the labels the next test looks for exist)', async () => {
  const orderNumber = await anOrder();
  const page = await stack.newPage();
  await page.setViewportSize({ width: 1280, height: 900 });
  await stack.logIn(page, ADMIN);
  await page.goto(stack.url('/console'));
  await openList(page, 'Orders', 'All Orders');
  await openRow(page, 'All Orders', orderNumber);
  await page.getByText('Grand Total', { exact: true }).first().waitFor();
  await page.getByRole('button', { name: /^Edit / }).first().waitFor();
  await openList(page, 'Accounts', 'All Accounts');
  const account = (await grid(page, 'All Accounts').locator('tbody tr td:first-child').first().textContent()).trim();
  await openRow(page, 'All Accounts', account);
  await page.getByText('Annual Revenue', { exact: true }).first().waitFor();
});

test('a Support Agent reads orders without edit controls, edits contacts and never sees hidden fields', async () => {
  const orderNumber = await anOrder();
  const page = await stack.newPage();
  await page.setViewportSize({ width: 1280, height: 900 });
  await stack.logIn(page, SUPPORT);
  await page.goto(stack.url('/console'));
  await nav(page).getByRole('link').first().waitFor();
  const items = await nav(page).getByRole('link').allTextContents();
  assert.deepEqual(items, ['Accounts', 'Contacts', 'Products', 'Orders', 'Order Summaries', 'Cases']);

  // Orders: the list has no hidden column; the record page has no edit, New or Delete control and no hidden field.
  await openList(page, 'Orders', 'All Orders');
  const orderHeaders = await grid(page, 'All Orders').getByRole('columnheader').allTextContents();
  assert.ok(orderHeaders.length > 3, `order columns: ${orderHeaders}`);
  assert.doesNotMatch(orderHeaders.join('|'), HIDDEN_LABELS);
  await openRow(page, 'All Orders', orderNumber);
  assert.equal(await page.getByRole('button', { name: /^(Edit|New|Delete)\b/ }).count(), 0);
  assert.doesNotMatch(await page.getByRole('main').innerText(), HIDDEN_LABELS);
  assert.deepEqual(await seriousAxeViolations(page), []);

  // Accounts are read only for the agent, and Annual Revenue is nowhere.
  await openList(page, 'Accounts', 'All Accounts');
  assert.doesNotMatch((await grid(page, 'All Accounts').getByRole('columnheader').allTextContents()).join('|'), HIDDEN_LABELS);
  const account = (await grid(page, 'All Accounts').locator('tbody tr td:first-child').first().textContent()).trim();
  await openRow(page, 'All Accounts', account);
  assert.doesNotMatch(await page.getByRole('main').innerText(), HIDDEN_LABELS);
  assert.equal(await page.getByRole('button', { name: /^Edit / }).count(), 0);
  // Its contacts may be added to: the agent creates contacts.
  await page.getByRole('region', { name: /^Contacts \(\d+\)$/ }).getByRole('button', { name: 'New Contact' }).waitFor();

  // Contacts and cases are the agent's to edit.
  await openList(page, 'Contacts', 'All Contacts');
  const contact = (await grid(page, 'All Contacts').locator('tbody tr td:first-child').first().textContent()).trim();
  await openRow(page, 'All Contacts', contact);
  await page.getByRole('button', { name: /^Edit / }).first().waitFor();
  await nav(page).getByRole('link', { name: 'Cases', exact: true }).click();
  await page.getByRole('heading', { level: 1, name: 'All Cases' }).waitFor();

  // Search from the header, by keyboard: results grouped by object, the account found, no hidden field named.
  await page.getByRole('searchbox', { name: 'Search the console' }).focus();
  await page.keyboard.type(account);
  await page.keyboard.press('Enter');
  await page.getByRole('heading', { level: 1, name: `Search results for “${account}”` }).waitFor();
  const accounts = page.getByRole('region', { name: /^Accounts \(\d+\+?\)$/ });
  await accounts.getByRole('link', { name: account, exact: true }).waitFor();
  await page.getByRole('region', { name: /^Orders \(/ }).waitFor();
  assert.doesNotMatch(await page.getByRole('main').innerText(), HIDDEN_LABELS);
  assert.deepEqual(await seriousAxeViolations(page), []);
  await accounts.getByRole('link', { name: account, exact: true }).focus();
  await page.keyboard.press('Enter');
  await page.getByRole('heading', { level: 1, name: account }).waitFor();
});

test('the server refuses the hidden fields to a Support Agent (list records, record page data, search)', async () => {
  const orderNumber = await anOrder();
  const bearer = await stack.token(SUPPORT);
  const ui = '/services/data/v64.0/ui-api';
  const call = (method, p, body) =>
    fetch(stack.url(`${ui}/${p}`), {
      method,
      headers: { Authorization: `Bearer ${bearer}`, 'Content-Type': 'application/json', Accept: 'application/json' },
      body: body && JSON.stringify(body),
    });
  const asked = await call('GET', 'list-records/Account/AllAccounts?fields=Account.AnnualRevenue');
  assert.equal(asked.status, 400);
  assert.equal((await asked.json())[0].errorCode, 'INVALID_FIELD');
  const info = await (await call('GET', 'object-info/Order')).json();
  assert.deepEqual([info.createable, info.updateable, info.deletable, 'GrandTotalAmount' in info.fields], [false, false, false, false]);
  const cases = await (await call('GET', 'object-info/Case')).json();
  assert.deepEqual([cases.createable, cases.updateable, cases.deletable], [true, true, true]);
  const found = await call('POST', `search/results/keyword?objectApiName=Order&q=${encodeURIComponent(orderNumber)}`, {});
  assert.equal(found.status, 200);
  const { keywordSearchResult } = await found.json();
  assert.equal(keywordSearchResult.records.length, 1);
  assert.equal('GrandTotalAmount' in keywordSearchResult.records[0].fields, false);
});

test('a guest who opens the console is sent to the login page, and back to the console once signed in', async () => {
  const page = await stack.newPage();
  const res = await page.goto(stack.url('/console/o/Case'));
  assert.equal(res.status(), 200);
  assert.equal((await fetch(stack.url('/console/search?q=acme'))).status, 200); // a page of the site, not a 404
  await page.waitForURL((u) => u.pathname.endsWith('/login'));
  assert.equal(new URL(page.url()).searchParams.get('startURL'), '/console/o/Case');
  await page.getByLabel('Email').fill(SUPPORT.username);
  await page.getByLabel('Password').fill(SUPPORT.password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await page.waitForURL((u) => u.pathname.endsWith('/console/o/Case'));
  await page.getByRole('heading', { level: 1, name: 'All Cases' }).waitFor();
});

test('a buyer who opens the console is sent to the store', async () => {
  const page = await stack.newPage();
  await stack.logIn(page, BUYER);
  await page.goto(stack.url('/console/search?q=acme'));
  await page.waitForURL((u) => !u.pathname.includes('/console'));
  await page.getByRole('button', { name: `${BUYER.first}, profile menu` }).waitFor();
});

for (const vp of VIEWPORTS) {
  test(`at ${vp.name} width (${vp.width}px) the console fits the viewport and axe finds nothing serious`, async () => {
    const page = await stack.newPage();
    await page.setViewportSize({ width: vp.width, height: vp.height });
    await stack.logIn(page, ADMIN);
    await page.goto(stack.url('/console'));
    const menu = page.getByRole('button', { name: 'Menu' });
    if (vp.name === 'mobile') {
      // The nav items hide behind the Menu button; choosing one closes the menu again.
      assert.equal(await nav(page).isVisible(), false);
      assert.equal(await menu.getAttribute('aria-expanded'), 'false');
      await menu.click();
      assert.equal(await menu.getAttribute('aria-expanded'), 'true');
      await openList(page, 'Accounts', 'All Accounts');
      assert.equal(await nav(page).isVisible(), false);
    } else {
      assert.equal(await menu.isVisible(), false);
      await openList(page, 'Accounts', 'All Accounts');
    }
    assert.ok((await sidewaysOverflow(page)) <= 0, 'the list page scrolls sideways');
    assert.deepEqual(await seriousAxeViolations(page), []);

    const account = (await grid(page, 'All Accounts').locator('tbody tr td:first-child').first().textContent()).trim();
    await openRow(page, 'All Accounts', account);
    assert.ok((await sidewaysOverflow(page)) <= 0, 'the record page scrolls sideways');
    assert.deepEqual(await seriousAxeViolations(page), []);

    await page.getByRole('searchbox', { name: 'Search the console' }).fill(account);
    await page.getByRole('searchbox', { name: 'Search the console' }).press('Enter');
    await page.getByRole('region', { name: /^Accounts \(/ }).getByRole('link', { name: account, exact: true }).waitFor();
    assert.ok((await sidewaysOverflow(page)) <= 0, 'the search page scrolls sideways');
    assert.deepEqual(await seriousAxeViolations(page), []);
  });
}
