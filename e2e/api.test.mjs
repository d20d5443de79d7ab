// The HTTP API of the built binary, over plain HTTP (no browser): unknown paths and wrong methods answer the API's
// JSON errors, never the web app; every response carries the security headers; text no database can store is a 400.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { startServer } from './harness.mjs';

const NOT_FOUND = [{ errorCode: 'NOT_FOUND', message: 'The requested resource does not exist' }];

/** Sends a request and returns its status, headers and body (parsed when JSON). */
async function call(origin, path, init = {}) {
  const res = await fetch(origin + path, { redirect: 'manual', ...init });
  const text = await res.text();
  const json = (res.headers.get('content-type') ?? '').startsWith('application/json') ? JSON.parse(text) : undefined;
  return { status: res.status, headers: res.headers, text, json };
}

function assertJSONError(r, status, errorCode, what) {
  assert.equal(r.status, status, `${what}: ${r.status} ${r.text}`);
  assert.equal(r.headers.get('content-type'), 'application/json;charset=UTF-8', what);
  assert.ok(Array.isArray(r.json) && r.json.length === 1, `${what}: ${r.text}`);
  assert.equal(r.json[0].errorCode, errorCode, what);
  assert.equal(typeof r.json[0].message, 'string', what);
}

// One server at the root and one under a base path: the API answers the same under both.
for (const basePath of ['', '/shop']) {
  describe(`the API ${basePath ? `under the base path ${basePath}` : 'at the root'}`, () => {
    let server;
    let site;
    const api = (path, init) => call(server.origin, basePath + path, init);

    before(async () => {
      server = await startServer({ basePath });
      site = (await api('/api/site')).json;
    });
    after(async () => {
      await server?.stop();
    });

    test('unknown paths under /services/, /api/ and /lwr/ answer the JSON 404, not the web app', async () => {
      for (const path of [
        '/services/nope',
        '/services/data/v64.0/ui-api/nope',
        `/services/data/v64.0/commerce/webstores/${site.webstoreId}/nope`,
        '/api/nope',
        '/lwr/apex/v64.0/Nope',
      ]) {
        const r = await api(path);
        assertJSONError(r, 404, 'NOT_FOUND', `GET ${path}`);
        assert.deepEqual(r.json, NOT_FOUND);
      }
      // The web app still answers its own paths.
      const page = await api('/product/anything/01t000000000001AAA');
      assert.equal(page.status, 200);
      assert.match(page.headers.get('content-type'), /^text\/html/);
    });

    test('a wrong method on a known path answers 405 with Allow and the JSON error', async () => {
      for (const [method, path, allow] of [
        ['DELETE', '/api/site', 'GET, HEAD'],
        ['GET', '/services/oauth2/token', 'POST'],
        ['PATCH', `/services/data/v64.0/commerce/webstores/${site.webstoreId}/carts`, 'POST, PUT'],
        ['PUT', '/lwr/apex/v64.0/NavigationMenuItemsController/getConnectNavigationItems', 'GET, HEAD, POST'],
      ]) {
        const r = await api(path, { method });
        assertJSONError(r, 405, 'METHOD_NOT_ALLOWED', `${method} ${path}`);
        assert.equal(r.headers.get('allow'), allow, `${method} ${path}`);
        assert.equal(r.json[0].message, `HTTP Method '${method}' not allowed. Allowed are ${allow.replaceAll(', ', ',')}`);
      }
    });

    test('JSON and HTML responses carry the security headers; JSON is never framed', async () => {
      for (const path of ['/api/site', '/services/nope', '/']) {
        const r = await api(path);
        assert.equal(r.headers.get('x-content-type-options'), 'nosniff', path);
        assert.equal(r.headers.get('referrer-policy'), 'strict-origin-when-cross-origin', path);
        if (r.headers.get('content-type').startsWith('application/json')) {
          assert.equal(r.headers.get('x-frame-options'), 'DENY', path);
        }
      }
      assert.match((await api('/')).headers.get('content-type'), /^text\/html/);
    });

    test('a NUL character or bytes that are not UTF-8 are refused with 400', async () => {
      const commerce = `/services/data/v64.0/commerce/webstores/${site.webstoreId}`;
      const json = { 'content-type': 'application/json' };
      const form = { 'content-type': 'application/x-www-form-urlencoded' };
      for (const [what, path, init] of [
        ['NUL in a path value', `${commerce}/products/01t%00`, {}],
        ['invalid UTF-8 in a path value', `/cms/delivery/media/MC%FF`, {}],
        ['NUL in a query value', `${commerce}/search/suggestions?searchTerm=pen%00`, {}],
        ['invalid UTF-8 in a query value', `${commerce}/products/01t000000000001AAA?fields=Name%FF`, {}],
        ['NUL in a JSON string', '/api/auth/login', { method: 'POST', headers: json, body: '{"username":"a\\u0000b","password":"x"}' }],
        ['invalid UTF-8 in a JSON string', `${commerce}/search/product-search`,
          { method: 'POST', headers: json, body: Buffer.from([...Buffer.from('{"searchTerm":"'), 0xff, ...Buffer.from('"}')]) }],
        ['NUL in a form field', '/services/oauth2/token', { method: 'POST', headers: form, body: 'grant_type=password&username=a%00&password=x' }],
      ]) {
        const r = await api(path, init);
        assertJSONError(r, 400, 'INVALID_API_INPUT', what);
      }
    });
  });
}
