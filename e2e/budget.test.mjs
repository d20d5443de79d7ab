// The storefront's first-load JavaScript budget (issue 18): the scripts a guest's browser loads for the store's home
// page, until the network is idle, weigh under 150 KB gzipped together, and none of them is the staff console's
// (it loads on the first visit to /console only). Sizes are what the server sends a client that accepts gzip: its
// precompressed .gz files, and the few files too small to be worth compressing as they are.
import assert from 'node:assert/strict';
import http from 'node:http';
import { test } from 'node:test';
import { setupStack } from './harness.mjs';

const stack = setupStack();

const BUDGET_BYTES = 150 * 1024;

/** The size in bytes of url's body as the server sends it to a client that accepts gzip only (gzip or identity). */
function gzippedSize(url) {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers: { 'Accept-Encoding': 'gzip' } }, (res) => {
        let size = 0;
        res.on('data', (chunk) => (size += chunk.length));
        res.on('end', () => (res.statusCode === 200 ? resolve(size) : reject(new Error(`${url}: ${res.statusCode}`))));
      })
      .on('error', reject);
  });
}

test('the store home loads under 150 KB of gzipped JavaScript, none of it the console', async (t) => {
  const page = await stack.newPage();
  const scripts = new Set();
  page.on('response', (res) => {
    if (res.request().resourceType() === 'script') scripts.add(res.url());
  });
  await page.goto(stack.url('/'), { waitUntil: 'networkidle' });
  await page.getByRole('banner').waitFor();

  const sizes = await Promise.all([...scripts].map(async (url) => [new URL(url).pathname, await gzippedSize(url)]));
  const total = sizes.reduce((sum, [, size]) => sum + size, 0);
  t.diagnostic(`first-load JavaScript: ${(total / 1024).toFixed(1)} KB gzipped in ${sizes.length} files`);
  for (const [file, size] of sizes.sort((a, b) => b[1] - a[1])) t.diagnostic(`  ${file} ${(size / 1024).toFixed(1)} KB`);

  assert.ok(sizes.length > 0, 'the page loaded no script');
  assert.deepEqual(sizes.filter(([file]) => /\/console-[^/]*\.js$/.test(file)), []);
  assert.ok(total < BUDGET_BYTES, `${total} bytes of gzipped JavaScript on the first load (budget ${BUDGET_BYTES})`);
});

test('the console chunk is there to load: opening /console as staff fetches it', async () => {
  const page = await stack.newPage();
  await stack.logIn(page, { username: 'admin@example.com', password: 'demo1234' });
  const consoleScript = page.waitForResponse((res) => /\/console-[^/]*\.js$/.test(new URL(res.url()).pathname));
  await page.goto(stack.url('/console'));
  assert.equal((await consoleScript).status(), 200);
});
