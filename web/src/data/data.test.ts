import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  ASYNC_MAX_WAIT_EXCEEDED,
  ClientError,
  EFFECTIVE_ACCOUNT_ID_KEY,
  EFFECTIVE_ACCOUNT_NAME_KEY,
  FetchError,
  GUEST_SESSION,
  clearEffectiveAccount,
  commerceUrl,
  getApplicationContext,
  getBasePath,
  getEffectiveAccount,
  getSessionContext,
  getSessionContextOrGuest,
  getSite,
  isRetryable,
  isAbortError,
  login,
  logout,
  logoutUrl,
  maxAgeMs,
  normaliseCartError,
  normaliseCommerceError,
  parseErrorsList,
  pollUntil,
  pollingDelay,
  request,
  retryDelay,
  setBasePath,
  setEffectiveAccount,
  setWebstoreId,
  withRetry,
} from './index';
import { jsonResponse, mockFetch, resetClientState } from './testing';

const SITE = {
  webstoreId: '0ZEXX0000000001AAA',
  communityId: '0DBXX0000000001AAA',
  siteId: '0DMXX0000000001AAA',
  language: 'en_US',
  locale: 'en-US',
  basePath: '',
  storeName: 'Demo Store',
};
const COMMERCE = '/services/data/v64.0/commerce/webstores/0ZEXX0000000001AAA';

