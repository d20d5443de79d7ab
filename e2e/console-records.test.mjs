// The console's record forms in a real browser against the real binary (issue 18 item 2): a duplicate lead is
// warned about and saved anyway, a Case form offers only the Reasons valid for its Type, a lookup is found by typing
// and chosen by keyboard, an account is cloned, edited and deleted, a quick action creates a case; axe finds no
// serious violations in any dialog.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { setupStack, seriousAxeViolations } from './harness.mjs';

const stack = setupStack();

const ADMIN = { username: 'admin@example.com', password: 'demo1234' };
const JORDAN = { id: '00Q0S0000000001UAA', name: 'Jordan Reyes', company: 'Cascade Hospitality', email: 'jordan.reyes@example.com' };
const ACME = { id: '0010S0000000001QAA', name: 'Acme Facilities Group', industry: 'Construction' };

async function adminPage() {
  const page = await stack.newPage();
  await page.setViewportSize({ width: 1280, height: 900 });
  await stack.logIn(page, ADMIN);
  return page;
}

/** Opens an object's home and its New dialog. */
async function openNew(page, objectApiName, label) {
  await page.goto(stack.url(`/console/o/${objectApiName}`));
  await page.getByRole('button', { name: `New ${label}` }).click();
  const dialog = page.getByRole('dialog', { name: `New ${label}` });
  await dialog.getByRole('button', { name: 'Save', exact: true }).waitFor();
  return dialog;
}

/** The options a select offers, as the user reads them. */
const optionsOf = (select) => select.locator('option').allTextContents();

test('a lead that duplicates a demo lead is warned about, and Save anyway saves it', async () => {
  const page = await adminPage();
  const dialog = await openNew(page, 'Lead', 'Lead');
  await dialog.getByLabel('First Name', { exact: true }).fill('Jordan');
  await dialog.getByLabel('Last Name', { exact: true }).fill('Reyes');
  await dialog.getByLabel('Company', { exact: true }).fill(JORDAN.company);
  await dialog.getByLabel('Email', { exact: true }).fill(JORDAN.email);
  await dialog.getByRole('button', { name: 'Save', exact: true }).click();

  // The alert lists the demo lead as a link to its record; nothing is saved yet.
  const alert = dialog.getByRole('alert').filter({ hasText: 'looks like an existing record' });
  await alert.waitFor();
  const match = alert.getByRole('link', { name: new RegExp(`^${JORDAN.name}`) });
  await match.waitFor();
  assert.equal(await match.getAttribute('href'), stack.url(`/console/r/Lead/${JORDAN.id}`).replace(stack.server.origin, ''));
  assert.match(new URL(page.url()).pathname, /\/console\/o\/Lead$/);
  assert.deepEqual(await seriousAxeViolations(page), []);

  await alert.getByRole('button', { name: 'Save anyway' }).click();
  await page.getByRole('heading', { level: 1, name: JORDAN.name }).waitFor();
  const id = new URL(page.url()).pathname.split('/').pop();
  assert.match(id, /^00Q/);
  assert.notEqual(id, JORDAN.id);
  assert.equal(await page.getByRole('dialog').count(), 0);
});

test('a Case form offers only the Reasons valid for the chosen Type, and a new Type clears a Reason it does not allow', async () => {
  const page = await adminPage();
  const dialog = await openNew(page, 'Case', 'Case');
  const type = dialog.getByLabel('Type', { exact: true });
  const reason = dialog.getByLabel('Case Reason', { exact: true });
  assert.deepEqual(await optionsOf(reason), ['--None--']);

  await type.selectOption('Problem');
  assert.deepEqual(await optionsOf(reason), ['--None--', 'Breakdown', 'Performance', 'Equipment Complexity']);
  await reason.selectOption('Breakdown');

  await type.selectOption('Question');
  assert.deepEqual(await optionsOf(reason), ['--None--', 'Instructions not clear', "User didn't attend training", 'Equipment Complexity']);
  assert.equal(await reason.inputValue(), '');

  await type.selectOption('Feature Request');
  assert.deepEqual(await optionsOf(reason), ['--None--', 'New problem']);
  await reason.selectOption('New problem');
  await dialog.getByLabel('Subject', { exact: true }).fill('Console dependent picklists');
  assert.deepEqual(await seriousAxeViolations(page), []);
  await dialog.getByRole('button', { name: 'Save', exact: true }).click();
  await page.waitForURL((u) => /\/console\/r\/Case\/500/.test(u.pathname));
  await page.getByText('Console dependent picklists').first().waitFor();
  await page.getByText('New problem', { exact: true }).waitFor();
});

