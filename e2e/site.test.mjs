// The site as a new visitor meets it, over HTTP against the built binary: status codes of pages,
// compressed and cached assets, the security policy (and a browser that runs the app under it),
// the home page's calls, the menus' keys (WAI-ARIA menu button) and the phone layout.
import assert from 'node:assert/strict';
import http from 'node:http';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { ARTIFACTS, setupStack } from './harness.mjs';

const stack = setupStack();

const BUYER = { username: 'buyer@example.com', password: 'demo1234', first: 'Bonnie', name: 'Bonnie Buyer' };
const PRODUCT = { path: '/product/ballpoint-pen-black-medium-1-0-mm-1/01t0S0000000001QAA', name: 'Northpoint Ballpoint Pen, Black, Medium 1.0 mm' };
const CATEGORY = { path: '/category/writing-instruments/0ZG0S0000000002WAA', name: 'Writing Instruments' };

/** A GET with exactly these headers, the body as sent (node's fetch would decode it). */
function rawGet(url, headers = {}) {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers }, (res) => {
        const chunks = [];
        res.on('data', (c) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode, headers: res.headers, body: Buffer.concat(chunks) }));
      })
      .on('error', reject);
  });
}

/** The entry script of the app, from index.html. */
async function entryScript() {
  const html = (await rawGet(stack.url('/'))).body.toString();
  const m = /<script type="module" crossorigin src="([^"]+\.js)"/.exec(html);
  assert.ok(m, `no entry script in ${html}`);
  return m[1];
}

async function pageAt(width, height = 800) {
  const page = await (await stack.newContext()).newPage();
  await page.setViewportSize({ width, height });
  return page;
}

/** Records what breaks the policy: the browser's console reports and securitypolicyviolation events. */
async function watchPolicy(page) {
  const violations = [];
  page.on('console', (m) => {
    if (/Content Security Policy/i.test(m.text())) violations.push(m.text());
  });
  await page.exposeFunction('reportViolation', (v) => violations.push(v));
  await page.addInitScript(() =>
    document.addEventListener('securitypolicyviolation', (e) => window.reportViolation(`${e.violatedDirective} ${e.blockedURI}`)),
  );
  return violations;
}

const focusedText = (page) => page.evaluate(() => document.activeElement?.textContent?.trim() ?? '');

test('a page that does not exist answers 404 and shows the not-found page', async () => {
  for (const p of ['/no/such/page', '/product/pen', '/index.html']) {
    const res = await rawGet(stack.url(p));
    assert.equal(res.status, 404, p);
    assert.match(res.headers['content-type'], /^text\/html/, p);
  }
  const page = await pageAt(1280);
  const res = await page.goto(stack.url('/no/such/page'));
  assert.equal(res.status(), 404);
  await page.getByRole('main').getByRole('heading', { name: 'Page not found' }).waitFor();
  await page.getByRole('main').getByRole('link', { name: 'Go to the home page' }).click();
  await page.waitForURL((u) => u.pathname === `${stack.site.basePath}/`);
});

test('known deep links answer 200 and show their page', async () => {
  const page = await pageAt(1280);
  for (const [p, heading] of [
    [PRODUCT.path, PRODUCT.name],
    [CATEGORY.path, CATEGORY.name],
    ['/global-search/pen', 'Results for “pen”'],
    ['/faq/en-GB', /Frequently asked questions/],
  ]) {
    const res = await page.goto(stack.url(p));
    assert.equal(res.status(), 200, p);
    await page.getByRole('main').getByRole('heading', { level: 1, name: heading }).waitFor();
  }
  // A page number past the last page says so, with a way back, instead of "No products".
  await page.goto(stack.url('/global-search/pen?page=99'));
  const past = page.getByText(/^Page 99 is past the last page \(\d+\)\.$/);
  await past.waitFor();
  assert.equal(await page.getByText(/No products/).count(), 0);
  await page.getByRole('link', { name: 'Go to the last page' }).click();
  await page.getByRole('main').locator('.sf-product-card').first().waitFor();
});

