// Catalog pages through the real binary in a real browser: search with facets, refinements, the product page's
// guest and negotiated prices, the FAQ page, at desktop, tablet and phone widths; axe-core on each page.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { setupStack, seriousAxeViolations } from './harness.mjs';

const stack = setupStack();

const WIDTHS = [1280, 900, 600];
const BUYER = { username: 'buyer@example.com', password: 'demo1234' };
// Demo product 1 (internal/demo): list price 5.99 in the standard and guest books; the buyer's account is in the
// Contractors group, whose book is 8% off list: 5.51.
const PRODUCT_1 = { path: '/product/ballpoint-pen-black-medium-1-0-mm-1/01t0S0000000001QAA', name: 'Northpoint Ballpoint Pen, Black, Medium 1.0 mm' };
// Demo product 6 carries the Volume Saver tiers (5% from 10, 10% from 50, 15% from 100) on its 47.49 guest price.
const PRODUCT_6 = { path: '/product/ring-binder-1-in-white-6/01t0S0000000006QAA', name: 'Everline Ring Binder, 1 in, White' };

async function pageAt(width) {
  const context = await stack.newContext();
  const page = await context.newPage();
  await page.setViewportSize({ width, height: 900 });
  return page;
}

function pathOf(page) {
  return decodeURIComponent(new URL(page.url()).pathname);
}

/** Waits until a search result (not the loading skeleton) is shown. */
async function waitForResults(page) {
  await page.waitForFunction(() => /^[\d,]+ results?$/.test(document.querySelector('.sf-results__count')?.textContent?.trim() ?? ''));
}

/** The number in "14 results". */
async function resultCount(page) {
  const text = await page.locator('.sf-results__count').textContent();
  const m = /^([\d,]+) results?$/.exec(text.trim());
  assert.ok(m, `result count text: ${text}`);
  return Number(m[1].replace(/,/g, ''));
}

/** Opens the filter panel when it is folded away (phones). */
async function showFilters(page) {
  const toggle = page.getByRole('button', { name: /^Filters/ });
  if (await toggle.isVisible()) {
    if ((await toggle.getAttribute('aria-expanded')) !== 'true') await toggle.click();
  }
}

for (const width of WIDTHS) {
  test(`${width}px: the header search lands on /global-search/{term} with products and facets, and a refinement narrows them`, async () => {
    const page = await pageAt(width);
    await page.goto(stack.url('/'));
    const box = page.getByRole('combobox', { name: 'Search' });
    await box.fill('pen');
    await box.press('Enter');
    await page.waitForURL((u) => u.pathname.endsWith('/global-search/pen'));
    assert.equal(pathOf(page), `${stack.site.basePath}/global-search/pen`);
    await page.getByRole('heading', { level: 1, name: 'Results for “pen”' }).waitFor();
    await waitForResults(page);
    const before = await resultCount(page);
    assert.ok(before > 1, `several products match "pen" (${before})`);
    const names = await page.locator('.sf-product-card__name').allTextContents();
    assert.ok(names.length > 0 && names.every((n) => /pen|marker|highlighter/i.test(n)), `matching products: ${names.join('; ')}`);
    const prices = await page.locator('.sf-product-card .sf-price__current').allTextContents();
    assert.ok(prices.every((p) => /^\$\d+\.\d{2}$/.test(p)), `prices shown: ${prices.join(', ')}`);

    // Images and the sort menu arrive after the results: let the layout settle before clicking.
    await page.waitForLoadState('networkidle');
    await showFilters(page);
    const brand = page.getByRole('group', { name: 'Brand' });
    await brand.waitFor();
    assert.ok((await brand.getByRole('checkbox').count()) > 1, 'the Brand facet lists several brands');
    const category = page.getByRole('group', { name: 'Category' });
    await category.waitFor();

    // Choose the first brand: the count becomes that brand's count, and the URL records the refinement.
    const first = brand.getByRole('checkbox').first();
    const label = await brand.locator('li').first().locator('.sf-facet__count').textContent();
    const expected = Number(label);
    assert.ok(expected < before, `the facet value narrows (${expected} < ${before})`);
    await first.check();
    await page.waitForFunction((n) => document.querySelector('.sf-results__count')?.textContent?.trim().startsWith(`${n} result`), expected);
    assert.equal(await resultCount(page), expected);
    assert.equal(await page.locator('.sf-product-card').count(), expected);
    assert.match(new URL(page.url()).search, /^\?rf=Standard%3ABrand%3A/);

    // Reload keeps the refinement; back removes it.
    await page.reload();
    await waitForResults(page);
    assert.equal(await resultCount(page), expected);
    await page.goBack();
    await page.waitForFunction((n) => document.querySelector('.sf-results__count')?.textContent?.trim().startsWith(`${n} result`), before);
  });

  test(`${width}px: a guest sees the guest price of a product, and the buyer the negotiated price`, async () => {
    const guest = await pageAt(width);
    await guest.goto(stack.url(PRODUCT_1.path));
    await guest.getByRole('heading', { level: 1, name: PRODUCT_1.name }).waitFor();
    const guestPrice = guest.locator('.sf-product__pricing .sf-price__current');
    await guestPrice.waitFor();
    assert.equal(await guestPrice.textContent(), '$5.99');
    assert.equal(await guest.locator('.sf-product__pricing .sf-price__original').count(), 0, 'no list price when it equals the price');
    await guest.getByText('Log in to see your account’s contract price.').waitFor();
    await guest.getByText(/^In stock/).waitFor();
    assert.equal(await guest.getByText('PEN-000001', { exact: true }).count(), 1);
    // The demo store keeps guest carts: a guest can add (cart.test.mjs follows the cart itself).
    assert.equal(await guest.getByRole('button', { name: 'Add to cart' }).isEnabled(), true);

    const buyer = await pageAt(width);
    await stack.logIn(buyer, BUYER);
    await buyer.goto(stack.url(PRODUCT_1.path));
    const price = buyer.locator('.sf-product__pricing .sf-price__current');
    await price.waitFor();
    assert.equal(await price.textContent(), '$5.51');
    assert.equal(await buyer.locator('.sf-product__pricing .sf-price__original s').textContent(), '$5.99');
    await buyer.getByText('You save $0.48').waitFor();
  });
}

