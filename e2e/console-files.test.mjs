// The staff console's avatars and Files related list in a real browser against the real binary (issue 18 item 2):
// admin@example.com sees avatars in the list and the record header, uploads a file to an account with a progress
// bar, finds it in the Files list with its size, downloads the same bytes, cancels an upload and is told when a file
// is over the server's limit; axe finds no serious violations.
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { test } from 'node:test';
import { productId, setupStack, seriousAxeViolations } from './harness.mjs';

// The server of this file takes files up to 64 KiB (the harness passes its environment on), so an over-limit file
// is small enough to send quickly.
const LIMIT = 64 * 1024;
process.env.STOREFRONT_MAX_UPLOAD_BYTES = String(LIMIT);

const stack = setupStack();

const ADMIN = { username: 'admin@example.com', password: 'demo1234' };

/** A text file of size bytes with recognisable content. */
function textFile(name, size) {
  const line = `${name}: the staff console's upload test.\n`;
  return { name, mimeType: 'text/plain', buffer: Buffer.from(line.repeat(Math.ceil(size / line.length)).slice(0, size)) };
}

/** Every aria-valuenow a progress bar shows, recorded in the page as the DOM changes. */
async function recordProgress(page) {
  await page.evaluate(() => {
    window.progressSeen = [];
    const seen = () => {
      for (const bar of document.querySelectorAll('[role=progressbar]')) {
        const v = Number(bar.getAttribute('aria-valuenow'));
        if (window.progressSeen.at(-1) !== v) window.progressSeen.push(v);
      }
    };
    new MutationObserver(seen).observe(document.body, { subtree: true, childList: true, attributes: true, attributeFilter: ['aria-valuenow'] });
  });
}

/** Chooses files through the "Upload Files" button's file chooser, opened from the keyboard (key) or a click. */
async function chooseFiles(page, files, key, ...chosen) {
  const button = files.getByRole('button', { name: 'Upload Files' });
  const [chooser] = await Promise.all([page.waitForEvent('filechooser'), key ? button.press(key) : button.click()]);
  assert.equal(chooser.isMultiple(), true);
  await chooser.setFiles(chosen);
}

/** Whether an avatar's image has loaded (a Theme avatar's icon or a Photo). */
const loaded = (avatar) => avatar.evaluate((el) => {
  const img = el.tagName === 'IMG' ? el : el.querySelector('img');
  return Boolean(img && img.complete && img.naturalWidth > 0);
});

