// jsforce (@jsforce/jsforce-node, pinned in package.json) against the real binary, as an integration would use it:
// the SOAP login, the OAuth 2.0 username-password flow with a client made by `storefront client create`, the
// identity URL, a commerce call pinned to v61.0, a wrong password surfacing as jsforce's INVALID_LOGIN error, SOQL
// with paging and parent paths, sObject CRUD and upsert, a composite request, a bad field as INVALID_FIELD, the
// calls jsforce makes on its own (limits(), search(), recent(), the Organization object, FROM Order, logout()), and
// staff profiles: what a Support Agent's describe says, and what is refused.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { Connection } from '@jsforce/jsforce-node';
import { binaryPath, startServer } from './harness.mjs';

const ADMIN = { username: 'admin@example.com', password: 'demo1234' };
const BUYER = { username: 'buyer@example.com', password: 'demo1234' };
const SUPPORT = { username: 'support@example.com', password: 'demo1234' };

describe('jsforce', () => {
  let server;
  let webstoreId;
  let client;

  before(async () => {
    server = await startServer();
    webstoreId = (await (await fetch(`${server.origin}/api/site`)).json()).webstoreId;
    // The CLI writes to the running server's database, as an operator would.
    const out = execFileSync(binaryPath(), ['client', 'create', '--name', 'jsforce e2e', '--db', `sqlite://${path.join(server.tmp, 'e2e.db')}`], {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    client = {
      id: /^client_id: (\S+)$/m.exec(out)?.[1],
      secret: /^client_secret: (\S+)$/m.exec(out)?.[1],
    };
    assert.ok(client.id?.startsWith('3MVG9') && client.secret, out);
  });
  after(async () => {
    await server?.stop();
  });

  test('logs in by SOAP and reads its identity', async () => {
    const conn = new Connection({ loginUrl: server.origin, version: '61.0' });
    const info = await conn.login(ADMIN.username, ADMIN.password);
    assert.match(info.organizationId, /^00D[0-9A-Za-z]{15}$/);
    assert.equal(conn.instanceUrl, server.origin);
    const id = await conn.identity();
    assert.equal(id.username, ADMIN.username);
    assert.equal(id.user_id, info.id);
    assert.equal(id.organization_id, info.organizationId);
    assert.equal(id.user_type, 'STANDARD');
    assert.equal(id.id, `${server.origin}/id/${info.organizationId}/${info.id}`);
  });

  test('logs in by OAuth 2.0 with a registered client and calls the commerce API under v61.0', async () => {
    const conn = new Connection({
      oauth2: { loginUrl: server.origin, clientId: client.id, clientSecret: client.secret },
      version: '61.0',
    });
    const info = await conn.login(BUYER.username, BUYER.password);
    assert.equal(conn.instanceUrl, server.origin);
    const context = await conn.request(`/services/data/v61.0/commerce/webstores/${webstoreId}/session-context`);
    assert.equal(context.userId, info.id);
    assert.equal(context.userName, BUYER.username);
    // The same call under v64.0 answers the same.
    const latest = await conn.request(`/services/data/v64.0/commerce/webstores/${webstoreId}/session-context`);
    assert.deepEqual(context, latest);
    // The resources of v61.0 name v61.0 URLs; the ui-api answers under it too.
    const resources = await conn.request('/services/data/v61.0');
    assert.equal(resources.commerce, '/services/data/v61.0/commerce');
    const record = await conn.request(`/services/data/v61.0/ui-api/records/${info.id}?fields=User.Username`);
    assert.equal(record.fields.Username.value, BUYER.username);
  });

  test('refreshes and revokes a token issued to the client', async () => {
    const conn = new Connection({ oauth2: { loginUrl: server.origin, clientId: client.id, clientSecret: client.secret } });
    const issued = await conn.oauth2.authenticate(ADMIN.username, ADMIN.password);
    assert.ok(issued.refresh_token);
    const refreshed = await conn.oauth2.refreshToken(issued.refresh_token);
    assert.notEqual(refreshed.access_token, issued.access_token);
    await conn.oauth2.revokeToken(issued.refresh_token);
    await assert.rejects(conn.oauth2.refreshToken(issued.refresh_token), (err) => {
      assert.equal(err.name, 'invalid_grant');
      assert.equal(err.message, 'expired access/refresh token');
      return true;
    });
  });

  test('a wrong password is INVALID_LOGIN by SOAP and invalid_grant by OAuth 2.0', async () => {
    await assert.rejects(new Connection({ loginUrl: server.origin, version: '61.0' }).login(ADMIN.username, 'wrong-password'), {
      message: 'INVALID_LOGIN: Invalid username, password, security token; or user locked out.',
    });
    const oauth = new Connection({ oauth2: { loginUrl: server.origin, clientId: client.id, clientSecret: client.secret } });
    await assert.rejects(oauth.login(ADMIN.username, 'wrong-password'), (err) => {
      assert.equal(err.name, 'invalid_grant');
      assert.equal(err.message, 'authentication failure');
      return true;
    });
    const badSecret = new Connection({ oauth2: { loginUrl: server.origin, clientId: client.id, clientSecret: 'nope' } });
    await assert.rejects(badSecret.login(ADMIN.username, ADMIN.password), (err) => {
      assert.equal(err.name, 'invalid_client');
      assert.equal(err.message, 'invalid client credentials');
      return true;
    });
  });

  test('queries with paging and a parent path', async () => {
    const conn = new Connection({ loginUrl: server.origin, version: '61.0' });
    await conn.login(ADMIN.username, ADMIN.password);
    const soql = 'SELECT Id, UnitPrice, Product2.Name FROM PricebookEntry ORDER BY Id';
    const { totalSize } = await conn.query('SELECT COUNT() FROM PricebookEntry');
    assert.ok(totalSize > 200, `the demo store has ${totalSize} price book entries; paging needs more than 200`);
    const first = await conn.query(soql, { headers: { 'Sforce-Query-Options': 'batchSize=200' } });
    assert.equal(first.totalSize, totalSize);
    assert.equal(first.done, false);
    assert.equal(first.records.length, 200);
    assert.match(first.nextRecordsUrl, /\/services\/data\/v61\.0\/query\//);
    const second = await conn.queryMore(first.nextRecordsUrl, { headers: { 'Sforce-Query-Options': 'batchSize=200' } });
    assert.equal(second.records.length, Math.min(200, totalSize - 200));
    // autoFetch follows every nextRecordsUrl.
    const all = await conn.query(soql).run({ autoFetch: true, maxFetch: 100000, headers: { 'Sforce-Query-Options': 'batchSize=200' } });
    assert.equal(all.records.length, totalSize);
    assert.equal(new Set(all.records.map((r) => r.Id)).size, totalSize);
    assert.ok(all.records.every((r) => typeof r.Product2?.Name === 'string' && r.Product2.attributes.type === 'Product2'));
    assert.equal(first.records[0].attributes.url, `/services/data/v61.0/sobjects/PricebookEntry/${first.records[0].Id}`);
  });

  test('creates, retrieves, updates, upserts and deletes a record', async () => {
    const conn = new Connection({ loginUrl: server.origin, version: '61.0' });
    await conn.login(ADMIN.username, ADMIN.password);
    const accounts = conn.sobject('Account');
    const made = await accounts.create({ Name: 'jsforce Ltd', Industry: 'Energy', AccountNumber: 'JSF-1' });
    assert.equal(made.success, true);
    assert.match(made.id, /^001[0-9A-Za-z]{15}$/);
    assert.deepEqual(made.errors, []);
    const got = await accounts.retrieve(made.id);
    assert.equal(got.Name, 'jsforce Ltd');
    assert.equal(got.Industry, 'Energy');
    assert.equal(got.attributes.type, 'Account');
    const updated = await accounts.update({ Id: made.id, Industry: 'Retail' });
    assert.deepEqual(updated, { id: made.id, success: true, errors: [] });
    assert.equal((await accounts.retrieve(made.id, { fields: ['Industry'] })).Industry, 'Retail');
    // A list reads through the sObject collections resource; every described field comes back.
    const [listedRead] = await accounts.retrieve([made.id]);
    assert.equal(listedRead.Industry, 'Retail');
    assert.equal(listedRead.BillingAddress, null);
    // Upsert by an external-id field: the existing record is updated, a new value creates one.
    const again = await accounts.upsert({ AccountNumber: 'JSF-1', Phone: '555-0100' }, 'AccountNumber');
    assert.equal(again.success, true);
    assert.equal(again.created, false);
    assert.equal(again.id, made.id);
    assert.equal((await accounts.retrieve(made.id)).Phone, '555-0100');
    const fresh = await accounts.upsert({ AccountNumber: 'JSF-2', Name: 'jsforce Two' }, 'AccountNumber');
    assert.equal(fresh.success, true);
    assert.equal(fresh.created, true);
    // A list upserts through the sObject collections resource.
    const listed = await accounts.upsert([{ AccountNumber: 'JSF-1', Industry: 'Energy' }, { AccountNumber: 'JSF-3', Name: 'jsforce Three' }], 'AccountNumber');
    assert.deepEqual(
      listed.map((r) => [r.success, r.created]),
      [
        [true, false],
        [true, true],
      ],
    );
    assert.equal(listed[0].id, made.id);
    await accounts.destroy(listed[1].id);
    const found = await conn.query("SELECT Id, Name FROM Account WHERE AccountNumber = 'JSF-2'");
    assert.deepEqual(found.records.map((r) => r.Name), ['jsforce Two']);
    // Delete both; the record is gone.
    assert.deepEqual(await accounts.destroy(made.id), { id: made.id, success: true, errors: [] });
    await accounts.destroy(fresh.id);
    await assert.rejects(accounts.retrieve(made.id), (err) => {
      assert.equal(err.errorCode, 'NOT_FOUND');
      return true;
    });
    assert.equal((await conn.query("SELECT COUNT() FROM Account WHERE AccountNumber LIKE 'JSF-%'")).totalSize, 0);
  });

  test('a bad field surfaces as jsforce\'s INVALID_FIELD error', async () => {
    const conn = new Connection({ loginUrl: server.origin, version: '61.0' });
    await conn.login(ADMIN.username, ADMIN.password);
    await assert.rejects(conn.sobject('Account').create({ Name: 'x', Bogus__c: 1 }), (err) => {
      assert.equal(err.errorCode, 'INVALID_FIELD');
      assert.equal(err.message, "No such column 'Bogus__c' on sobject of type Account");
      return true;
    });
    await assert.rejects(conn.query('SELECT Bogus__c FROM Account'), (err) => {
      assert.equal(err.errorCode, 'INVALID_FIELD');
      return true;
    });
  });

  test('runs a composite request with references', async () => {
    const conn = new Connection({ loginUrl: server.origin, version: '61.0' });
    await conn.login(ADMIN.username, ADMIN.password);
    const res = await conn.requestPost('/services/data/v61.0/composite', {
      allOrNone: true,
      compositeRequest: [
        { method: 'POST', url: '/services/data/v61.0/sobjects/Account', referenceId: 'NewAccount', body: { Name: 'Composite Co' } },
        {
          method: 'POST',
          url: '/services/data/v61.0/sobjects/Contact',
          referenceId: 'NewContact',
          body: { LastName: 'Ref', AccountId: '@{NewAccount.id}' },
        },
        {
          method: 'GET',
          url: "/services/data/v61.0/query?q=SELECT+Account.Name+FROM+Contact+WHERE+Id='@{NewContact.id}'",
          referenceId: 'Check',
        },
      ],
    });
    assert.deepEqual(
      res.compositeResponse.map((r) => [r.referenceId, r.httpStatusCode]),
      [
        ['NewAccount', 201],
        ['NewContact', 201],
        ['Check', 200],
      ],
    );
    assert.equal(res.compositeResponse[2].body.records[0].Account.Name, 'Composite Co');
    // allOrNone: a failing subrequest leaves nothing behind.
    const failed = await conn.requestPost('/services/data/v61.0/composite', {
      allOrNone: true,
      compositeRequest: [
        { method: 'POST', url: '/services/data/v61.0/sobjects/Account', referenceId: 'A', body: { Name: 'Rolled Back Co' } },
        { method: 'POST', url: '/services/data/v61.0/sobjects/Account', referenceId: 'B', body: { Bogus__c: 1 } },
      ],
    });
    assert.deepEqual(
      failed.compositeResponse.map((r) => [r.httpStatusCode, r.body[0].errorCode]),
      [
        [400, 'PROCESSING_HALTED'],
        [400, 'INVALID_FIELD'],
      ],
    );
    assert.equal((await conn.query("SELECT COUNT() FROM Account WHERE Name = 'Rolled Back Co'")).totalSize, 0);
  });

  test('tokens in Salesforce\'s form; limits, search, recent, Organization and Order as jsforce asks them', async () => {
    const conn = new Connection({ loginUrl: server.origin, version: '67.0' });
    const info = await conn.login(ADMIN.username, ADMIN.password);
    // The session id is "<org id>!<opaque>", and the identity call accepts it.
    assert.match(conn.accessToken, /^00D\w{12}![.\w]{43}$/);
    assert.equal(conn.accessToken.slice(0, 15), info.organizationId.slice(0, 15));
    assert.equal((await conn.identity()).user_id, info.id);

    const limits = await conn.limits();
    assert.equal(limits.DailyApiRequests.Max, 100000);
    assert.ok(limits.DailyApiRequests.Remaining > 0 && limits.DailyApiRequests.Remaining < 100000);

    const found = await conn.search('FIND {Northwind} IN NAME FIELDS RETURNING Account(Id, Name ORDER BY Name)');
    assert.ok(found.searchRecords.length >= 2);
    assert.ok(found.searchRecords.every((r) => r.attributes.type === 'Account' && r.Name.includes('Northwind')));

    const made = await conn.sobject('Account').create({ Name: 'Recent jsforce Co' });
    const recent = await conn.recent(3);
    assert.equal(recent[0].Id, made.id);
    assert.equal(recent[0].Name, 'Recent jsforce Co');
    assert.ok(recent.length <= 3);

    const org = await conn.query('SELECT Id, Name, IsSandbox, OrganizationType, InstanceName, NamespacePrefix FROM Organization');
    assert.equal(org.totalSize, 1);
    assert.equal(org.records[0].Id, info.organizationId);
    assert.equal(org.records[0].IsSandbox, false);
    assert.equal(org.records[0].NamespacePrefix, null);
    assert.equal(org.records[0].Name, 'Storefront Demo Supply'); // the demo store's name

    const orders = await conn.query('SELECT Id FROM Order');
    assert.equal(orders.done, true);

    // A version released after the routing table's (v67.0) reaches the same calls; its list names v68.0.
    const versions = await (await fetch(`${server.origin}/services/data`)).json();
    assert.equal(versions.at(-1).version, '68.0');
    assert.equal(versions[0].version, '31.0');

    // Logging out of a SOAP session ends it.
    const token = conn.accessToken;
    await conn.logout();
    const after = await fetch(`${server.origin}/services/oauth2/userinfo`, { headers: { Authorization: `Bearer ${token}` } });
    assert.equal(after.status, 401);
  });

  test('a Support Agent works within their profile', async () => {
    const conn = new Connection({ loginUrl: server.origin, version: '61.0' });
    await conn.login(SUPPORT.username, SUPPORT.password);
    const profile = await conn.query("SELECT Id, Name FROM Profile WHERE Name = 'Support Agent'").catch((err) => err);
    // Profiles are user administration: a Support Agent cannot read them.
    assert.equal(profile.errorCode, 'INVALID_TYPE');

    // Orders are read only, and the order total is hidden from them.
    const order = await conn.sobject('Order').describe();
    assert.equal(order.createable, false);
    assert.equal(order.updateable, false);
    assert.equal(order.deletable, false);
    assert.equal(order.queryable, true);
    assert.ok(order.fields.some((f) => f.name === 'OrderNumber'));
    assert.ok(!order.fields.some((f) => f.name === 'GrandTotalAmount'));
    await assert.rejects(conn.query('SELECT GrandTotalAmount FROM Order'), (err) => {
      assert.equal(err.errorCode, 'INVALID_FIELD');
      return true;
    });

    // Contacts are theirs to write; price books do not exist for them.
    const made = await conn.sobject('Contact').create({ LastName: 'Supported' });
    assert.equal(made.success, true);
    await conn.sobject('Contact').destroy(made.id);
    await assert.rejects(conn.sobject('Pricebook2').create({ Name: 'Not Mine' }), (err) => {
      assert.equal(err.errorCode, 'NOT_FOUND');
      return true;
    });
    const global = await conn.describeGlobal();
    const names = global.sobjects.map((o) => o.name);
    assert.ok(names.includes('Case') && names.includes('Order'));
    assert.ok(!names.includes('Pricebook2') && !names.includes('PermissionSet'));
  });
});