test('volume tiers and the quantity rule of the demo data', async () => {
  const page = await pageAt(1280);
  await page.goto(stack.url(PRODUCT_6.path));
  await page.getByRole('heading', { level: 1, name: PRODUCT_6.name }).waitFor();
  const table = page.getByRole('table');
  await table.waitFor();
  const rows = await table.locator('tbody tr').evaluateAll((trs) => trs.map((tr) => Array.from(tr.children).map((c) => c.textContent)));
  assert.deepEqual(rows, [
    ['10–49', '$45.12', '5% off'],
    ['50–99', '$42.74', '10% off'],
    ['100+', '$40.37', '15% off'],
  ]);
  // Product 5 is sold in steps of 5 from 5 to 500.
  await page.goto(stack.url('/product/desk-organizer-black-mesh-5/01t0S0000000005QAA'));
  const qty = page.getByRole('spinbutton', { name: 'Quantity' });
  await qty.waitFor();
  assert.equal(await qty.inputValue(), '5');
  await page.getByText('Minimum 5 · Maximum 500 · In multiples of 5').waitFor();
  await page.getByRole('button', { name: 'Increase quantity' }).click();
  assert.equal(await qty.inputValue(), '10');
});

test('an unknown product shows the 404 page', async () => {
  const page = await pageAt(1280);
  // A well-formed id of no product (product 9999 of the demo numbering does not exist), then a malformed one.
  for (const id of ['01t0S00000002ZZ', 'not-an-id']) {
    await page.goto(stack.url(`/product/nothing/${id}`));
    await page.getByRole('heading', { level: 1, name: 'Product not found' }).waitFor();
  }
});

test('the category page lists its products with a breadcrumb and subcategories', async () => {
  const page = await pageAt(1280);
  await page.goto(stack.url('/category/writing-instruments/0ZG0S0000000002WAA'));
  await page.getByRole('heading', { level: 1, name: 'Writing Instruments' }).waitFor();
  const crumbs = await page.getByRole('navigation', { name: 'Breadcrumb' }).locator('li').allTextContents();
  assert.deepEqual(crumbs, ['Home', 'Office Supplies', 'Writing Instruments']);
  const subs = page.getByRole('navigation', { name: 'Subcategories' });
  await subs.getByRole('link', { name: /Pens/ }).waitFor();
  await waitForResults(page);
  assert.ok((await resultCount(page)) > 0);
});

