// End-to-end harness: runs the already built storefront binary on a fresh
// SQLite database with the demo store, and Debian's Chromium through
// playwright-core. It builds nothing: run `make build` (or
// `cd web && npm run build` then `go build -o bin/storefront ./cmd/storefront`) first.
//
// Environment:
//   STOREFRONT_BIN   path of the binary (default ../bin/storefront)
//   CHROMIUM_PATH    path of Chromium (default /usr/bin/chromium)
//   E2E_KEEP_TMP=1   keep the temporary database folder
import { spawn, spawnSync } from 'node:child_process';
import { accessSync, constants, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { after, afterEach, before } from 'node:test';
import { chromium } from 'playwright-core';

const here = path.dirname(fileURLToPath(import.meta.url));
export const ARTIFACTS = path.join(here, 'artifacts');

export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

const HEALTH_TIMEOUT_MS = 60_000;

export function binaryPath() {
  return process.env.STOREFRONT_BIN || path.resolve(here, '..', 'bin', 'storefront');
}

function assertExecutable(file, hint) {
  try {
    accessSync(file, constants.X_OK);
  } catch {
    throw new Error(`${file} is missing or not executable. ${hint}`);
  }
}

/** A free TCP port on 127.0.0.1. */
export function freePort() {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });
}

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/**
 * Starts `storefront serve --addr 127.0.0.1:{port} --db sqlite://{tmp}/e2e.db --demo`
 * in its own process group and waits for GET /healthz to answer 200.
 * options.basePath serves the site under a base path (`--base-path`).
 */
export async function startServer(options = {}) {
  const bin = binaryPath();
  assertExecutable(
    bin,
    'Build it first: `cd web && npm ci && npm run build`, then `go build -o bin/storefront ./cmd/storefront` (or `make build`).',
  );
  const tmp = await mkdtemp(path.join(os.tmpdir(), 'storefront-e2e-'));
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const args = ['serve', '--addr', `127.0.0.1:${port}`, '--db', `sqlite://${path.join(tmp, 'e2e.db')}`, '--demo'];
  if (options.basePath) args.push('--base-path', options.basePath);

  let log = '';
  const child = spawn(bin, args, {
    cwd: tmp,
    detached: true, // own process group: teardown kills the whole group
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env },
  });
  const append = (chunk) => {
    log += chunk.toString();
    if (log.length > 200_000) log = log.slice(-200_000);
  };
  child.stdout.on('data', append);
  child.stderr.on('data', append);
  let exited = null;
  const exitPromise = new Promise((resolve) => {
    child.on('exit', (code, signal) => {
      exited = { code, signal };
      resolve(exited);
    });
    child.on('error', (err) => {
      exited = { code: null, signal: null, error: err };
      resolve(exited);
    });
  });

  const server = {
    origin,
    port,
    tmp,
    args,
    logs: () => log,
    async stop() {
      if (!exited && child.pid) {
        try {
          process.kill(-child.pid, 'SIGTERM');
        } catch {
          /* already gone */
        }
        const timedOut = await Promise.race([exitPromise.then(() => false), sleep(10_000).then(() => true)]);
        if (timedOut) {
          try {
            process.kill(-child.pid, 'SIGKILL');
          } catch {
            /* already gone */
          }
          await exitPromise;
        }
      }
      if (process.env.E2E_KEEP_TMP !== '1') await rm(tmp, { recursive: true, force: true });
    },
  };

  const deadline = Date.now() + HEALTH_TIMEOUT_MS;
  for (;;) {
    if (exited) {
      await server.stop();
      throw new Error(
        `storefront exited before it was healthy (${JSON.stringify(exited)}): ${bin} ${args.join(' ')}\n--- server output ---\n${log}`,
      );
    }
    try {
      const res = await fetch(`${origin}/healthz`, { signal: AbortSignal.timeout(2000) });
      if (res.status === 200) break;
    } catch {
      /* not listening yet */
    }
    if (Date.now() > deadline) {
      await server.stop();
      throw new Error(`storefront did not answer GET /healthz 200 within ${HEALTH_TIMEOUT_MS / 1000}s\n--- server output ---\n${log}`);
    }
    await sleep(200);
  }
  return server;
}