test('staff see avatars, upload files to an account with progress, download them, cancel and meet the limit', async () => {
  const page = await stack.newPage();
  await page.setViewportSize({ width: 1280, height: 900 });
  await stack.logIn(page, ADMIN);
  await page.goto(stack.url('/console/o/Account'));
  const grid = page.getByRole('grid', { name: 'All Accounts' });
  await grid.getByRole('row').nth(1).waitFor();

  // Avatars in the list's first column: the account icon on its colour, decorative beside the name.
  const firstCell = grid.locator('tbody tr td:first-child').first();
  const rowAvatar = firstCell.locator('[data-avatar=Theme]');
  await rowAvatar.waitFor();
  await page.waitForFunction(() => document.querySelector('[role=grid] tbody [data-avatar] img')?.naturalWidth > 0);
  assert.equal(await rowAvatar.locator('img').getAttribute('alt'), '');
  assert.equal(await loaded(rowAvatar), true);
  const name = (await firstCell.textContent()).trim();

  // The record page's header shows it too.
  await firstCell.getByRole('link').click();
  const heading = page.getByRole('heading', { level: 1, name });
  await heading.waitFor();
  const headerAvatar = heading.locator('[data-avatar=Theme]');
  await headerAvatar.waitFor();
  await page.waitForFunction(() => document.querySelector('h1 [data-avatar] img')?.naturalWidth > 0);
  assert.equal(await loaded(headerAvatar), true);

  const files = page.getByRole('region', { name: /^Files \(\d+\)$/ });
  await files.waitFor();
  await files.getByText(/No files yet|\(download\)/).first().waitFor();
  const countOf = async () => Number((await files.getByRole('heading').textContent()).match(/\((\d+)\)/)[1]);
  const before = await countOf();

  // Upload a file: its progress bar shows, then it is listed with its size and the count goes up by one.
  const notes = textFile('e2e-notes.txt', 60 * 1024);
  await recordProgress(page);
  await chooseFiles(page, files, 'Enter', notes);
  await page.getByRole('region', { name: `Files (${before + 1})` }).waitFor();
  const row = files.getByRole('row').filter({ has: page.getByRole('link', { name: 'e2e-notes (download)' }) });
  await row.waitFor();
  assert.deepEqual((await row.getByRole('cell').allTextContents()).slice(1, 3), ['TEXT', '60.0 KB']);
  await files.getByRole('listitem').filter({ hasText: 'e2e-notes.txt' }).getByRole('status').filter({ hasText: 'Uploaded' }).waitFor();
  const progress = await page.evaluate(() => window.progressSeen);
  assert.ok(progress.length >= 1 && progress[0] === 0, `progress seen: ${progress}`);
  assert.deepEqual(progress, [...progress].sort((a, b) => a - b));
  assert.deepEqual(await seriousAxeViolations(page), []);

  // Download it: the same bytes.
  const [download] = await Promise.all([page.waitForEvent('download'), row.getByRole('link').click()]);
  assert.equal(download.suggestedFilename(), 'e2e-notes.txt');
  assert.deepEqual(await readFile(await download.path()), notes.buffer);

  // A file over the server's limit is refused with the limit; the list stays as it was.
  await chooseFiles(page, files, ' ', textFile('too-big.txt', LIMIT + 1024));
  await files.getByRole('alert').filter({ hasText: 'too-big.txt: The file is larger than the limit of 64.0 KB.' }).waitFor();
  assert.equal(await countOf(), before + 1);

  // A file dropped on the list is uploaded as well.
  const dropped = await page.evaluateHandle(() => {
    const transfer = new DataTransfer();
    transfer.items.add(new File(['dropped on the list'], 'dropped.txt', { type: 'text/plain' }));
    return transfer;
  });
  await files.dispatchEvent('drop', { dataTransfer: dropped });
  await page.getByRole('region', { name: `Files (${before + 2})` }).getByRole('link', { name: 'dropped (download)' }).waitFor();

  // Several at once, one of them cancelled while the network is slow: the other is listed, the cancelled one not.
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: 8 * 1024 });
  await chooseFiles(page, files, null, textFile('slow-a.txt', 40 * 1024), textFile('slow-b.txt', 40 * 1024));
  const bars = files.getByRole('progressbar');
  await bars.first().waitFor();
  assert.equal(await files.getByRole('progressbar', { name: 'Uploading slow-b.txt' }).getAttribute('aria-valuemax'), '100');
  // The bar moves as the bytes go out.
  await page.waitForFunction(() => {
    const now = Number(document.querySelector('[role=progressbar][aria-label="Uploading slow-a.txt"]')?.getAttribute('aria-valuenow'));
    return now > 0 && now < 100;
  });
  assert.deepEqual(await seriousAxeViolations(page), []);
  await files.getByRole('button', { name: 'Cancel upload of slow-b.txt' }).click();
  await files.getByRole('listitem').filter({ hasText: 'slow-b.txt' }).getByRole('status').filter({ hasText: 'Cancelled' }).waitFor();
  await page.getByRole('region', { name: `Files (${before + 3})` }).waitFor();
  await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: -1 });
  await files.getByRole('link', { name: 'slow-a (download)' }).waitFor();
  assert.equal(await files.getByRole('link', { name: 'slow-b (download)' }).count(), 0);
  await page.reload();
  await page.getByRole('region', { name: `Files (${before + 3})` }).getByRole('link', { name: 'slow-a (download)' }).waitFor();
  assert.equal(await page.getByRole('link', { name: 'slow-b (download)' }).count(), 0);
});

test('the record pages of Contacts, Cases, Leads, Opportunities, Products and Orders have the Files list', async () => {
  // The demo has no orders: the buyer places one.
  const buyer = { username: 'buyer@example.com', password: 'demo1234' };
  await stack.emptyCart(buyer);
  await stack.placeOrder(buyer, [{ productId: productId(1), quantity: 1 }]);
  const bearer = await stack.token(ADMIN);
  const page = await stack.newPage();
  await stack.logIn(page, ADMIN);
  for (const object of ['Contact', 'Case', 'Lead', 'Opportunity', 'Product2', 'Order']) {
    const { records } = await stack.apiGet(bearer, `/services/data/v64.0/query?q=${encodeURIComponent(`SELECT Id FROM ${object} LIMIT 1`)}`);
    await page.goto(stack.url(`/console/r/${object}/${records[0].Id}`));
    const files = page.getByRole('region', { name: /^Files \(\d+\)$/ });
    await files.getByRole('button', { name: 'Upload Files' }).waitFor();
    await page.locator('h1 [data-avatar]').waitFor();
  }
});