test('the product page applies its SEO head', async () => {
  const page = await pageAt(1280);
  await page.goto(stack.url(PRODUCT_1.path));
  await page.waitForFunction((name) => document.title === name, PRODUCT_1.name);
  const canonical = await page.locator('head link[rel="canonical"]').getAttribute('href');
  assert.ok(canonical.endsWith(PRODUCT_1.path), canonical);
  assert.match(await page.locator('head meta[name="description"]').getAttribute('content'), /^Northpoint Ballpoint Pen/);
  assert.equal(await page.locator('head link[rel="alternate"][hreflang="en-US"]').count(), 1);
});

for (const width of WIDTHS) {
  test(`${width}px: the FAQ page is the FAQ view of spec section 2`, async () => {
    const page = await pageAt(width);
    await page.goto(stack.url('/faq'));
    await page.getByRole('heading', { level: 1, name: 'FAQ' }).waitFor();
    assert.equal(await page.title(), 'FAQ');
    assert.equal(await page.getByRole('main').getByRole('separator').count(), 1);
    const links = page.getByRole('main').getByRole('listitem').getByRole('link');
    assert.equal(await links.count(), 2);
    const attrs = await links.evaluateAll((as) => as.map((a) => [a.textContent, a.getAttribute('target'), a.getAttribute('rel')]));
    assert.deepEqual(attrs, [
      ['FAQ (English UK) (opens in a new tab)', '_blank', 'noopener noreferrer'],
      ['FAQ (English US) (opens in a new tab)', '_blank', 'noopener noreferrer'],
    ]);
    assert.equal(await page.getByRole('combobox', { name: 'Search' }).getAttribute('placeholder'), 'Search for a product...');
    // The link opens the UK FAQ in a new tab.
    const [tab] = await Promise.all([page.context().waitForEvent('page'), links.first().click()]);
    await tab.getByRole('heading', { level: 1, name: /Frequently asked questions/ }).waitFor();
    assert.equal(pathOf(tab), `${stack.site.basePath}/faq/en-GB`);
  });
}

const AUDITED = [
  ['home', '/', (page) => page.locator('.sf-category-tile').first().waitFor()],
  ['search', '/global-search/pen', waitForResults],
  ['product', PRODUCT_6.path, (page) => page.getByRole('table').waitFor()],
  ['FAQ', '/faq', (page) => page.getByRole('heading', { level: 1, name: 'FAQ' }).waitFor()],
];

for (const width of [1280, 600]) {
  for (const [name, path, ready] of AUDITED) {
    test(`${width}px: axe finds no serious or critical violation on the ${name} page`, async () => {
      const page = await pageAt(width);
      await page.goto(stack.url(path));
      await ready(page);
      await page.waitForLoadState('networkidle');
      assert.deepEqual(await seriousAxeViolations(page), []);
    });
  }
}

async function adminToken() {
  const res = await fetch(stack.url('/services/oauth2/token'), {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ grant_type: 'password', username: 'admin@example.com', password: 'demo1234' }),
  });
  assert.equal(res.status, 200, 'admin token');
  return (await res.json()).access_token;
}

async function setGuestBrowsing(token, enabled) {
  const res = await fetch(stack.url(`/services/data/v64.0/ui-api/records/${stack.site.webstoreId}`), {
    method: 'PATCH',
    headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json', Accept: 'application/json' },
    body: JSON.stringify({ fields: { GuestBrowsingEnabled: enabled } }),
  });
  assert.ok(res.status === 200 || res.status === 204, `PATCH WebStore answered ${res.status}`);
}

test('without guest browsing, a guest is sent to login and comes back to the product after logging in', async () => {
  const token = await adminToken();
  await setGuestBrowsing(token, false);
  try {
    const page = await pageAt(1280);
    await page.goto(stack.url(PRODUCT_1.path));
    await page.getByRole('heading', { name: 'Log in' }).waitFor();
    const url = new URL(page.url());
    assert.equal(url.pathname, `${stack.site.basePath}/login`);
    assert.equal(url.searchParams.get('startURL'), `${stack.site.basePath}${PRODUCT_1.path}`);
    await page.getByLabel('Email').fill(BUYER.username);
    await page.getByLabel('Password').fill(BUYER.password);
    await page.getByRole('button', { name: 'Log in' }).click();
    await page.getByRole('heading', { level: 1, name: PRODUCT_1.name }).waitFor();
    assert.equal(pathOf(page), `${stack.site.basePath}${PRODUCT_1.path}`);
    assert.equal(await page.locator('.sf-product__pricing .sf-price__current').textContent(), '$5.51');
  } finally {
    await setGuestBrowsing(token, true);
  }
});
