// Guest, login and logout through the real binary in a real browser.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { setupStack } from './harness.mjs';

const stack = setupStack();

const BUYER = { username: 'buyer@example.com', password: 'demo1234', name: 'Bonnie Buyer', first: 'Bonnie' };

function pathOf(page) {
  return new URL(page.url()).pathname;
}

/** The buyer's profile menu button, named after their first name. */
function profileButton(page) {
  return page.getByRole('banner').getByRole('button', { name: `${BUYER.first}, profile menu` });
}

async function expectGuestHeader(page) {
  const brand = page.getByRole('banner').getByRole('link', { name: stack.site.storeName });
  await brand.waitFor();
  const login = page.getByRole('link', { name: 'Login', exact: true });
  await login.waitFor();
  assert.equal(await profileButton(page).count(), 0, 'a guest has no profile menu');
  return login;
}

test('a guest sees the store name and a Login link', async () => {
  const page = await stack.newPage();
  const res = await page.goto(stack.url('/'));
  assert.equal(res.status(), 200);
  assert.equal(await page.getAttribute('html', 'lang'), 'en');
  const login = await expectGuestHeader(page);
  assert.equal(await login.getAttribute('href'), `${stack.site.basePath}/login`);
});

test('a buyer logs in, is greeted by name, and logs out back to a guest', async () => {
  const page = await stack.newPage();
  await page.goto(stack.url('/'));
  const login = await expectGuestHeader(page);
  await login.click();
  await page.getByRole('heading', { name: 'Log in' }).waitFor();
  assert.equal(pathOf(page), `${stack.site.basePath}/login`);

  await page.getByLabel('Email').fill(BUYER.username);
  await page.getByLabel('Password').fill(BUYER.password);
  await page.getByRole('button', { name: 'Log in' }).click();

  await profileButton(page).waitFor();
  assert.equal(pathOf(page), `${stack.site.basePath}/`);
  await profileButton(page).click();
  await page.getByRole('menu', { name: BUYER.name }).getByRole('menuitem', { name: 'Log Out' }).waitFor();
  await page.keyboard.press('Escape');
  assert.equal(await page.getByRole('link', { name: 'Login', exact: true }).count(), 0);

  const cookies = await page.context().cookies();
  const sid = cookies.find((c) => c.name === 'sf_sid');
  const csrf = cookies.find((c) => c.name === 'sf_csrf');
  assert.ok(sid, 'session cookie sf_sid is set');
  assert.equal(sid.httpOnly, true, 'sf_sid is HttpOnly');
  assert.ok(csrf, 'CSRF cookie sf_csrf is set');
  assert.equal(csrf.httpOnly, false, 'sf_csrf is readable by the page');

  // The signed-in header survives a reload (it comes from the server session).
  await page.reload();
  await profileButton(page).waitFor();

  const res = await page.goto(stack.url('/logout'));
  assert.equal(res.status(), 200);
  assert.equal(pathOf(page), `${stack.site.basePath}/`);
  await expectGuestHeader(page);
});

test('wrong credentials show an alert and keep the visitor a guest', async () => {
  const page = await stack.newPage();
  await page.goto(stack.url('/login'));
  await page.getByLabel('Email').fill(BUYER.username);
  await page.getByLabel('Password').fill('not-the-password');
  await page.getByRole('button', { name: 'Log in' }).click();
  const alert = page.getByRole('alert');
  await alert.waitFor();
  assert.equal((await alert.textContent()).trim(), 'Invalid username or password.');
  assert.equal(await alert.evaluate((el) => el === document.activeElement), true, 'focus moves to the error');
  assert.equal(pathOf(page), `${stack.site.basePath}/login`);
  await page.getByRole('link', { name: 'Login', exact: true }).waitFor();
});

test('logging in from a deep link returns to it', async () => {
  const page = await stack.newPage();
  await page.goto(stack.url('/cart'));
  const login = await expectGuestHeader(page);
  await login.click();
  await page.getByLabel('Email').fill(BUYER.username);
  await page.getByLabel('Password').fill(BUYER.password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await profileButton(page).waitFor();
  assert.equal(pathOf(page), `${stack.site.basePath}/cart`);
});

// The cart page exists; /account/x is no page of the app yet (internal/siteroutes/pages.txt): the app shows what
// it knows, with a 404.
for (const [deepLink, status, heading] of [['/cart', 200, 'Cart'], ['/account/x', 404, 'Coming soon']]) {
  test(`the deep link ${deepLink} renders the app`, async () => {
    const page = await stack.newPage();
    const res = await page.goto(stack.url(deepLink));
    assert.equal(res.status(), status);
    assert.match(res.headers()['content-type'] ?? '', /^text\/html/);
    await page.getByRole('banner').getByRole('link', { name: stack.site.storeName }).waitFor();
    await page.getByRole('main').getByRole('heading', { name: heading, exact: true }).waitFor();
  });
}
