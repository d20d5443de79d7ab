// Accessibility audit (axe-core) of the pages built so far.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { setupStack, seriousAxeViolations } from './harness.mjs';

const stack = setupStack();

for (const route of ['/', '/login', '/cart']) {
  test(`${route} has no serious accessibility violations`, async () => {
    const page = await stack.newPage();
    await page.goto(stack.url(route));
    await page.getByRole('banner').getByRole('link', { name: stack.site.storeName }).waitFor();
    await page.getByRole('link', { name: 'Login', exact: true }).waitFor();
    assert.deepEqual(await seriousAxeViolations(page), []);
    // One level-1 heading names the page (issue 15 item 21: /login had none).
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    assert.equal(await page.getByRole('heading', { level: 1 }).count(), 1);
  });
}

test('the login error state has no serious accessibility violations', async () => {
  const page = await stack.newPage();
  await page.goto(stack.url('/login'));
  await page.getByLabel('Email').fill('buyer@example.com');
  await page.getByLabel('Password').fill('wrong-password');
  await page.getByRole('button', { name: 'Log in' }).click();
  await page.getByRole('alert').waitFor();
  assert.deepEqual(await seriousAxeViolations(page), []);
});

test('the skip link is the first tab stop and moves focus to the main region', async () => {
  const page = await stack.newPage();
  await page.goto(stack.url('/'));
  await page.getByRole('link', { name: 'Login', exact: true }).waitFor();
  await page.keyboard.press('Tab');
  const focused = await page.evaluate(() => document.activeElement?.textContent);
  assert.equal(focused, 'Skip to content');
  await page.keyboard.press('Enter');
  assert.equal(await page.evaluate(() => document.activeElement?.id), 'main-content');
});
