// End-to-end harness: runs the already built storefront binary on a fresh
// SQLite database with the demo store, and Debian's Chromium through
// playwright-core. It builds nothing: run `make build` (or
// `cd web && npm run build` then `go build -o bin/storefront ./cmd/storefront`) first.
//
// Environment:
//   STOREFRONT_BIN   path of the binary (default ../bin/storefront)
//   CHROMIUM_PATH    path of Chromium (default /usr/bin/chromium)
//   E2E_KEEP_TMP=1   keep the temporary database folder
import { spawn } from 'node:child_process';
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