test('the entry script is sent brotli or gzip compressed as the browser accepts, cached for a year', async () => {
  const src = await entryScript();
  const plain = await rawGet(stack.url(src));
  assert.equal(plain.status, 200);
  assert.equal(plain.headers['content-encoding'], undefined);
  for (const [accept, coding, decode] of [
    ['gzip, deflate, br, zstd', 'br', brotliDecompressSync],
    ['gzip', 'gzip', gunzipSync],
  ]) {
    const res = await rawGet(stack.url(src), { 'Accept-Encoding': accept });
    assert.equal(res.status, 200, accept);
    assert.equal(res.headers['content-encoding'], coding, accept);
    assert.equal(res.headers['content-type'], 'text/javascript; charset=utf-8', accept);
    assert.equal(Number(res.headers['content-length']), res.body.length, accept);
    assert.ok(res.body.length < plain.body.length / 2, `${coding}: ${res.body.length} bytes of ${plain.body.length}`);
    assert.ok(decode(res.body).equals(plain.body), `${coding} copy decodes to the script`);
    assert.match(res.headers.vary, /Accept-Encoding/);
    assert.equal(res.headers['cache-control'], 'public, max-age=31536000, immutable');
  }
  // The page itself is asked again on every load, so that a release reaches everyone.
  assert.equal((await rawGet(stack.url('/'))).headers['cache-control'], 'no-cache');
});

test('the HTML carries the security policy, and the app runs under it without a violation', async () => {
  for (const p of ['/', '/nope']) {
    const res = await rawGet(stack.url(p));
    const csp = res.headers['content-security-policy'] ?? '';
    for (const directive of ["default-src 'self'", "script-src 'self'", "style-src 'self'", "img-src 'self' data: https:", "connect-src 'self'", "object-src 'none'", "frame-ancestors 'self'"]) {
      assert.ok(csp.split(/;\s*/).includes(directive), `${p}: ${csp} lacks ${directive}`);
    }
    assert.equal(res.headers['x-frame-options'], 'SAMEORIGIN', p);
  }
  const page = await pageAt(1280);
  const violations = await watchPolicy(page);
  for (const p of ['/', '/global-search/pen', PRODUCT.path, CATEGORY.path, '/faq']) {
    await page.goto(stack.url(p));
    await page.getByRole('main').getByRole('heading').first().waitFor();
    await page.waitForLoadState('networkidle');
  }
  await stack.logIn(page, BUYER);
  await page.getByRole('button', { name: `${BUYER.first}, profile menu` }).click();
  await page.getByRole('menu', { name: BUYER.name }).waitFor();
  await page.goto(stack.url(PRODUCT.path));
  await page.getByRole('main').getByRole('heading', { level: 1, name: PRODUCT.name }).waitFor();
  await page.waitForLoadState('networkidle');
  assert.deepEqual(violations, []);
});

