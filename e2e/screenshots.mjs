// Takes screenshots of the storefront pages at several widths (not a test):
//   node screenshots.mjs http://127.0.0.1:8080 /tmp/shots
// Optional LOGIN=buyer@example.com:demo1234 signs in first.
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS } from './harness.mjs';

const [origin = 'http://127.0.0.1:8080', out = 'artifacts/screens'] = process.argv.slice(2);
const pages = (process.env.PAGES || '/,/global-search/pen,/product/ballpoint-pen-black-medium-1-0-mm-1/01t0S0000000001QAA,/faq').split(',');
const widths = (process.env.WIDTHS || '1280,600').split(',').map(Number);
mkdirSync(out, { recursive: true });
const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium', headless: true, args: CHROMIUM_ARGS });
try {
  for (const width of widths) {
    const context = await browser.newContext({ viewport: { width, height: 900 }, locale: 'en-US' });
    const page = await context.newPage();
    if (process.env.LOGIN) {
      const [user, pass] = process.env.LOGIN.split(':');
      await page.goto(`${origin}/login`);
      await page.getByLabel('Email').fill(user);
      await page.getByLabel('Password').fill(pass);
      await page.getByRole('button', { name: 'Log in' }).click();
      await page.waitForURL((u) => !u.pathname.endsWith('/login'));
    }
    for (const p of pages) {
      await page.goto(`${origin}${p}`);
      await page.waitForLoadState('networkidle');
      await page.waitForTimeout(300);
      const name = `${(p.replace(/[^a-z0-9]+/gi, '-').replace(/^-|-$/g, '') || 'home').slice(0, 40)}-${width}${process.env.LOGIN ? '-buyer' : ''}.png`;
      // Cut to the viewport width: an element overflowing to the right would widen the image.
      const height = await page.evaluate(() => document.documentElement.scrollHeight);
      await page.screenshot({ path: path.join(out, name), fullPage: true, clip: { x: 0, y: 0, width, height } });
      console.log(path.join(out, name));
    }
    await context.close();
  }
} finally {
  await browser.close();
}
