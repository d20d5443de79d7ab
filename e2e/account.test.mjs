// Profile and passwords in a real browser against the real binary (issue 8): a buyer edits the profile and changes
// the password on My Account → Profile, then signs in with the new one; a buyer who forgot the password asks for a
// link, reads it from the server log (no SMTP configured) and sets a new one. Each test uses a buyer of its own,
// made with `storefront user create`, so the demo users keep their passwords for the other test files.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { seriousAxeViolations, setupStack, sidewaysOverflow } from './harness.mjs';

const stack = setupStack();

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** Waits for the server to log the n-th reset link for `to`, and returns it. */
async function resetLink(to, n = 1) {
  for (let i = 0; i < 100; i++) {
    const links = stack.logEntries('password reset link').filter((e) => e.to === to);
    if (links.length >= n) {
      assert.equal(links[n - 1].level, 'INFO');
      return links[n - 1].link;
    }
    await sleep(100);
  }
  throw new Error(`no reset link for ${to} in the server log`);
}

async function noSidewaysScroll(page) {
  const overflow = await sidewaysOverflow(page);
  assert.ok(overflow <= 0, `the page scrolls sideways by ${overflow}px`);
}

/** Fills the login form and returns the alert text when it is refused, or null when the app leaves the page. */
async function tryLogIn(page, username, password) {
  await page.goto(stack.url('/login'));
  await page.getByLabel('Email').fill(username);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Log in' }).click();
  const alert = page.getByRole('alert');
  // Whichever comes first; the other wait ends (and is ignored) when the page closes.
  const left = page.waitForURL((u) => !u.pathname.endsWith('/login')).then(() => null, () => null);
  const refused = alert.waitFor().then(() => alert.textContent(), () => null);
  return Promise.race([left, refused]);
}

test('a buyer edits the profile and changes the password, then signs in with the new one', async () => {
  const user = { username: 'pat.profile@example.com', password: 'demo1234', first: 'Pat', last: 'Profile' };
  await stack.createBuyer(user);
  const page = await stack.newPage();
  await stack.logIn(page, user);

  await page.goto(stack.url('/my-account/profile'));
  const details = page.getByRole('form', { name: 'Your details' });
  await details.getByLabel('First name').waitFor();
  assert.equal(await details.getByLabel('First name').inputValue(), 'Pat');
  assert.equal(await details.getByLabel('Email').inputValue(), user.username);
  assert.deepEqual(await seriousAxeViolations(page), []);

  await details.getByLabel('Last name').fill('Profiler');
  await details.getByLabel('Phone').fill('+1 303 555 0199');
  await details.getByRole('button', { name: 'Save profile' }).click();
  await details.getByText('Your profile was saved.').waitFor();
  await page.reload();
  await details.getByLabel('Last name').waitFor();
  assert.equal(await details.getByLabel('Last name').inputValue(), 'Profiler');
  assert.equal(await details.getByLabel('Phone').inputValue(), '+1 303 555 0199');

  // The password form: a wrong current password first, with the keyboard.
  const form = page.getByRole('form', { name: 'Change password' });
  await form.getByLabel('Current password').fill('not-my-password');
  await form.getByLabel('New password', { exact: false }).first().fill('n3w-password!');
  await form.getByLabel('Confirm new password').fill('n3w-password!');
  await form.getByLabel('Confirm new password').press('Enter');
  await form.getByText('The current password is incorrect.').waitFor();
  // Focus moves to the field in error.
  await page.waitForFunction(() => document.activeElement?.getAttribute('autocomplete') === 'current-password', null, { timeout: 5000 });
  assert.deepEqual(await seriousAxeViolations(page), []);

  await form.getByLabel('Current password').fill(user.password);
  await form.getByRole('button', { name: 'Change password' }).click();
  await form.getByText('Your password was changed. You were signed out on your other devices.').waitFor();

  await page.setViewportSize({ width: 375, height: 800 });
  await noSidewaysScroll(page);

  const other = await stack.newPage();
  assert.match((await tryLogIn(other, user.username, user.password)) ?? '', /Invalid username or password/);
  assert.equal(await tryLogIn(other, user.username, 'n3w-password!'), null);
});

test('a buyer who forgot the password gets a link in the server log and sets a new password with it', async () => {
  const user = { username: 'rita.reset@example.com', password: 'demo1234', first: 'Rita', last: 'Reset' };
  await stack.createBuyer(user);
  const page = await stack.newPage();
  await page.goto(stack.url('/login'));
  await page.getByRole('link', { name: 'Forgot your password?' }).click();
  await page.getByRole('heading', { name: 'Forgot your password?' }).waitFor();
  assert.deepEqual(await seriousAxeViolations(page), []);

  // The same answer for an address without an account, and no link for it.
  await page.getByLabel('Email').fill('nobody.here@example.com');
  await page.getByRole('button', { name: 'Send link' }).click();
  const sent = page.getByText(/^If an account exists for that email, we sent a link/);
  await sent.waitFor();
  await page.getByRole('button', { name: 'send another link' }).click();
  await page.getByLabel('Email').fill(user.username);
  await page.getByRole('button', { name: 'Send link' }).click();
  await sent.waitFor();
  assert.deepEqual(await seriousAxeViolations(page), []);

  const link = await resetLink(user.username);
  assert.ok(link.startsWith(`${stack.url('/reset-password')}?token=`), link);
  assert.equal(stack.logEntries('password reset link').filter((e) => e.to === 'nobody.here@example.com').length, 0);

  const response = await page.goto(link);
  assert.equal(response.headers()['referrer-policy'], 'no-referrer');
  await page.setViewportSize({ width: 375, height: 800 });
  const form = page.getByRole('form', { name: 'Choose a new password' });
  await form.getByLabel('New password', { exact: false }).first().fill('r3set-password');
  await form.getByLabel('Confirm new password').fill('r3set-password');
  await form.getByRole('button', { name: 'Set new password' }).click();
  await page.getByText(/Your password was changed/).waitFor();
  assert.deepEqual(await seriousAxeViolations(page), []);
  await noSidewaysScroll(page);

  // The link works once.
  const again = await stack.newPage();
  await again.goto(link);
  const form2 = again.getByRole('form', { name: 'Choose a new password' });
  await form2.getByLabel('New password', { exact: false }).first().fill('an0ther-password');
  await form2.getByLabel('Confirm new password').fill('an0ther-password');
  await form2.getByRole('button', { name: 'Set new password' }).click();
  await again.getByText('This password reset link is invalid, has expired or was already used.').waitFor();
  assert.deepEqual(await seriousAxeViolations(again), []);
  await again.getByRole('link', { name: 'Request a new link' }).waitFor();

  await page.getByRole('link', { name: 'Log in' }).click();
  assert.match((await tryLogIn(page, user.username, user.password)) ?? '', /Invalid username or password/);
  assert.equal(await tryLogIn(page, user.username, 'r3set-password'), null);
});