beforeEach(() => {
  resetClientState();
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('getSite', () => {
  it('loads /api/site at the origin root and configures base path and webstore', async () => {
    const { calls } = mockFetch(() => jsonResponse({ ...SITE, basePath: '/store/' }));
    const site = await getSite({ pathname: '/store/cart' });
    expect(calls.map((c) => c.url)).toEqual(['/api/site']);
    expect(calls[0].credentials).toBe('same-origin');
    expect(site.storeName).toBe('Demo Store');
    expect(site.basePath).toBe('/store');
    expect(getBasePath()).toBe('/store');
    expect(commerceUrl('session-context')).toBe(`/store${COMMERCE}/session-context`);
  });

  it('falls back to {first segment}/api/site when the root answers 404', async () => {
    const { calls } = mockFetch((url) =>
      url === '/api/site' ? new Response('not found', { status: 404 }) : jsonResponse({ ...SITE, basePath: '/shop' }),
    );
    const site = await getSite({ pathname: '/shop/global-search/x' });
    expect(calls.map((c) => c.url)).toEqual(['/api/site', '/shop/api/site']);
    expect(site.basePath).toBe('/shop');
  });

  it('fails with a FetchError when the server errors', async () => {
    mockFetch(() => new Response('boom', { status: 500, statusText: 'Internal Server Error' }));
    const err = await getSite({ pathname: '/' }).catch((e) => e);
    expect(err).toBeInstanceOf(FetchError);
    expect(err.status).toBe(500);
    expect(err.url).toBe('/api/site');
  });
});

describe('URLs', () => {
  it('builds commerce URLs under the base path', () => {
    setBasePath('/b2b');
    setWebstoreId('0ZEXX0000000001AAA');
    expect(commerceUrl('carts/current/cart-items', { pageSize: 25, pageNumber: 1, sort: undefined })).toBe(
      `/b2b${COMMERCE}/carts/current/cart-items?pageSize=25&pageNumber=1`,
    );
    expect(logoutUrl()).toBe('/b2b/logout');
  });

  it('throws before the site is loaded', () => {
    expect(() => commerceUrl('session-context')).toThrow(/webstoreId/);
  });
});

describe('effective account', () => {
  beforeEach(() => setWebstoreId(SITE.webstoreId));

  it('stores trimmed id and name in sessionStorage and adds effectiveAccountId to commerce calls', () => {
    setEffectiveAccount('  001XX0000000001AAA ', '  Acme  ');
    expect(sessionStorage.getItem(EFFECTIVE_ACCOUNT_ID_KEY)).toBe('001XX0000000001AAA');
    expect(sessionStorage.getItem(EFFECTIVE_ACCOUNT_NAME_KEY)).toBe('Acme');
    expect(getEffectiveAccount()).toEqual({ id: '001XX0000000001AAA', name: 'Acme' });
    expect(commerceUrl('session-context')).toBe(`${COMMERCE}/session-context?effectiveAccountId=001XX0000000001AAA`);
  });

  it('removes entries for empty values', () => {
    setEffectiveAccount('001XX0000000001AAA', 'Acme');
    setEffectiveAccount('001XX0000000001AAA', '   ');
    expect(sessionStorage.getItem(EFFECTIVE_ACCOUNT_NAME_KEY)).toBeNull();
    expect(sessionStorage.getItem(EFFECTIVE_ACCOUNT_ID_KEY)).toBe('001XX0000000001AAA');
    setEffectiveAccount(' ', 'Acme');
    expect(sessionStorage.getItem(EFFECTIVE_ACCOUNT_ID_KEY)).toBeNull();
    expect(sessionStorage.getItem(EFFECTIVE_ACCOUNT_NAME_KEY)).toBeNull();
    expect(getEffectiveAccount()).toBeNull();
    expect(commerceUrl('session-context')).toBe(`${COMMERCE}/session-context`);
  });

  it('is not added to the guest application-context call', async () => {
    setEffectiveAccount('001XX0000000001AAA', 'Acme');
    const { calls } = mockFetch(() => jsonResponse({ guestBrowsingEnabled: true }));
    await getApplicationContext();
    expect(calls[0].url).toBe(`${COMMERCE}/application-context?asGuest=true`);
  });
});

describe('request', () => {
  it('sends credentials and no CSRF header on GET', async () => {
    document.cookie = 'sf_csrf=tok123; path=/';
    const { calls } = mockFetch(() => jsonResponse({ ok: true }));
    const res = await request<{ ok: boolean }>('/x');
    expect(res.data).toEqual({ ok: true });
    expect(calls[0].credentials).toBe('same-origin');
    expect(calls[0].headers['x-csrf-token']).toBeUndefined();
  });

  it('sends the sf_csrf cookie value as X-CSRF-Token on every other method', async () => {
    document.cookie = 'other=1; path=/';
    document.cookie = 'sf_csrf=a%2Bb%3D; path=/';
    const { calls } = mockFetch(() => new Response(null, { status: 204 }));
    for (const method of ['POST', 'PUT', 'PATCH', 'DELETE']) {
      await request('/x', { method, body: { a: 1 } });
    }
    await request('/x', { method: 'HEAD' });
    expect(calls.map((c) => [c.method, c.headers['x-csrf-token']])).toEqual([
      ['POST', 'a+b='],
      ['PUT', 'a+b='],
      ['PATCH', 'a+b='],
      ['DELETE', 'a+b='],
      ['HEAD', undefined],
    ]);
    expect(calls[0].headers['content-type']).toBe('application/json');
    expect(calls[0].body).toEqual({ a: 1 });
  });

  it('throws a FetchError with url, status, statusText and the errors list', async () => {
    mockFetch(() =>
      jsonResponse([{ errorCode: 'INSUFFICIENT_ACCESS', message: 'No access.' }], {
        status: 403,
        statusText: 'Forbidden',
      }),
    );
    const err = await request('/y?a=1', { query: { b: 2 } }).catch((e) => e);
    expect(err).toBeInstanceOf(FetchError);
    expect(err.url).toBe('/y?a=1&b=2');
    expect(err.status).toBe(403);
    expect(err.statusText).toBe('Forbidden');
    expect(err.errors).toEqual([{ type: 'INSUFFICIENT_ACCESS', message: 'No access.' }]);
  });

  it('surfaces aborts as abort errors, not FetchErrors', async () => {
    mockFetch(() => jsonResponse({}));
    const controller = new AbortController();
    controller.abort();
    const err = await request('/z', { signal: controller.signal }).catch((e) => e);
    expect(err).not.toBeInstanceOf(FetchError);
    expect(isAbortError(err)).toBe(true);
  });

  it('reads Retry-After', async () => {
    mockFetch(() =>
      jsonResponse([{ errorCode: 'REQUEST_LIMIT_EXCEEDED', message: 'Too many.' }], {
        status: 429,
        headers: { 'Retry-After': '30' },
      }),
    );
    const err = await request('/z').catch((e) => e);
    expect(err.retryAfter).toBe(30);
  });
});

describe('error normalisation', () => {
  const fe = (body: unknown, status = 400) =>
    new FetchError({ url: '/u', status, statusText: 'Bad Request', errors: parseErrorsList(body), body });

  it('parses REST arrays, checkout problems, wrapped lists and messages', () => {
    expect(parseErrorsList([{ errorCode: 'INVALID_ID', message: 'Bad id' }])).toEqual([
      { type: 'INVALID_ID', message: 'Bad id' },
    ]);
    expect(
      parseErrorsList({
        type: '/commerce/errors/shipping-failure',
        title: 'We are unable to place the order',
        detail: 'There are no configured Order Delivery Methods.',
      }),
    ).toEqual([
      { type: '/commerce/errors/shipping-failure', message: 'There are no configured Order Delivery Methods.' },
    ]);
    expect(parseErrorsList({ errors: [{ type: 'T', message: 'M', arguments: ['x'] }] })).toEqual([
      { type: 'T', message: 'M', arguments: ['x'] },
    ]);
    expect(parseErrorsList({ message: "Cart Id: '0a6' is Deleted" })).toEqual([{ message: "Cart Id: '0a6' is Deleted" }]);
    expect(parseErrorsList(undefined)).toEqual([]);
  });

  it('takes the commerce code from the errors list, UNKNOWN_ERROR otherwise', () => {
    expect(normaliseCommerceError(fe([{ errorCode: 'INVALID_INPUT', message: 'Nope' }]))).toEqual({
      code: 'INVALID_INPUT',
      message: 'Nope',
    });
    expect(normaliseCommerceError(fe({ type: 'CHECKOUT_CONFLICT', detail: 'Stale' }))).toEqual({
      code: 'CHECKOUT_CONFLICT',
      message: 'Stale',
    });
    expect(normaliseCommerceError(fe(undefined, 500)).code).toBe('UNKNOWN_ERROR');
    expect(normaliseCommerceError(new TypeError('Failed to fetch'))).toEqual({
      code: 'UNKNOWN_ERROR',
      message: 'Failed to fetch',
    });
  });

  it('keeps the message only for CART_VALIDATION_ERROR on cart calls; otherwise the message is the code', () => {
    expect(normaliseCartError(fe([{ errorCode: 'CART_VALIDATION_ERROR', message: 'Max quantity is 10.' }]))).toEqual({
      code: 'CART_VALIDATION_ERROR',
      message: 'Max quantity is 10.',
    });
    expect(normaliseCartError(fe([{ errorCode: 'INVALID_INPUT', message: 'Quantity must be positive.' }]))).toEqual({
      code: 'Quantity must be positive.',
    });
    expect(normaliseCartError(fe({ message: "Cart Id: '0a6' is Deleted" }))).toEqual({
      code: "Cart Id: '0a6' is Deleted",
    });
    expect(normaliseCartError(fe(undefined, 500))).toEqual({ code: 'UNKNOWN_ERROR' });
    expect(normaliseCartError(new Error('x'))).toEqual({ code: 'UNKNOWN_ERROR' });
  });
});

describe('withRetry', () => {
  const failing = (status: number) =>
    new FetchError({ url: '/u', status, statusText: '', errors: [] });

  it('tries 3 times, 4000 ms apart, then rethrows the last error', async () => {
    const delay = vi.fn(async () => {});
    const fn = vi.fn(async () => {
      throw failing(500);
    });
    const err = await withRetry(fn, { delay }).catch((e) => e);
    expect(fn).toHaveBeenCalledTimes(3);
    expect(delay.mock.calls).toEqual([[4000], [4000]]);
    expect(err.status).toBe(500);
  });

  it('returns the first success', async () => {
    const delay = vi.fn(async () => {});
    let n = 0;
    const result = await withRetry(
      async () => {
        n++;
        if (n < 2) throw failing(503);
        return 'done';
      },
      { delay },
    );
    expect(result).toBe('done');
    expect(n).toBe(2);
    expect(delay).toHaveBeenCalledTimes(1);
  });

  it('never retries 409 or aborts', async () => {
    const delay = vi.fn(async () => {});
    const conflict = vi.fn(async () => {
      throw failing(409);
    });
    await expect(withRetry(conflict, { delay })).rejects.toMatchObject({ status: 409 });
    expect(conflict).toHaveBeenCalledTimes(1);
    const aborted = vi.fn(async () => {
      throw new DOMException('aborted', 'AbortError');
    });
    await expect(withRetry(aborted, { delay })).rejects.toMatchObject({ name: 'AbortError' });
    expect(aborted).toHaveBeenCalledTimes(1);
    expect(delay).not.toHaveBeenCalled();
  });
});

describe('withRetry: only what a retry can change', () => {
  const failing = (status: number, retryAfter: number | null = null) =>
    new FetchError({ url: '/u', status, statusText: '', errors: [], retryAfter });

  afterEach(() => {
    vi.useRealTimers();
  });

  it.each([400, 401, 403, 404, 422, 409, 501])('answers a %i at once: it judges the request', async (status) => {
    vi.useFakeTimers();
    const fn = vi.fn(async () => {
      throw failing(status);
    });
    // No timer is advanced: a rejection that needed a wait would never settle.
    await expect(withRetry(fn)).rejects.toMatchObject({ status });
    expect(fn).toHaveBeenCalledTimes(1);
    expect(vi.getTimerCount()).toBe(0);
  });

  it.each([0, 408, 500, 502, 503, 504, 429])('retries a %i 3 times, 4000 ms apart', async (status) => {
    vi.useFakeTimers();
    const fn = vi.fn(async () => {
      throw failing(status);
    });
    const result = withRetry(fn).catch((e) => e);
    await vi.advanceTimersByTimeAsync(0);
    expect(fn).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(3999);
    expect(fn).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(fn).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(4000);
    expect(fn).toHaveBeenCalledTimes(3);
    expect(await result).toMatchObject({ status });
    expect(vi.getTimerCount()).toBe(0);
  });

  it('waits out a Retry-After longer than 4 s (429, 503), and gives up at once on one beyond 30 s', async () => {
    vi.useFakeTimers();
    let n = 0;
    const fn = vi.fn(async () => {
      n++;
      if (n === 1) throw failing(429, 10);
      return 'ok';
    });
    const result = withRetry(fn);
    await vi.advanceTimersByTimeAsync(9999);
    expect(fn).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(await result).toBe('ok');
    expect(fn).toHaveBeenCalledTimes(2);

    const busy = vi.fn(async () => {
      throw failing(503, 120);
    });
    await expect(withRetry(busy)).rejects.toMatchObject({ status: 503 });
    expect(busy).toHaveBeenCalledTimes(1);
    // A short Retry-After keeps the spec's spacing.
    expect(retryDelay(failing(429, 1), 4000)).toBe(4000);
    expect(retryDelay(failing(503, 30), 4000)).toBe(30_000);
  });

  it('retries nothing the client raised itself', async () => {
    expect(isRetryable(new TypeError('x is undefined'))).toBe(false);
    expect(isRetryable(new ClientError('NULL_CHECKOUTID'))).toBe(false);
    expect(isRetryable(failing(0))).toBe(true);
  });
});

describe('pollingDelay', () => {
  it('follows the cart polling schedule', () => {
    const delays = Array.from({ length: 14 }, (_, i) => pollingDelay(i + 1));
    expect(delays).toEqual([0, 0, 0, 0, 100, 200, 300, 400, 1500, 3000, 6000, 12000, 24000, 48000]);
  });

  it("fails beyond 14 attempts with 'async maximum wait exceeded'", () => {
    expect(() => pollingDelay(15)).toThrow(ASYNC_MAX_WAIT_EXCEEDED);
  });

  it('pollUntil stops when done and gives up after 14 attempts', async () => {
    const delay = vi.fn(async () => {});
    let n = 0;
    const value = await pollUntil(
      async () => ({ status: ++n < 6 ? 'Processing' : 'Completed' }),
      (v) => v.status !== 'Processing',
      { delay },
    );
    expect(value.status).toBe('Completed');
    expect(delay.mock.calls).toEqual([[100], [200]]);

    const load = vi.fn(async () => ({ status: 'Processing' }));
    await expect(pollUntil(load, (v) => v.status !== 'Processing', { delay })).rejects.toThrow(
      ASYNC_MAX_WAIT_EXCEEDED,
    );
    expect(load).toHaveBeenCalledTimes(14);
  });
});

describe('application context cache', () => {
  beforeEach(() => setWebstoreId(SITE.webstoreId));

  // The library's lifetime runs on Date.now(): only the clock is faked.
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(1_000_000);
  });
  afterEach(() => vi.useRealTimers());
  const wait = (ms: number) => vi.setSystemTime(Date.now() + ms);

  it('reads max-age, serves from cache, and refreshes within 30 s of expiry', async () => {
    let version = 0;
    const { calls } = mockFetch(() =>
      jsonResponse({ version: ++version }, { headers: { 'Cache-Control': 'private, max-age=300' } }),
    );
    expect(await getApplicationContext()).toEqual({ version: 1 });
    expect(calls[0].url).toBe(`${COMMERCE}/application-context?asGuest=true`);
    wait(269_999); // 30.001 s before expiry
    expect(await getApplicationContext()).toEqual({ version: 1 });
    expect(calls).toHaveLength(1);
    wait(1); // 30 s before expiry: refresh
    expect(await getApplicationContext()).toEqual({ version: 2 });
    expect(calls).toHaveLength(2);
  });

  it('defaults to 300000 ms without a max-age and shares one request between callers', async () => {
    expect(maxAgeMs(null)).toBe(300_000);
    expect(maxAgeMs('no-cache')).toBe(300_000);
    expect(maxAgeMs('max-age=60')).toBe(60_000);
    const { calls } = mockFetch(() => jsonResponse({ a: 1 }));
    await Promise.all([getApplicationContext(), getApplicationContext()]);
    expect(calls).toHaveLength(1);
    wait(269_999);
    await getApplicationContext();
    expect(calls).toHaveLength(1);
    wait(1);
    await getApplicationContext();
    expect(calls).toHaveLength(2);
  });

  it('asks again at every use when max-age is within the refresh window', async () => {
    const { calls } = mockFetch(() => jsonResponse({ a: 1 }, { headers: { 'Cache-Control': 'max-age=20' } }));
    await getApplicationContext();
    await getApplicationContext();
    expect(calls).toHaveLength(2);
  });
});

