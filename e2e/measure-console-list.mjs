// Measures the console's Products list view over 100,000 products in Chromium (issue 18): the first page (from the
// nav, and as a fresh page load), the next page, a sort and a search, each as the time from the user's action to the
// rows on screen, with the list-records request's own duration beside it. It prints figures and asserts nothing
// about time (the machine is shared); it is not part of `npm test`.
//
//   node measure-console-list.mjs                         seeds a fresh SQLite file (about a minute), then measures
//   MEASURE_DB=/tmp/p100k.db node measure-console-list.mjs reuses a file seeded once with
//                                                          `storefront seed --products 100000 --db sqlite:///tmp/p100k.db`
//   MEASURE_PRODUCTS=N, MEASURE_RUNS=N (default 5; the median is printed)
import { spawn, spawnSync } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { binaryPath, freePort, launchBrowser } from './harness.mjs';

const PRODUCTS = Number(process.env.MEASURE_PRODUCTS ?? 100_000);
const RUNS = Number(process.env.MEASURE_RUNS ?? 5);
const ADMIN = { username: 'admin@example.com', password: 'demo1234' };

const tmp = await mkdtemp(path.join(os.tmpdir(), 'storefront-measure-'));
let db = process.env.MEASURE_DB;
if (!db) {
  db = path.join(tmp, 'products.db');
  console.log(`seeding ${PRODUCTS} products into ${db}…`);
  const seeded = spawnSync(binaryPath(), ['seed', '--products', String(PRODUCTS), '--db', `sqlite://${db}`], { stdio: 'inherit' });
  if (seeded.status !== 0) throw new Error('seed failed');
}

const port = await freePort();
const origin = `http://127.0.0.1:${port}`;
const server = spawn(binaryPath(), ['serve', '--addr', `127.0.0.1:${port}`, '--db', `sqlite://${db}`], {
  cwd: tmp,
  detached: true,
  stdio: 'ignore',
});
const browser = await launchBrowser();
try {
  for (let i = 0; ; i++) {
    if ((await fetch(`${origin}/healthz`).catch(() => null))?.status === 200) break;
    if (i > 150) throw new Error('the server did not start');
    await new Promise((r) => setTimeout(r, 200));
  }
  const page = await (await browser.newContext({ locale: 'en-US' })).newPage();
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto(`${origin}/login`);
  await page.getByLabel('Email').fill(ADMIN.username);
  await page.getByLabel('Password').fill(ADMIN.password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await page.waitForURL((u) => !u.pathname.endsWith('/login'));

  const figures = { 'first page (nav click)': [], 'first page (page load)': [], 'next page': [], 'sort': [], 'search (matches)': [], 'search (no match)': [] };
  for (let run = 0; run < RUNS; run++) {
    // A fresh page load: navigation start to rows on screen.
    await page.goto(`${origin}/console/o/Product2`);
    figures['first page (page load)'].push({ ms: await rowsShown(page), api: await lastListRequest(page) });

    // From another object's home, the Products nav item.
    await page.getByRole('navigation', { name: /items$/ }).getByRole('link', { name: 'Accounts', exact: true }).click();
    await rowsShown(page);
    figures['first page (nav click)'].push(await timed(page, () => page.getByRole('navigation', { name: /items$/ }).getByRole('link', { name: 'Products', exact: true }).click(), 'nav'));
    figures['next page'].push(await timed(page, () => page.getByRole('button', { name: 'Next page' }).click(), 'change'));
    figures.sort.push(await timed(page, () => page.getByRole('grid').getByRole('button', { name: 'Product Name', exact: true }).click(), 'change'));
    await page.getByLabel('Search this list').fill(run % 2 ? 'marker' : 'notebook');
    figures['search (matches)'].push(await timed(page, () => page.getByLabel('Search this list').press('Enter'), 'search'));
    await page.getByLabel('Search this list').fill(`zq${run}xv`);
    figures['search (no match)'].push(await timed(page, () => page.getByLabel('Search this list').press('Enter'), 'empty'));
    // Back to ascending by name for the next run.
    await page.goto(`${origin}/console/o/Product2`);
    await rowsShown(page);
    if ((await page.getByRole('grid').getByRole('columnheader', { name: /Product Name/ }).getAttribute('aria-sort')) !== 'ascending') {
      await page.getByRole('grid').getByRole('button', { name: 'Product Name', exact: true }).click();
      await page.waitForFunction(() => document.querySelector('[role=grid] th[aria-sort="ascending"]'));
    }
  }

  // The first run meets cold caches (the server keeps answers); later runs mostly reuse them, so both are shown.
  const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
  const ms = (x) => (x === undefined ? '   -' : x.toFixed(0).padStart(4));
  console.log(`\nconsole Products list view, ${PRODUCTS} products: ms from the action to the rows on screen (the list-records request; -: none seen in Resource Timing)`);
  console.log(`  ${''.padEnd(24)} first run         median of ${RUNS}`);
  for (const [name, xs] of Object.entries(figures)) {
    console.log(`  ${name.padEnd(24)} ${ms(xs[0].ms)} (${ms(xs[0].api)})    ${ms(median(xs.map((x) => x.ms)))} (${ms(median(xs.map((x) => x.api ?? 0)) || undefined)})`);
  }
} finally {
  await browser.close();
  process.kill(-server.pid, 'SIGTERM');
  await new Promise((r) => setTimeout(r, 500));
  await rm(tmp, { recursive: true, force: true });
}

/** Waits until the grid shows at least one record row and its list is not loading; answers the page's clock then. */
async function rowsShown(page) {
  const at = await page.waitForFunction(
    () => document.querySelector('[role=grid] tbody tr') && !document.querySelector('[aria-busy="true"]') && performance.now(),
    undefined,
    { polling: 'raf' },
  );
  return at.jsonValue();
}

/** The duration of the page's last list-records request (Resource Timing), in ms. */
function lastListRequest(page) {
  return page.evaluate(() => performance.getEntriesByType('resource').filter((e) => e.name.includes('/list-records/')).at(-1)?.duration);
}

/**
 * Runs action and measures, in the page's clock, from just before it until what it should show is on screen:
 * 'nav' a fresh grid of rows, 'change' a first row different from before, 'search' a count naming the term,
 * 'empty' the no-items message.
 */
async function timed(page, action, until) {
  const before = await page.evaluate(() => {
    performance.clearResourceTimings();
    window.__mark = performance.now();
    return document.querySelector('[role=grid] tbody tr')?.textContent ?? '';
  });
  await action();
  const done = await page.waitForFunction(
    ({ until, before }) => {
      const first = document.querySelector('[role=grid] tbody tr')?.textContent ?? '';
      const busy = document.querySelector('[aria-busy="true"]');
      const shown = {
        nav: () => first && !busy && document.querySelector('h1')?.textContent === 'All Products',
        change: () => first && !busy && first !== before,
        search: () => first && !busy && /matching/.test(document.getElementById('cs-list-count')?.textContent ?? ''),
        empty: () => !busy && /No items to show/.test(document.body.textContent),
      }[until]();
      return shown ? performance.now() - window.__mark : false;
    },
    { until, before },
    { polling: 'raf' },
  );
  return { ms: await done.jsonValue(), api: await lastListRequest(page) };
}
