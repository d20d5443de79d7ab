// The staff console in a real browser against the real binary (issue 18 item 2): list views with sort and column
// widths kept as preferences, a record page with inline edit, section collapse kept as layout user state, New from a
// related list; buyers are sent to the store and guests to the login page; axe finds no serious violations.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { setupStack, seriousAxeViolations } from './harness.mjs';

const stack = setupStack();

const ADMIN = { username: 'admin@example.com', password: 'demo1234' };
const BUYER = { username: 'buyer@example.com', password: 'demo1234', first: 'Bonnie' };

const grid = (page) => page.getByRole('grid', { name: 'All Accounts' });

async function openAccounts(page) {
  await page.goto(stack.url('/console'));
  await page.getByRole('navigation', { name: /items$/ }).getByRole('link', { name: 'Accounts' }).click();
  await grid(page).getByRole('row').nth(1).waitFor();
}

/** The texts of the grid's first column. */
const names = (page) => grid(page).locator('tbody tr td:first-child').allTextContents();

test('staff work with accounts: sort, resize, open, edit inline, collapse a section, add a contact', async () => {
  const page = await stack.newPage();
  await page.setViewportSize({ width: 1280, height: 900 });
  await stack.logIn(page, ADMIN);
  await openAccounts(page);
  assert.deepEqual(await seriousAxeViolations(page), []);

  // Sort by Account Name: descending after one click (it starts ascending), kept after a reload.
  const nameHeader = grid(page).getByRole('columnheader', { name: /Account Name/ });
  assert.equal(await nameHeader.getAttribute('aria-sort'), 'ascending');
  const before = await names(page);
  await nameHeader.getByRole('button', { name: 'Account Name', exact: true }).click();
  await page.waitForFunction(() => document.querySelector('[role=grid] th[aria-sort="descending"]'));
  await page.waitForFunction((first) => {
    const cell = document.querySelector('[role=grid] tbody tr td');
    return cell && cell.textContent !== first && !cell.closest('[aria-busy=true]');
  }, before[0]);
  const sorted = await names(page);
  assert.deepEqual(sorted, [...sorted].sort((a, b) => b.localeCompare(a)));

  // Resize the Industry column with the keyboard: +50 px, saved as a list preference.
  const handle = grid(page).getByRole('separator', { name: 'Resize Industry' });
  const natural = Number(await handle.getAttribute('aria-valuenow'));
  await handle.focus();
  await handle.press('Shift+ArrowRight');
  await page.waitForFunction(
    (n) => Number(document.querySelector('[aria-label="Resize Industry"]')?.getAttribute('aria-valuenow')) !== n,
    natural,
  );
  const width = Number(await handle.getAttribute('aria-valuenow'));
  assert.equal(width, natural + 50);

  await page.reload();
  await grid(page).getByRole('row').nth(1).waitFor();
  assert.equal(await grid(page).getByRole('columnheader', { name: /Account Name/ }).getAttribute('aria-sort'), 'descending');
  assert.equal(Number(await grid(page).getByRole('separator', { name: 'Resize Industry' }).getAttribute('aria-valuenow')), width);
  assert.deepEqual(await names(page), sorted);

  // Keyboard: from the first header, down to the first row, Enter opens the account.
  const first = sorted[0];
  await grid(page).getByRole('columnheader', { name: /Account Name/ }).focus();
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  await page.getByRole('heading', { level: 1, name: first }).waitFor();
  assert.match(new URL(page.url()).pathname, /\/console\/r\/Account\/001/);
  assert.deepEqual(await seriousAxeViolations(page), []);

  // Inline edit: a bad value shows the API's field error, a good one is saved.
  await page.getByRole('button', { name: 'Edit Account Name' }).click();
  const input = page.getByLabel('Account Name', { exact: true });
  await input.fill('');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await page.getByRole('alert').filter({ hasText: 'Required fields are missing' }).waitFor();
  assert.equal(await input.getAttribute('aria-invalid'), 'true');
  await input.fill(`${first} (edited)`);
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await page.getByRole('heading', { level: 1, name: `${first} (edited)` }).waitFor();

  // Collapse System Information: kept after a reload.
  const toggle = page.getByRole('button', { name: 'System Information' });
  assert.equal(await toggle.getAttribute('aria-expanded'), 'true');
  await toggle.click();
  assert.equal(await toggle.getAttribute('aria-expanded'), 'false');
  await page.waitForTimeout(500); // the user-state PATCH settles
  await page.reload();
  await page.getByRole('heading', { level: 1, name: `${first} (edited)` }).waitFor();
  assert.equal(await page.getByRole('button', { name: 'System Information' }).getAttribute('aria-expanded'), 'false');

  // New contact from the Contacts related list: the count goes up by one and the contact is listed.
  const contacts = page.getByRole('region', { name: /^Contacts \(\d+\)$/ });
  await contacts.waitFor();
  const count = Number((await contacts.getByRole('heading').textContent()).match(/\((\d+)\)/)[1]);
  await contacts.getByRole('button', { name: 'New Contact' }).click();
  const dialog = page.getByRole('dialog', { name: 'New Contact' });
  await dialog.getByLabel('Last Name').fill('Console-Tester');
  await dialog.getByLabel('First Name').fill('Cora');
  assert.deepEqual(await seriousAxeViolations(page), []);
  await dialog.getByRole('button', { name: 'Save' }).click();
  await dialog.waitFor({ state: 'detached' });
  await page.getByRole('region', { name: `Contacts (${count + 1})` }).waitFor();
  await page.getByRole('region', { name: `Contacts (${count + 1})` }).getByRole('link', { name: /Console-Tester/ }).waitFor();
});