test('the home page asks for its categories once, and loads only its own page code', async () => {
  const page = await pageAt(1280);
  const calls = [];
  page.on('request', (r) => calls.push(new URL(r.url()).pathname));
  await page.goto(stack.url('/'));
  const tiles = page.getByRole('region', { name: 'Shop by category' }).getByRole('link');
  await tiles.first().waitFor();
  await page.waitForLoadState('networkidle');
  const category = calls.filter((p) => p.includes('/product-categor'));
  assert.deepEqual(category.map((p) => p.replace(/.*\/webstores\/[^/]+\//, '')), ['product-categories/children']);
  // Every tile shows its image from that one answer.
  const images = await tiles.evaluateAll((links) => links.map((a) => a.querySelector('img')?.getAttribute('src') ?? ''));
  assert.ok(images.length >= 4 && images.every((src) => src.includes('/cms/delivery/media/')), `tile images: ${images}`);
  const scripts = calls.filter((p) => p.endsWith('.js')).map((p) => path.basename(p));
  assert.ok(scripts.some((s) => s.startsWith('HomePage-')), `scripts: ${scripts}`);
  assert.equal(scripts.filter((s) => /^(ProductPage|SearchPage|CategoryPage|LoginPage|FaqPage)-/.test(s)).length, 0, `scripts: ${scripts}`);
});

test('the navigation dropdowns are menu buttons: every key', async () => {
  const page = await pageAt(1280);
  const nav = page.getByRole('navigation', { name: 'Main' });
  await page.goto(stack.url('/'));
  const trigger = nav.getByRole('button', { name: 'Office Supplies', exact: true });
  await trigger.waitFor();
  assert.equal(await trigger.getAttribute('aria-haspopup'), 'menu');
  const dropdown = page.getByRole('menu', { name: 'Office Supplies' });

  // Enter opens on the first item; the arrows move and wrap; Home and End go to the ends.
  await trigger.focus();
  await page.keyboard.press('Enter');
  assert.equal(await trigger.getAttribute('aria-expanded'), 'true');
  const items = (await dropdown.getByRole('menuitem').allTextContents()).map((t) => t.trim());
  assert.equal(items[0], 'All Office Supplies');
  assert.ok(items.length >= 3, `items: ${items}`);
  assert.equal(await focusedText(page), items[0]);
  await page.keyboard.press('ArrowDown');
  assert.equal(await focusedText(page), items[1]);
  await page.keyboard.press('ArrowUp');
  await page.keyboard.press('ArrowUp');
  assert.equal(await focusedText(page), items.at(-1), 'ArrowUp wraps to the last item');
  await page.keyboard.press('ArrowDown');
  assert.equal(await focusedText(page), items[0], 'ArrowDown wraps to the first item');
  await page.keyboard.press('End');
  assert.equal(await focusedText(page), items.at(-1));
  await page.keyboard.press('Home');
  assert.equal(await focusedText(page), items[0]);

  // Escape closes and returns the focus to the button.
  await page.keyboard.press('Escape');
  assert.equal(await trigger.getAttribute('aria-expanded'), 'false');
  assert.equal(await trigger.evaluate((el) => el === document.activeElement), true);
  // Space opens on the first item, ArrowUp on the last.
  await page.keyboard.press(' ');
  assert.equal(await focusedText(page), items[0]);
  await page.keyboard.press('Escape');
  await page.keyboard.press('ArrowUp');
  assert.equal(await focusedText(page), items.at(-1));
  // Tab closes it and goes on to the next entry of the bar.
  await page.keyboard.press('Tab');
  assert.equal(await dropdown.count(), 0);
  assert.equal(await focusedText(page), 'Janitorial & Sanitation');
  // ArrowDown opens too; the focus leaving another way (a click in the search box) closes it.
  await trigger.focus();
  await page.keyboard.press('ArrowDown');
  assert.equal(await focusedText(page), items[0]);
  await page.getByRole('banner').getByRole('combobox', { name: 'Search' }).click();
  assert.equal(await trigger.getAttribute('aria-expanded'), 'false');
  // A click still toggles it, and a click elsewhere closes it (spec section 4).
  await trigger.click();
  assert.equal(await trigger.getAttribute('aria-expanded'), 'true');
  await trigger.click();
  assert.equal(await trigger.getAttribute('aria-expanded'), 'false');
  await trigger.click();
  await page.getByRole('main').click({ position: { x: 5, y: 5 } });
  assert.equal(await trigger.getAttribute('aria-expanded'), 'false');
});

test('the profile menu is a menu button: every key', async () => {
  const page = await pageAt(1280);
  await stack.logIn(page, BUYER);
  const button = page.getByRole('button', { name: `${BUYER.first}, profile menu` });
  const menu = page.getByRole('menu', { name: BUYER.name });
  const items = ['My Account', 'Order History', 'Addresses', 'Log Out'];

  await button.focus();
  await page.keyboard.press('ArrowDown');
  await menu.waitFor();
  assert.equal(await focusedText(page), items[0]);
  await page.keyboard.press('ArrowUp');
  assert.equal(await focusedText(page), items[3], 'wraps to the last');
  await page.keyboard.press('ArrowDown');
  assert.equal(await focusedText(page), items[0], 'wraps to the first');
  await page.keyboard.press('End');
  assert.equal(await focusedText(page), items[3]);
  await page.keyboard.press('Home');
  assert.equal(await focusedText(page), items[0]);
  await page.keyboard.press('a');
  assert.equal(await focusedText(page), 'Addresses', 'type-ahead');
  await page.keyboard.press('Escape');
  assert.equal(await menu.count(), 0);
  assert.equal(await button.evaluate((el) => el === document.activeElement), true);

  await page.keyboard.press('ArrowUp');
  await menu.waitFor();
  assert.equal(await focusedText(page), items[3]);
  await page.keyboard.press('Shift+Tab');
  assert.equal(await menu.count(), 0, 'Shift+Tab closes');
  assert.equal(await button.evaluate((el) => el === document.activeElement), true);
  await page.keyboard.press('Enter');
  await menu.waitFor();
  assert.equal(await focusedText(page), items[0]);
  await page.keyboard.press('Tab');
  assert.equal(await menu.count(), 0, 'Tab closes');
  assert.equal(await button.getAttribute('aria-expanded'), 'false');

  // The focus leaving it (a click in the search box) closes it.
  await button.click();
  await menu.waitFor();
  await page.getByRole('banner').getByRole('combobox', { name: 'Search' }).click();
  assert.equal(await menu.count(), 0);
});

test('at 375 px the home page does not scroll sideways and its banner text is readable', async () => {
  const page = await pageAt(375, 740);
  await page.goto(stack.url('/'));
  const banner = page.getByRole('region', { name: 'Featured' });
  const title = banner.getByRole('heading', { name: 'Everything your facility runs on.' });
  await title.waitFor();
  await page.getByRole('region', { name: 'Shop by category' }).getByRole('link').first().waitFor();
  await page.waitForLoadState('networkidle');
  mkdirSync(ARTIFACTS, { recursive: true });
  await page.screenshot({ path: path.join(ARTIFACTS, 'home-375.png') });

  const [scrollWidth, innerWidth] = await page.evaluate(() => [document.documentElement.scrollWidth, window.innerWidth]);
  assert.ok(scrollWidth <= innerWidth, `the page is ${scrollWidth} px wide in a ${innerWidth} px window`);

  const text = await banner.locator('.sf-hero__text').evaluate((el) => {
    const style = (node) => getComputedStyle(node);
    const title = el.querySelector('.sf-hero__title');
    const tagline = el.querySelector('.sf-hero__tagline');
    const box = el.getBoundingClientRect();
    return {
      titleSize: parseFloat(style(title).fontSize),
      taglineSize: parseFloat(style(tagline).fontSize),
      colour: style(title).color,
      left: box.left,
      right: box.right,
      clipped: title.scrollWidth > title.clientWidth || tagline.scrollWidth > tagline.clientWidth,
      shade: getComputedStyle(el.parentElement, '::before').backgroundColor,
    };
  });
  assert.ok(text.titleSize >= 24, `headline ${text.titleSize} px`);
  assert.ok(text.taglineSize >= 16, `tagline ${text.taglineSize} px`);
  assert.ok(text.left >= 0 && text.right <= 375, `text box ${text.left}..${text.right}`);
  assert.equal(text.clipped, false, 'no cut text');
  // White text on the navy shade (at least 0.8 opaque over the image): well above 4.5:1 whatever the image shows.
  assert.equal(text.colour, 'rgb(255, 255, 255)');
  const shade = /rgba\((\d+), (\d+), (\d+), ([\d.]+)\)/.exec(text.shade);
  assert.ok(shade && Number(shade[4]) >= 0.8 && Number(shade[1]) < 60 && Number(shade[2]) < 80 && Number(shade[3]) < 100, `shade ${text.shade}`);
});
