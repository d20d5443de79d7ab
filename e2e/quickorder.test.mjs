// Quick order through the real binary in a real browser: a buyer uploads a 150-line CSV (145 demo products, 5
// unknown SKUs), watches the progress, reads a result per line, and the cart then holds the 145 products; typed and
// pasted rows at phone width (375 px) show the cart's quantity-rule message, merge repeated SKUs and report a bad
// quantity on its line; axe-core finds no serious violation.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { setupStack, seriousAxeViolations, sidewaysOverflow } from './harness.mjs';

const stack = setupStack();
const BUYER = { username: 'buyer@example.com', password: 'demo1234' };
const COMMERCE = () => stack.url(`/services/data/v64.0/commerce/webstores/${stack.site.webstoreId}`);

// Demo product n has the id StableID("01t", n): "01t0S" and n in ten base-62 digits (internal/records/ids.go); the
// 15-character form is a valid id. Every 5th product is sold in steps of 5 from 5, every 8th at most 10 (internal/demo):
// a quantity of 5 suits every product.
const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
function productId(n) {
  let digits = '';
  for (let i = 0; i < 10; i++) {
    digits = BASE62[n % 62] + digits;
    n = Math.floor(n / 62);
  }
  return `01t0S${digits}`;
}

/** The SKUs of demo products 1..count, through GET products?ids= (100 per call) with an API token. */
async function demoSkus(count) {
  const form = new URLSearchParams({ grant_type: 'password', ...BUYER });
  const token = (await (await fetch(stack.url('/services/oauth2/token'), { method: 'POST', body: form })).json()).access_token;
  const skus = [];
  for (let start = 1; start <= count; start += 100) {
    const ids = Array.from({ length: Math.min(100, count - start + 1) }, (_, i) => productId(start + i));
    const res = await fetch(`${COMMERCE()}/products?ids=${ids.join(',')}&fields=StockKeepingUnit&excludeMedia=true`, {
      headers: { Authorization: `Bearer ${token}` },
    });
    assert.equal(res.status, 200);
    const body = await res.json();
    for (const p of body.products) {
      assert.ok(p.success, JSON.stringify(p));
      skus.push(p.sku);
    }
  }
  return skus;
}

/** Records every text the progress status shows, and whether a progress bar was there. */
async function watchProgress(page) {
  await page.evaluate(() => {
    const status = document.querySelector('.sf-quick-order__progress [role="status"]');
    window.__seen = { texts: [], bar: false };
    new MutationObserver(() => {
      window.__seen.texts.push(status.textContent);
      if (document.querySelector('.sf-quick-order__progress progress')) window.__seen.bar = true;
    }).observe(status.parentElement, { childList: true, subtree: true, characterData: true });
  });
}

async function cartCounts(page) {
  const res = await page.request.get(`${COMMERCE()}/carts/current/compact-summary`);
  assert.equal(res.status(), 200);
  return res.json();
}