/** Launches Debian's Chromium (never a downloaded browser) with a fresh profile. */
export async function launchBrowser() {
  const executablePath = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
  assertExecutable(executablePath, 'Install it with `apt-get update && apt-get install -y chromium`.');
  // playwright's launch() always uses a new temporary user-data-dir.
  return chromium.launch({ executablePath, headless: true, args: CHROMIUM_ARGS });
}

/**
 * Registers before/after hooks for one test file: server + browser up before
 * the tests, both torn down after. Returns the stack, filled in by `before`.
 *   stack.url('/cart')   absolute URL under the site's base path
 *   stack.newPage()      a page in a fresh browser context (own cookies)
 *   stack.site           GET /api/site
 *   stack.token(user), stack.emptyCart(user), stack.commerce(user, method, path, body), stack.commercePath(rest),
 *   stack.placeOrder(user, lines)
 */
export function setupStack() {
  const stack = {
    server: null,
    browser: null,
    site: null,
    contexts: [],
    url(p = '/') {
      return `${stack.server.origin}${stack.site?.basePath ?? ''}${p}`;
    },
    async newContext() {
      const context = await stack.browser.newContext({ baseURL: stack.server.origin, locale: 'en-US' });
      stack.contexts.push(context);
      return context;
    },
    async newPage() {
      const context = await stack.newContext();
      return context.newPage();
    },
    /**
     * Signs user ({username, password, first?}) in through the login page and waits until the app has left it
     * (and, given the first name, until the header shows the profile menu).
     */
    /** A bearer token for user ({username, password}) from the OAuth password grant. */
    async token(user) {
      const res = await fetch(stack.url('/services/oauth2/token'), {
        method: 'POST',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ grant_type: 'password', username: user.username, password: user.password }),
      });
      if (res.status !== 200) throw new Error(`token for ${user.username}: ${res.status}`);
      return (await res.json()).access_token;
    },
    /** Deletes user's current cart (the buyer's cart outlives a browser session), so a test starts from none. */
    async emptyCart(user) {
      const res = await fetch(stack.url(`/services/data/v64.0/commerce/webstores/${stack.site.webstoreId}/carts/current`), {
        method: 'DELETE',
        headers: { Authorization: `Bearer ${await stack.token(user)}` },
      });
      if (res.status !== 204 && res.status !== 404) throw new Error(`DELETE carts/current answered ${res.status}`);
    },
    /** Calls the commerce API below the webstore as user; answers the Response. */
    async commerce(user, method, rel, body) {
      return fetch(stack.url(stack.commercePath(`/${rel}`)), {
        method,
        headers: { Authorization: `Bearer ${await stack.token(user)}`, 'Content-Type': 'application/json', Accept: 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
    },
    /**
     * Places an order for user through the API: lines ([{productId, quantity}]) into the current cart, a checkout to a
     * Colorado address with the cheapest delivery method, a purchase order payment. Answers the order reference number.
     */
    async placeOrder(user, lines) {
      const expect = async (res, status, what) => {
        if (res.status !== status) throw new Error(`${what} answered ${res.status}: ${await res.text()}`);
        return res.status === 204 ? null : res.json();
      };
      for (const { productId, quantity } of lines) {
        await expect(await stack.commerce(user, 'POST', 'carts/current/cart-items', { productId, quantity: String(quantity), type: 'Product' }), 201, 'add to cart');
      }
      const address = { firstName: 'Bonnie', lastName: 'Buyer', street: '1 Main St', city: 'Denver', region: 'CO', postalCode: '80202', country: 'US' };
      const { checkoutId } = await expect(await stack.commerce(user, 'PUT', 'checkouts', { cartId: 'current', deliveryAddressInput: address }), 202, 'start checkout');
      await expect(await stack.commerce(user, 'POST', `checkouts/${checkoutId}/payments`, { requestType: 'SimplePurchaseOrder', paymentToken: 'PO-E2E' }), 201, 'pay');
      const placed = await expect(await stack.commerce(user, 'POST', `checkouts/${checkoutId}/orders`), 201, 'place order');
      return placed.orderReferenceNumber;
    },
    /**
     * Creates a buyer ({username, password, first, last}) in buyer@example.com's account with `storefront user create`
     * on the server's database, for tests that change a user's password and must leave the demo users alone.
     */
    async createBuyer(user) {
      const res = await fetch(stack.url(`/services/data/v64.0/commerce/webstores/${stack.site.webstoreId}/session-context`), {
        headers: { Authorization: `Bearer ${await stack.token({ username: 'buyer@example.com', password: 'demo1234' })}` },
      });
      const { accountId } = await res.json();
      const db = `sqlite://${path.join(stack.server.tmp, 'e2e.db')}`;
      const out = spawnSync(binaryPath(), ['user', 'create', '--db', db, '--email', user.username, '--password', user.password,
        '--first', user.first, '--last', user.last, '--account', accountId], { encoding: 'utf8' });
      if (out.status !== 0) throw new Error(`user create ${user.username}: ${out.stderr}`);
    },
    /** The server's log lines (JSON) whose msg is msg, as objects. */
    logEntries(msg) {
      return stack.server
        .logs()
        .split('\n')
        .flatMap((line) => {
          try {
            const entry = JSON.parse(line);
            return entry.msg === msg ? [entry] : [];
          } catch {
            return [];
          }
        });
    },
    /** The commerce API path of the demo store, with rest appended ("/carts/current"). */
    commercePath(rest = '') {
      return `/services/data/v64.0/commerce/webstores/${stack.site.webstoreId}${rest}`;
    },
    /** GET path with a bearer token; fails unless 200; answers the JSON. */
    async apiGet(bearer, p) {
      const res = await fetch(stack.url(p), { headers: { Authorization: `Bearer ${bearer}`, Accept: 'application/json' } });
      if (res.status !== 200) throw new Error(`GET ${p} answered ${res.status}: ${await res.text()}`);
      return res.json();
    },
    /** A cart's product count through the API with the page's own cookies, for an account (or the user's own). */
    async cartCount(page, accountId) {
      const query = accountId ? `?effectiveAccountId=${accountId}` : '';
      const res = await page.request.get(stack.url(stack.commercePath(`/carts/current/compact-summary${query}`)));
      if (res.status() !== 200) throw new Error(`compact-summary answered ${res.status()}`);
      return Number((await res.json()).totalProductCount ?? 0);
    },
    /**
     * The first demo product whose price for the caller's own account differs from its price for accountId:
     * {id, own, theirs} with the prices formatted as the pages show them.
     */
    async pricedDifferently(bearer, accountId) {
      for (let n = 1; n <= 40; n++) {
        const id = productId(n);
        const own = await stack.apiGet(bearer, stack.commercePath(`/pricing/products/${id}`));
        const theirs = await stack.apiGet(bearer, stack.commercePath(`/pricing/products/${id}?effectiveAccountId=${accountId}`));
        if (own.unitPrice !== theirs.unitPrice) return { id, own: usd(own.unitPrice), theirs: usd(theirs.unitPrice) };
      }
      throw new Error('no product is priced differently for the two accounts');
    },
    async logIn(page, user) {
      await page.goto(stack.url('/login'));
      await page.getByLabel('Email').fill(user.username);
      await page.getByLabel('Password').fill(user.password);
      await page.getByRole('button', { name: 'Log in' }).click();
      await page.waitForURL((u) => !u.pathname.endsWith('/login'));
      if (user.first) await page.getByRole('button', { name: `${user.first}, profile menu` }).waitFor();
    },
  };

  before(async () => {
    stack.server = await startServer();
    const res = await fetch(`${stack.server.origin}/api/site`);
    if (res.status !== 200) throw new Error(`GET /api/site answered ${res.status}`);
    stack.site = await res.json();
    stack.browser = await launchBrowser();
  });

  afterEach(async (t) => {
    // On failure keep a screenshot of every open page, to see what the user saw.
    const failed = t?.passed === false;
    for (const context of stack.contexts.splice(0)) {
      if (failed) {
        mkdirSync(ARTIFACTS, { recursive: true });
        const pages = context.pages();
        for (let i = 0; i < pages.length; i++) {
          const name = `${String(t.name).replace(/[^a-z0-9]+/gi, '-')}-${i}.png`;
          await pages[i].screenshot({ path: path.join(ARTIFACTS, name), fullPage: true }).catch(() => {});
        }
      }
      await context.close().catch(() => {});
    }
  });

  after(async () => {
    if (stack.server) {
      mkdirSync(ARTIFACTS, { recursive: true });
      writeFileSync(path.join(ARTIFACTS, 'server.log'), stack.server.logs());
    }
    await stack.browser?.close().catch(() => {});
    await stack.server?.stop();
  });

  return stack;
}

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/**
 * Runs axe-core on the page and returns its serious and critical violations, summarised. axe is evaluated through
 * the DevTools protocol: the app's Content-Security-Policy (rightly) refuses inline script tags.
 */
export async function seriousAxeViolations(page) {
  await page.evaluate(axeSource);
  const result = await page.evaluate(async () => {
    // eslint-disable-next-line no-undef
    const r = await axe.run(document, { resultTypes: ['violations'] });
    return r.violations.map((v) => ({ id: v.id, impact: v.impact, help: v.help, nodes: v.nodes.map((n) => n.target.join(' ')) }));
  });
  return result.filter((v) => v.impact === 'serious' || v.impact === 'critical');
}

/**
 * How far the page scrolls sideways, in px (0 or less: not at all), once its layout has settled: after a viewport
 * change the header measures its navigation again on the next frames, so the width is read after two animation frames
 * and again, for up to 2 s, while it is still too wide.
 */
export async function sidewaysOverflow(page) {
  const measure = () =>
    page.evaluate(
      () =>
        new Promise((resolve) =>
          requestAnimationFrame(() => requestAnimationFrame(() => resolve(document.documentElement.scrollWidth - window.innerWidth))),
        ),
    );
  let overflow = await measure();
  for (let i = 0; i < 20 && overflow > 0; i++) {
    await new Promise((r) => setTimeout(r, 100));
    overflow = await measure();
  }
  return overflow;
}

/** An amount as the pages show dollars. */
export const usd = (amount) => new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(Number(amount));

const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
/** Demo product n's id (records.StableID("01t", n), 15-character form). */
export function productId(n) {
  let digits = '';
  for (let i = 0; i < 10; i++) {
    digits = BASE62[n % 62] + digits;
    n = Math.floor(n / 62);
  }
  return `01t0S${digits}`;
}

/** Waits until focus is on a checkout step's heading (it moves there once the step before is done). */
export async function focusedStep(page, name) {
  await page.waitForFunction((text) => document.activeElement?.tagName === 'H2' && document.activeElement.textContent.includes(text), name);
}

/** The header's account switcher button (managers only). */
export const accountSwitcher = (page) => page.getByRole('banner').getByRole('button', { name: /^Buying for .*, switch account$/ });

/** Opens the account switcher, searches the name and chooses the first match with the keyboard. */
export async function switchAccount(page, name) {
  await accountSwitcher(page).click();
  const dialog = page.getByRole('dialog', { name: 'Switch account' });
  await dialog.getByRole('combobox', { name: 'Search accounts' }).fill(name);
  await dialog.getByRole('option', { name: new RegExp(`^${name}`) }).first().waitFor();
  await page.waitForTimeout(200); // the 150 ms search debounce settles
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  await dialog.waitFor({ state: 'detached' });
  await page.getByRole('banner').getByRole('button', { name: `Buying for ${name}, switch account` }).waitFor();
}
