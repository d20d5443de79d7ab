// The Salesforce CLI (@salesforce/cli, pinned with the Node 22 it needs in sfcli/package.json; `npm ci` there
// installs both) against the real binary, as a developer would point it at an org: log in with an access token,
// display the org, query with rows (the CLI asks the query's column metadata too), create and get a record, and
// list the org's limits. Every command runs with --json; HOME and the XDG folders are a temporary folder, so the CLI
// writes nothing outside it, and telemetry and update checks are off.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { after, before, describe, test } from 'node:test';
import { startServer } from './harness.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const tools = path.join(here, 'sfcli', 'node_modules');
const node22 = path.join(tools, '.bin', 'node');
const sfRun = path.join(tools, '@salesforce', 'cli', 'bin', 'run.js');
const USERNAME = 'admin@example.com';

describe('Salesforce CLI', () => {
  let server;
  let home;
  let token;
  let orgId;

  before(async () => {
    assert.ok(existsSync(node22) && existsSync(sfRun), 'the CLI is not installed: run `cd e2e/sfcli && npm ci` (make test-e2e does)');
    server = await startServer();
    home = await mkdtemp(path.join(os.tmpdir(), 'storefront-sfcli-'));
    const res = await fetch(`${server.origin}/services/oauth2/token`, {
      method: 'POST',
      body: new URLSearchParams({ grant_type: 'password', username: USERNAME, password: 'demo1234' }),
    });
    const issued = await res.json();
    token = issued.access_token;
    orgId = issued.id.split('/').at(-2);
  });
  after(async () => {
    await server?.stop();
    if (home) await rm(home, { recursive: true, force: true });
  });

  /** Runs `sf ...args --json` under Node 22 and returns the parsed answer (failing on a non-zero status). */
  function sf(args, extraEnv = {}) {
    const env = {
      PATH: `${path.join(tools, '.bin')}:${process.env.PATH}`,
      HOME: home,
      XDG_CONFIG_HOME: path.join(home, '.config'),
      XDG_CACHE_HOME: path.join(home, '.cache'),
      XDG_DATA_HOME: path.join(home, '.local', 'share'),
      SF_DISABLE_TELEMETRY: 'true',
      SF_AUTOUPDATE_DISABLE: 'true',
      SF_HIDE_RELEASE_NOTES: 'true',
      SF_USE_GENERIC_UNIX_KEYCHAIN: 'true',
      SF_SKIP_NEW_VERSION_CHECK: 'true',
      ...extraEnv,
    };
    const out = spawnSync(node22, [sfRun, ...args, '--json'], { env, encoding: 'utf8', timeout: 120_000 });
    let body;
    try {
      body = JSON.parse(out.stdout);
    } catch {
      assert.fail(`sf ${args.join(' ')}: no JSON answer (exit ${out.status})\n${out.stdout}\n${out.stderr}`);
    }
    assert.equal(out.status, 0, `sf ${args.join(' ')}: ${out.stdout}`);
    return body;
  }

  test('logs in with an access token in <org id>!<opaque> form and displays the org', () => {
    assert.match(token, /^00D\w{12}![.\w]+$/);
    // The CLI checks the token's form itself, then asks the userinfo endpoint over plain http (it warns, and goes on).
    const login = sf(['org', 'login', 'access-token', '--instance-url', server.origin, '--no-prompt', '--alias', 'store'], {
      SF_ACCESS_TOKEN: token,
    });
    assert.equal(login.result.username, USERNAME);
    assert.equal(login.result.orgId, orgId);
    assert.equal(login.result.instanceUrl, `${server.origin}/`);

    const shown = sf(['org', 'display', '--target-org', 'store']);
    assert.equal(shown.result.id, orgId);
    assert.equal(shown.result.username, USERNAME);
    assert.equal(shown.result.connectedStatus, 'Connected');
    assert.equal(shown.result.apiVersion, '68.0'); // the newest version /services/data lists
  });

  test('queries rows (with their column metadata), creates and gets a record', () => {
    const query = sf(['data', 'query', '--target-org', 'store', '--query', 'SELECT Id, Name, Owner.Name FROM Account ORDER BY Name LIMIT 2']);
    assert.equal(query.result.totalSize, 2);
    assert.equal(query.result.done, true);
    assert.equal(query.result.records.length, 2);
    assert.equal(query.result.records[0].attributes.type, 'Account');
    assert.equal(typeof query.result.records[0].Owner.Name, 'string');

    const made = sf(['data', 'create', 'record', '--target-org', 'store', '--sobject', 'Account', '--values', "Name='CLI Made Co' NumberOfEmployees=12"]);
    assert.equal(made.result.success, true);
    assert.match(made.result.id, /^001\w{15}$/);

    const got = sf(['data', 'get', 'record', '--target-org', 'store', '--sobject', 'Account', '--record-id', made.result.id]);
    assert.equal(got.result.Id, made.result.id);
    assert.equal(got.result.Name, 'CLI Made Co');
    assert.equal(got.result.NumberOfEmployees, 12);

    const byName = sf(['data', 'get', 'record', '--target-org', 'store', '--sobject', 'Account', '--where', "Name='CLI Made Co'"]);
    assert.equal(byName.result.Id, made.result.id);

    const ordered = sf(['data', 'query', '--target-org', 'store', '--query', 'SELECT Id FROM Order']);
    assert.equal(ordered.result.done, true);
  });

  test('lists the org limits', () => {
    const limits = sf(['org', 'list', 'limits', '--target-org', 'store']);
    const daily = limits.result.find((l) => l.name === 'DailyApiRequests');
    assert.ok(daily, JSON.stringify(limits.result));
    assert.equal(daily.max, 100000);
    assert.ok(daily.remaining > 0 && daily.remaining < 100000);
  });
});