test('a product opened goes first in Recently Viewed', async () => {
  const page = await stack.newPage();
  await page.setViewportSize({ width: 1280, height: 900 });
  await stack.logIn(page, ADMIN);
  const firstColumn = (label) => page.getByRole('grid', { name: label }).locator('tbody tr td:first-child');
  const open = async (label) => {
    await page.getByLabel('List view').selectOption({ label });
    await firstColumn(label).first().waitFor();
    return firstColumn(label).allTextContents();
  };
  await page.goto(stack.url('/console'));
  await page.getByRole('navigation', { name: /items$/ }).getByRole('link', { name: 'Products' }).click();
  await page.getByLabel('List view').waitFor();
  const before = await open('Recently Viewed');

  // The last product of All Products' first page (not first in Recently Viewed), opened, is first there after.
  const product = (await open('All Products')).filter((n) => n !== before[0]).at(-1);
  await page.getByRole('grid', { name: 'All Products' }).getByRole('link', { name: product, exact: true }).click();
  await page.getByRole('heading', { level: 1, name: product }).waitFor();
  await page.goBack();
  await open('Recently Viewed');
  await page.waitForFunction(
    (name) => document.querySelector('[aria-label="Recently Viewed"] tbody tr td')?.textContent === name,
    product,
  );
  assert.equal((await firstColumn('Recently Viewed').allTextContents())[0], product);
  assert.deepEqual(await seriousAxeViolations(page), []);
});

test('a buyer who opens the console lands on the store', async () => {
  const page = await stack.newPage();
  await stack.logIn(page, BUYER);
  const res = await page.goto(stack.url('/console/o/Account'));
  assert.equal(res.status(), 200);
  await page.waitForURL((u) => !u.pathname.includes('/console'));
  assert.equal(new URL(page.url()).pathname, stack.url('/').replace(stack.server.origin, '') || '/');
  await page.getByRole('button', { name: `${BUYER.first}, profile menu` }).waitFor();
});

test('a guest who opens the console is sent to the login page', async () => {
  const page = await stack.newPage();
  await page.goto(stack.url('/console'));
  await page.waitForURL((u) => u.pathname.endsWith('/login'));
  await page.getByRole('button', { name: 'Log in' }).waitFor();
});