test('a 150-line CSV lands in the cart with a result per line; the 5 unknown SKUs are named', async () => {
  const context = await stack.newContext();
  const page = await context.newPage();
  await page.setViewportSize({ width: 1280, height: 900 });
  await stack.logIn(page, BUYER);
  const known = await demoSkus(145);
  const unknown = ['NOPE-0001', 'NOPE-0002', 'nope-0003', 'ZZ-UNKNOWN', 'MISSING-42'];
  // Header, CRLF line ends, a quoted field, unknown SKUs spread through the file (lines 2..151).
  const rows = known.map((sku, i) => (i % 10 === 0 ? `"${sku}",5` : `${sku},5`));
  for (const [k, sku] of unknown.entries()) rows.splice(20 + k * 30, 0, `${sku},5`);
  assert.equal(rows.length, 150);
  const csv = `\uFEFFSKU,Quantity\r\n${rows.join('\r\n')}\r\n`;

  // The footer links the page for buyers.
  await page.getByRole('contentinfo').getByRole('link', { name: 'Quick Order' }).click();
  await page.waitForURL((u) => u.pathname.endsWith('/quick-order'));
  await page.getByRole('heading', { level: 1, name: 'Quick Order' }).waitFor();
  assert.match(await page.title(), /^Quick Order \| /);

  // The batch calls take a moment, as over a real network, so the progress can be seen.
  await page.route('**/cart-items/batch**', async (route) => {
    await new Promise((r) => setTimeout(r, 400));
    await route.continue();
  });
  await page.getByLabel('Upload a CSV file').setInputFiles({ name: 'order.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
  await page.getByText('150 lines read from order.csv.').waitFor();
  await watchProgress(page);
  await page.getByRole('button', { name: 'Add to cart' }).click();
  await page.locator('.sf-quick-order__progress progress').waitFor();
  // The intermediate progress ("Added 100 of 145 lines") lasts one batch call: the recorder below asserts it was
  // shown, which a wait for it could miss on a loaded machine.

  const heading = page.getByRole('heading', { level: 2, name: 'Results' });
  await heading.waitFor({ timeout: 60_000 });
  const seen = await page.evaluate(() => window.__seen);
  assert.ok(seen.bar, 'a progress bar was shown');
  for (const text of ['Checked 100 of 150 SKUs', 'Added 0 of 145 lines', 'Added 100 of 145 lines', 'Added 145 of 145 lines']) {
    assert.ok(seen.texts.includes(text), `progress showed "${text}": ${JSON.stringify([...new Set(seen.texts)])}`);
  }
  const summary = '145 of 150 lines added to your cart. 5 not added: see below.';
  assert.equal(await page.locator('.sf-quick-order__progress [role="status"]').textContent(), summary);
  assert.ok(await page.locator('.sf-quick-order__results').getByText(summary).isVisible());

  // One result row per line; the unknown ones first, with their SKUs and their lines of the order, numbered from 1
  // (issue 15 item 21: the header row is no line of the order).
  const table = page.locator('.sf-quick-order__result-table tbody tr');
  assert.equal(await table.count(), 150);
  const unknownRows = await page.locator('.sf-quick-order__result-table tbody tr[data-outcome="unknown"]').evaluateAll((trs) =>
    trs.map((tr) => [...tr.children].map((c) => c.textContent)),
  );
  assert.deepEqual(
    unknownRows,
    unknown.map((sku, k) => [String(20 + k * 30 + 1), sku, '5', 'Unknown SKU']),
  );
  assert.equal(await page.locator('.sf-quick-order__result-table tbody tr[data-outcome="added"]').count(), 145);
  const firstAdded = await page.locator('.sf-quick-order__result-table tbody tr[data-outcome="added"]').first().locator('td').allTextContents();
  assert.deepEqual(firstAdded, [known[0], '5', 'Added']);

  // The cart holds the 145 products, 5 of each; the header badge follows.
  const counts = await cartCounts(page);
  assert.equal(counts.uniqueProductCount, 145);
  assert.equal(Number(counts.totalProductCount), 725);
  await page.getByRole('link', { name: 'Cart: 99+ items' }).waitFor();
  assert.deepEqual(await seriousAxeViolations(page), []);
});

test('375 px: typed and pasted rows merge repeats, report a bad quantity and the cart quantity rule, without sideways scroll', async () => {
  const context = await stack.newContext();
  const page = await context.newPage();
  await page.setViewportSize({ width: 375, height: 800 });
  await stack.logIn(page, BUYER);
  const [sku1, , , , sku5] = await demoSkus(5);
  await page.goto(stack.url('/quick-order'));
  await page.getByRole('heading', { level: 1, name: 'Quick Order' }).waitFor();
  const before = await cartCounts(page);

  // Typing, with the keyboard only: product 5 is sold in steps of 5, so 3 breaks its rule.
  await page.getByLabel('SKU, line 1').fill(sku5);
  await page.keyboard.press('Tab');
  await page.keyboard.type('3');
  // Pasting tab-separated rows into line 2 fills lines 2 to 4: product 1 twice (once in lower case), a bad quantity.
  await page.getByLabel('SKU, line 2').focus();
  await page.evaluate((text) => {
    const data = new DataTransfer();
    data.setData('text/plain', text);
    document.activeElement.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
  }, `${sku1}\t2\n${sku1.toLowerCase()}\t3\nPEN-X\tlots\n`);
  await page.getByLabel('SKU, line 4').waitFor();
  assert.equal(await page.getByLabel('Quantity, line 4').inputValue(), 'lots');
  assert.equal(await page.getByLabel('Quantity, line 4').getAttribute('aria-invalid'), 'true');
  const described = await page.getByLabel('Quantity, line 4').getAttribute('aria-describedby');
  assert.match(await page.locator(`[id="${described}"]`).textContent(), /whole number/);

  await page.getByRole('button', { name: 'Add to cart' }).focus();
  await page.keyboard.press('Enter');
  await page.getByRole('heading', { level: 2, name: 'Results' }).waitFor({ timeout: 60_000 });
  const rows = await page.locator('.sf-quick-order__result-table tbody tr').evaluateAll((trs) =>
    trs.map((tr) => [...tr.children].map((c) => c.textContent)),
  );
  assert.equal(rows.length, 4);
  const byLine = Object.fromEntries(rows.map((r) => [r[0], r]));
  assert.match(byLine['1'][3], /^You can't add \d+ of .+: buy it in steps of 5/, `quantity rule message: ${byLine['1'][3]}`);
  assert.deepEqual(byLine['2'], ['2', sku1, '2', 'Added (together with line 3)']);
  assert.deepEqual(byLine['3'], ['3', sku1.toLowerCase(), '3', 'Added (together with line 2)']);
  assert.deepEqual(byLine['4'], ['4', 'PEN-X', 'lots', 'Not sent: Quantity must be a whole number from 1 to 1,000,000.']);
  const after = await cartCounts(page);
  assert.equal(Number(after.totalProductCount) - Number(before.totalProductCount), 5);

  const overflow = await sidewaysOverflow(page);
  assert.ok(overflow <= 0, `page scrolls sideways by ${overflow}px`);
  assert.deepEqual(await seriousAxeViolations(page), []);
});

test('a guest where the store keeps guest carts may use the page; a file over 2,000 lines is refused before any call', async () => {
  const context = await stack.newContext();
  const page = await context.newPage();
  await page.goto(stack.url('/quick-order'));
  await page.getByRole('heading', { level: 1, name: 'Quick Order' }).waitFor();
  const calls = [];
  page.on('request', (r) => {
    if (/\/products\?|cart-items/.test(r.url())) calls.push(r.url());
  });
  const big = Array.from({ length: 2001 }, (_, i) => `SKU-${i},1`).join('\n');
  await page.getByLabel('Upload a CSV file').setInputFiles({ name: 'big.csv', mimeType: 'text/csv', buffer: Buffer.from(big) });
  const alert = page.getByRole('alert');
  await alert.waitFor();
  assert.match(await alert.textContent(), /big\.csv: This has 2,001 lines; a quick order takes at most 2,000/);
  await page.getByRole('button', { name: 'Add to cart' }).click();
  await page.getByText('Enter at least one SKU, or upload a CSV file.').waitFor();
  assert.deepEqual(calls, []);
});

// Issue 15 item 18: a line added leaves the form, so fixing a mistyped SKU and adding again adds only that line; the
// header's profile menu links the page.
test('fixing a mistyped SKU and adding again adds the valid line once', async () => {
  const context = await stack.newContext();
  const page = await context.newPage();
  await page.setViewportSize({ width: 1280, height: 800 });
  await stack.logIn(page, BUYER);
  await fetch(`${COMMERCE()}/carts/current`, { method: 'DELETE', headers: { Authorization: `Bearer ${await stack.token(BUYER)}` } });
  const [sku1, sku2] = await demoSkus(2);
  await page.getByRole('banner').getByRole('button', { name: /profile menu$/ }).click();
  await page.getByRole('menuitem', { name: 'Quick Order' }).click();
  await page.getByRole('heading', { level: 1, name: 'Quick Order' }).waitFor();

  await page.getByLabel('SKU, line 1').fill(sku1);
  await page.getByLabel('Quantity, line 1').fill('2');
  await page.getByLabel('SKU, line 2').fill(`${sku2}X`);
  await page.getByRole('button', { name: 'Add to cart' }).click();
  await page.getByRole('heading', { level: 2, name: 'Results' }).waitFor({ timeout: 60_000 });
  await page.getByText('1 of 2 lines added to your cart. 1 not added: see below.').first().waitFor();
  // Only the mistyped line stays, now line 1.
  const skus = await page.locator('.sf-quick-order__lines tbody input[id$="-sku"]').evaluateAll((els) => els.map((e) => e.value));
  assert.deepEqual(skus, [`${sku2}X`]);

  await page.getByLabel('SKU, line 1').fill(sku2);
  await page.getByRole('button', { name: 'Add to cart' }).click();
  await page.getByText('1 of 1 line added to your cart.').first().waitFor({ timeout: 60_000 });
  const counts = await cartCounts(page);
  assert.equal(counts.uniqueProductCount, 2);
  assert.equal(Number(counts.totalProductCount), 3, 'product 1 twice (once), product 2 once');
});

// Issue 15 item 17: a quick order of more than is in stock says so, with what to do, instead of a plain "Added".
test('a quick order beyond the stock says that only so many are in stock', async () => {
  const context = await stack.newContext();
  const page = await context.newPage();
  await page.setViewportSize({ width: 375, height: 800 });
  await stack.logIn(page, BUYER);
  await fetch(`${COMMERCE()}/carts/current`, { method: 'DELETE', headers: { Authorization: `Bearer ${await stack.token(BUYER)}` } });
  // Demo product 7 has one unit in stock.
  const sku7 = (await demoSkus(7))[6];
  await page.goto(stack.url('/quick-order'));
  await page.getByLabel('SKU, line 1').fill(sku7);
  await page.getByLabel('Quantity, line 1').fill('3');
  await page.getByRole('button', { name: 'Add to cart' }).click();
  await page.getByRole('heading', { level: 2, name: 'Results' }).waitFor({ timeout: 60_000 });
  await page
    .getByText(`Not enough stock: only 1 of SKU ${sku7} is in stock. Change the quantity in your cart before you check out.`)
    .waitFor();
  assert.deepEqual(await seriousAxeViolations(page), []);
});