describe('session context', () => {
  beforeEach(() => setWebstoreId(SITE.webstoreId));

  it('returns the buyer with profile and the effective account', async () => {
    setEffectiveAccount('001XX0000000002AAA', 'Beta Corp');
    const { calls } = mockFetch(() =>
      jsonResponse({
        guestUser: false,
        userId: '005XX0000000001AAA',
        userName: 'buyer@example.com',
        accountId: '001XX0000000001AAA',
        accountName: 'Acme',
        profile: { userName: 'buyer@example.com', firstName: 'Bonnie', lastName: 'Buyer', email: 'buyer@example.com' },
        buyerGroups: [{ id: '0ZIXX0000000001AAA', name: 'Default' }],
      }),
    );
    const s = await getSessionContext();
    expect(calls[0].url).toBe(`${COMMERCE}/session-context?effectiveAccountId=001XX0000000002AAA`);
    expect(s.guestUser).toBe(false);
    expect(s.profile?.firstName).toBe('Bonnie');
    expect(s.effectiveAccountId).toBe('001XX0000000002AAA');
    expect(s.effectiveAccountName).toBe('Beta Corp');
  });

  it('treats an all-zero account id as none', async () => {
    mockFetch(() => jsonResponse({ guestUser: true, accountId: '000000000000000AAA', userId: '005XX0000000009AAA' }));
    const s = await getSessionContext();
    expect(s.guestUser).toBe(true);
    expect(s.accountId).toBeNull();
  });

  it('forgets a forbidden effective account and asks again without it', async () => {
    setEffectiveAccount('001XX0000000099AAA', 'Not Mine');
    const { calls } = mockFetch((url) =>
      url.includes('effectiveAccountId=')
        ? jsonResponse([{ errorCode: 'INSUFFICIENT_ACCESS', message: 'No access.' }], { status: 403 })
        : jsonResponse({ guestUser: false, userId: '005XX0000000001AAA', profile: { firstName: 'Bonnie' } }),
    );
    const s = await getSessionContextOrGuest();
    expect(calls.map((c) => c.url)).toEqual([
      `${COMMERCE}/session-context?effectiveAccountId=001XX0000000099AAA`,
      `${COMMERCE}/session-context`,
    ]);
    expect(s.guestUser).toBe(false);
    expect(s.effectiveAccountId).toBeNull();
    expect(getEffectiveAccount()).toBeNull();
  });

  it('makes the visitor a guest when the session fails to load', async () => {
    mockFetch(() => jsonResponse([{ errorCode: 'INSUFFICIENT_ACCESS', message: 'x' }], { status: 403 }));
    await expect(getSessionContext()).rejects.toBeInstanceOf(FetchError);
    expect(await getSessionContextOrGuest()).toEqual(GUEST_SESSION);
  });
});