test("a contact's account is found by typing and chosen with the keyboard", async () => {
  const page = await adminPage();
  const dialog = await openNew(page, 'Contact', 'Contact');
  await dialog.getByLabel('Last Name', { exact: true }).fill('Lookup-Tester');
  const account = dialog.getByRole('combobox', { name: 'Account Name' });
  await account.fill('Northw');
  const list = dialog.getByRole('listbox', { name: 'Account Name results' });
  await list.getByRole('option').first().waitFor();
  const names = await list.getByRole('option').allTextContents();
  assert.ok(names.length >= 2 && names.every((n) => n.startsWith('Northwind')), names.join(', '));
  assert.equal(await account.getAttribute('aria-expanded'), 'true');
  assert.deepEqual(await seriousAxeViolations(page), []);

  // Down twice: the second result is active; Enter chooses it and closes the list.
  await account.press('ArrowDown');
  await account.press('ArrowDown');
  const active = list.getByRole('option', { selected: true });
  assert.equal(await active.textContent(), names[1]);
  assert.equal(await account.getAttribute('aria-activedescendant'), await active.getAttribute('id'));
  await account.press('Enter');
  assert.equal(await account.getAttribute('aria-expanded'), 'false');
  assert.equal(await account.inputValue(), names[1]);

  // Escape on an open list closes the list, not the dialog.
  await account.press('ArrowDown');
  assert.equal(await account.getAttribute('aria-expanded'), 'true');
  await account.press('Escape');
  assert.equal(await account.getAttribute('aria-expanded'), 'false');
  assert.equal(await dialog.isVisible(), true);

  await dialog.getByRole('button', { name: 'Save', exact: true }).click();
  await page.getByRole('heading', { level: 1, name: 'Lookup-Tester' }).waitFor();
  await page.getByRole('definition').filter({ hasText: names[1] }).first().waitFor();
});

