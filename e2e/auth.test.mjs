// Guest, login and logout through the real binary in a real browser.
import assert from 'node:assert/strict';
import http from 'node:http';
import { test } from 'node:test';
import { seriousAxeViolations, setupStack } from './harness.mjs';

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

  // A plain link to /logout asks first; its button signs out and goes home.
  const res = await page.goto(stack.url('/logout'));
  assert.equal(res.status(), 200);
  await page.getByRole('heading', { level: 1, name: 'Log out' }).waitFor();
  assert.equal(await signedIn(page), true, 'GET /logout alone does not sign out');
  await page.getByRole('button', { name: 'Log out' }).click();
  await page.waitForURL((u) => u.pathname === `${stack.site.basePath}/`);
  await expectGuestHeader(page);
  assert.equal(await signedIn(page), false);
});

/** Whether the page's browser session is signed in, as the server sees it (the page's cookies, no page script). */
async function signedIn(page) {
  const res = await page.context().request.get(stack.url(`/services/data/v64.0/commerce/webstores/${stack.site.webstoreId}/session-context`));
  assert.equal(res.status(), 200);
  return (await res.json()).guestUser === false;
}

/** Serves html on another origin of the same site (127.0.0.1, another port), as another site's page would. */
async function otherOrigin(t, html) {
  const server = http.createServer((req, res) => {
    res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' });
    res.end(html);
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  t.after(() => new Promise((resolve) => server.close(resolve)));
  return `http://127.0.0.1:${server.address().port}/`;
}

test('another page cannot sign a buyer out: GET /logout, and a POST without the CSRF token, leave them signed in', async (t) => {
  const page = await stack.newPage();
  await stack.logIn(page, { ...BUYER, first: BUYER.first });

  // GET only asks (an <img src=/logout> or a link on another site does nothing).
  const res = await page.goto(stack.url('/logout'));
  assert.equal(res.status(), 200);
  await page.getByRole('heading', { level: 1, name: 'Log out' }).waitFor();
  assert.deepEqual(await seriousAxeViolations(page), [], 'the confirmation page is accessible');
  assert.equal(await signedIn(page), true, 'GET /logout signed the buyer out');

  // A form on another origin posting to /logout: the browser sends the session cookie (same site), not the token.
  const form = await otherOrigin(t, `<!doctype html><title>Win a prize</title>
    <form method="post" action="${stack.url('/logout')}"><input type="hidden" name="x" value="1"><button>Go</button></form>`);
  await page.goto(form);
  const [answer] = await Promise.all([page.waitForNavigation(), page.getByRole('button', { name: 'Go' }).click()]);
  assert.equal(answer.status(), 403, 'the cross-origin form is refused');
  assert.equal(await signedIn(page), true, 'a cross-origin form POST signed the buyer out');

  // A script on another origin: a no-cors fetch with the cookies.
  await page.goto(form);
  await page.evaluate((url) => fetch(url, { method: 'POST', mode: 'no-cors', credentials: 'include' }), stack.url('/logout'));
  assert.equal(await signedIn(page), true, 'a cross-origin fetch POST signed the buyer out');

  await page.goto(stack.url('/'));
  await profileButton(page).waitFor();
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