describe('login and logout', () => {
  it('posts the credentials as JSON to {base}/api/auth/login and clears the effective account', async () => {
    setBasePath('/store');
    document.cookie = 'sf_csrf=c1; path=/';
    setEffectiveAccount('001XX0000000002AAA', 'Beta Corp');
    const { calls } = mockFetch(() => jsonResponse({ userId: '005XX0000000001AAA' }));
    expect(await login('buyer@example.com', 'demo1234')).toEqual({ userId: '005XX0000000001AAA' });
    expect(calls[0]).toMatchObject({
      url: '/store/api/auth/login',
      method: 'POST',
      body: { username: 'buyer@example.com', password: 'demo1234' },
      credentials: 'same-origin',
    });
    expect(calls[0].headers['x-csrf-token']).toBe('c1');
    expect(getEffectiveAccount()).toBeNull();
  });

  it('rejects with the server error on 401', async () => {
    mockFetch(() =>
      jsonResponse([{ errorCode: 'INVALID_LOGIN', message: 'Invalid username or password.' }], {
        status: 401,
        statusText: 'Unauthorized',
      }),
    );
    const err = await login('buyer@example.com', 'wrong').catch((e) => e);
    expect(err).toBeInstanceOf(FetchError);
    expect(err.status).toBe(401);
    expect(err.errors[0]).toEqual({ type: 'INVALID_LOGIN', message: 'Invalid username or password.' });
  });

  it('logout clears the effective account, POSTs {base}/logout with the CSRF token and loads {base}/', async () => {
    setBasePath('/store');
    document.cookie = 'sf_csrf=c1; path=/';
    setEffectiveAccount('001XX0000000002AAA', 'Beta Corp');
    const { calls } = mockFetch(() => new Response(null, { status: 204 }));
    const navigate = vi.fn();
    await logout(navigate);
    expect(calls).toHaveLength(1);
    expect(calls[0]).toMatchObject({ url: '/store/logout', method: 'POST', credentials: 'same-origin' });
    expect(calls[0].headers['x-csrf-token']).toBe('c1');
    expect(navigate).toHaveBeenCalledWith('/store/');
    expect(sessionStorage.getItem(EFFECTIVE_ACCOUNT_ID_KEY)).toBeNull();
    clearEffectiveAccount();
  });

  it('logout falls back to the confirmation page at {base}/logout when the POST fails', async () => {
    setBasePath('/store');
    mockFetch(() => jsonResponse([{ errorCode: 'INVALID_CSRF_TOKEN', message: 'no' }], { status: 403 }));
    const navigate = vi.fn();
    await logout(navigate);
    expect(navigate).toHaveBeenCalledWith('/store/logout');
  });
});

describe('isStaffSession', () => {
  it('is a signed-in user acting for no account, never a guest or a buyer', async () => {
    const { isStaffSession } = await import('./api');
    expect(isStaffSession({ ...GUEST_SESSION, guestUser: false, userId: '005A', accountId: null })).toBe(true);
    expect(isStaffSession({ ...GUEST_SESSION, guestUser: false, userId: '005B', accountId: '001X' })).toBe(false);
    expect(isStaffSession(GUEST_SESSION)).toBe(false);
    expect(isStaffSession(undefined)).toBe(false);
  });
});