test('an account is cloned with its values (warned about as a duplicate of its source), edited, then deleted', async () => {
  const page = await adminPage();
  await page.goto(stack.url(`/console/r/Account/${ACME.id}`));
  await page.getByRole('heading', { level: 1, name: ACME.name }).waitFor();
  const actions = page.getByRole('group', { name: 'Record actions' });
  for (const label of ['Edit', 'Delete', 'Clone', 'New Contact', 'New Case']) await actions.getByRole('button', { name: label, exact: true }).waitFor();
  await actions.getByRole('button', { name: 'Clone', exact: true }).click();

  const dialog = page.getByRole('dialog', { name: 'Clone Account' });
  const name = dialog.getByLabel('Account Name', { exact: true });
  await name.waitFor();
  assert.equal(await name.inputValue(), ACME.name);
  const industry = dialog.getByLabel('Industry', { exact: true });
  await industry.locator('option', { hasText: ACME.industry }).waitFor({ state: 'attached' }); // the picklist's values arrive
  assert.equal(await industry.inputValue(), ACME.industry);
  assert.deepEqual(await seriousAxeViolations(page), []);
  await name.fill(`${ACME.name} (clone)`);
  await dialog.getByRole('button', { name: 'Save', exact: true }).click();
  const alert = dialog.getByRole('alert').filter({ hasText: 'looks like an existing record' });
  await alert.getByRole('link', { name: new RegExp(`^${ACME.name}`) }).waitFor();
  await alert.getByRole('button', { name: 'Save anyway' }).click();

  await page.getByRole('heading', { level: 1, name: `${ACME.name} (clone)` }).waitFor();
  assert.notEqual(new URL(page.url()).pathname.split('/').pop(), ACME.id);
  await page.getByRole('definition').filter({ hasText: ACME.industry }).first().waitFor();

  // Edit: the form holds the record's values; the change shows on the page.
  await page.getByRole('group', { name: 'Record actions' }).getByRole('button', { name: 'Edit', exact: true }).click();
  const edit = page.getByRole('dialog', { name: 'Edit Account' });
  const phone = edit.getByLabel('Account Phone', { exact: true });
  await phone.waitFor();
  assert.equal(await edit.getByLabel('Account Name', { exact: true }).inputValue(), `${ACME.name} (clone)`);
  await phone.fill('555-0142');
  assert.deepEqual(await seriousAxeViolations(page), []);
  await edit.getByRole('button', { name: 'Save', exact: true }).click();
  await edit.waitFor({ state: 'detached' });
  await page.getByRole('definition').filter({ hasText: '555-0142' }).waitFor();

  // Delete asks first; Cancel keeps the record, Delete removes it and goes to the object's home.
  const del = () => page.getByRole('group', { name: 'Record actions' }).getByRole('button', { name: 'Delete', exact: true }).click();
  await del();
  const confirm = page.getByRole('dialog', { name: 'Delete Account' });
  await confirm.getByText('Are you sure you want to delete this account?').waitFor();
  assert.deepEqual(await seriousAxeViolations(page), []);
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await confirm.waitFor({ state: 'detached' });
  assert.equal(await page.evaluate(() => document.activeElement?.textContent), 'Delete'); // focus back on the opener
  await del();
  await confirm.getByRole('button', { name: 'Delete', exact: true }).click();
  await page.waitForURL((u) => u.pathname.endsWith('/console/o/Account'));
  await page.getByRole('grid', { name: 'All Accounts' }).getByRole('row').nth(1).waitFor();
  const names = await page.getByRole('grid', { name: 'All Accounts' }).locator('tbody tr td:first-child').allTextContents();
  assert.ok(names.includes(ACME.name) && !names.includes(`${ACME.name} (clone)`), names.join(', '));
});

test('a quick action creates a case on the account, which its Cases list then shows', async () => {
  const page = await adminPage();
  await page.goto(stack.url(`/console/r/Account/${ACME.id}`));
  const cases = page.getByRole('region', { name: /^Cases \(\d+\)$/ });
  await cases.waitFor();
  const count = Number((await cases.getByRole('heading').textContent()).match(/\((\d+)\)/)[1]);

  await page.getByRole('group', { name: 'Record actions' }).getByRole('button', { name: 'New Case', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'New Case' });
  // The action's defaults: the account is the context record, shown by name.
  const account = dialog.getByRole('combobox', { name: 'Account Name' });
  await page.waitForFunction((n) => document.querySelector('dialog [role=combobox]')?.value === n, ACME.name);
  assert.equal(await account.inputValue(), ACME.name);
  // The picklist shows its default once its values have arrived, which may be after the form is drawn.
  const priority = dialog.getByLabel('Priority', { exact: true });
  await page.waitForFunction((el) => el.value === 'Medium', await priority.elementHandle());
  assert.equal(await priority.inputValue(), 'Medium');
  await dialog.getByLabel('Subject', { exact: true }).fill('Quick action case');
  assert.deepEqual(await seriousAxeViolations(page), []);
  await dialog.getByRole('button', { name: 'Save', exact: true }).click();

  await dialog.waitFor({ state: 'detached' });
  await page.getByRole('status').filter({ hasText: /^Case "\d+" was created\./ }).waitFor();
  await page.getByRole('region', { name: `Cases (${count + 1})` }).waitFor();
});
