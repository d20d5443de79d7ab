import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  addItemToCart,
  addItemsToCart,
  applyCoupon,
  createCart,
  deleteCart,
  deleteCartItem,
  ensureCart,
  getCartCompactSummary,
  getCartItems,
  getCartProducts,
  getCartSummary,
  removeCoupon,
  reserveInventory,
  updateCartItem,
} from './cartApi';
import { chooseCurrency } from './appContext';
import { setSiteLanguage, setWebstoreId } from './config';
import { setEffectiveAccount } from './effectiveAccount';
import { CART_VALIDATION_ERROR, ClientError, FetchError, UNKNOWN_ERROR, normaliseCartError } from './errors';
import { commerceServer, jsonResponse, mockFetch, resetClientState, type CommerceCall } from './testing';

const STORE = '0ZEXX0000000001AAA';
const BASE = `/services/data/v64.0/commerce/webstores/${STORE}`;
const APP = { supportedCurrencies: ['USD', 'EUR'], defaultCurrency: 'USD', markets: [{ localeCurrencyMap: { de_DE: 'EUR' } }] };
const ok = (body: unknown = {}) => jsonResponse(body);

/** The real captured answer (contracts commerce/examples/getcartitems-response.json), trimmed to the fields read here. */
const itemsExample = {
  cartItems: [
    {
      cartItem: { cartId: '0a6RM0000004GLzYAM', cartItemId: '0a9RM00000005cQYAQ', listPrice: '350.00', name: 'Flight Trinity Jacket', productId: '01tRM000000QQdOYAW', quantity: '1', salesPrice: '250.00', totalPrice: '250.00', type: 'Product' },
      message: null,
      status: 'Success',
    },
    {
      cartItem: { cartId: '0a6RM0000004GLzYAM', cartItemId: '0a9RM00000005THYAY', listPrice: '39.99', name: 'Peak Risor Jacket', productId: '01tRM000000Q920YAC', quantity: '1', salesPrice: '35.99', totalPrice: '35.99', type: 'Product' },
      message: null,
      status: 'Success',
    },
  ],
  cartSummary: { cartId: '0a6RM0000004GLzYAM', currencyIsoCode: 'USD', grandTotalAmount: '285.99', status: 'Active', totalProductCount: '2.0', uniqueProductCount: 2 },
  currentPageToken: null,
  hasErrors: false,
  nextPageToken: null,
  previousPageToken: null,
};

beforeEach(() => {
  resetClientState();
  setWebstoreId(STORE);
  setSiteLanguage('de_DE');
});
afterEach(() => vi.unstubAllGlobals());

/** A server answering every cart call with `answer`. */
function serve(answer: (call: CommerceCall) => Response = () => ok(), app: object = APP) {
  return commerceServer(app, answer);
}

describe('cart calls: URL, method, body, currency, effective account', () => {
  it('sends every call to the right place with currency except on deletes', async () => {
    setEffectiveAccount('001XX0000000002AAA', 'Globex');
    const { seen } = serve((c) => (c.method === 'DELETE' ? new Response(null, { status: 204 }) : ok({ cartId: '0a6X1' })));
    await getCartSummary();
    await getCartCompactSummary({ cartId: '0a6X1' });
    await ensureCart();
    await createCart({ name: 'Spare' });
    await getCartProducts({ pageNumber: 2, pageSize: 10 });
    await addItemToCart({ productId: '01tP1', quantity: 3 });
    await updateCartItem('0a9I1', 7);
    await deleteCartItem('0a9I1');
    await applyCoupon(' SAVE10 ');
    await removeCoupon('0c1C1');
    await reserveInventory({ durationInSeconds: 600 });
    await deleteCart();
    const acct = 'effectiveAccountId=001XX0000000002AAA';
    expect(seen.map((c) => `${c.method} ${c.url}`)).toEqual([
      `GET ${BASE}/carts/current?currencyIsoCode=EUR&${acct}`,
      `GET ${BASE}/carts/0a6X1/compact-summary?currencyIsoCode=EUR&${acct}`,
      `PUT ${BASE}/carts?currencyIsoCode=EUR&${acct}`,
      `POST ${BASE}/carts?currencyIsoCode=EUR&${acct}`,
      `GET ${BASE}/carts/current/products?pageNumber=2&pageSize=10&currencyIsoCode=EUR&${acct}`,
      `POST ${BASE}/carts/current/cart-items?currencyIsoCode=EUR&${acct}`,
      `PATCH ${BASE}/carts/current/cart-items/0a9I1?currencyIsoCode=EUR&${acct}`,
      `DELETE ${BASE}/carts/current/cart-items/0a9I1?${acct}`,
      `POST ${BASE}/carts/current/cart-coupons?currencyIsoCode=EUR&${acct}`,
      `DELETE ${BASE}/carts/current/cart-coupons/0c1C1?${acct}`,
      `PUT ${BASE}/carts/current/inventory-reservations?currencyIsoCode=EUR&${acct}`,
      `DELETE ${BASE}/carts/current?${acct}`,
    ]);
    expect(seen.map((c) => c.body)).toEqual([
      undefined,
      undefined,
      undefined,
      { name: 'Spare' },
      undefined,
      { productId: '01tP1', quantity: '3', type: 'Product' },
      { quantity: '7' },
      undefined,
      { couponCode: 'SAVE10' },
      undefined,
      { durationInSeconds: 600 },
      undefined,
    ]);
  });

  it('asks cart-items for page 1 of 25 with promotions and coupons by default, and passes paging, sort and fields', async () => {
    const { seen } = serve(() => ok(itemsExample));
    await getCartItems();
    await getCartItems({ pageNumber: 3, pageSize: 50, sort: 'NameAsc', productFields: ['Name', 'StockKeepingUnit'], includeCoupons: false });
    await getCartItems({ page: 'tok2' });
    expect(seen.map((c) => c.url)).toEqual([
      `${BASE}/carts/current/cart-items?includePromotions=true&includeCoupons=true&sort=CreatedDateDesc&pageNumber=1&pageSize=25&currencyIsoCode=EUR`,
      `${BASE}/carts/current/cart-items?includePromotions=true&includeCoupons=false&sort=NameAsc&productFields=Name%2CStockKeepingUnit&pageNumber=3&pageSize=50&currencyIsoCode=EUR`,
      `${BASE}/carts/current/cart-items?includePromotions=true&includeCoupons=true&sort=CreatedDateDesc&page=tok2&pageSize=25&currencyIsoCode=EUR`,
    ]);
  });

  it('sends X-Highscale: true on cart calls only when the store enables it (true or "true")', async () => {
    let { seen } = serve(() => ok({ cartId: 'c' }));
    await getCartSummary();
    expect(seen[0].headers['x-highscale']).toBeUndefined();

    resetClientState();
    setWebstoreId(STORE);
    ({ seen } = serve(() => ok({ cartId: 'c' }), { ...APP, propertiesEx: { highScaleCartEnabled: 'true' } }));
    await getCartSummary();
    await deleteCartItem('0a9I1');
    expect(seen.map((c) => c.headers['x-highscale'])).toEqual(['true', 'true']);
  });

  it('still sends a cart call, without currency, when the application context cannot be read', async () => {
    const { calls } = mockFetch((url) => (url.includes('application-context') ? new Response('x', { status: 500 }) : ok({ cartId: 'c' })));
    expect((await getCartSummary()).cartId).toBe('c');
    expect(calls.map((c) => c.url)).toEqual([`${BASE}/application-context?asGuest=true`, `${BASE}/carts/current`]);
    expect(calls[1].headers['x-highscale']).toBeUndefined();
  });

  it('reserves for the store reservation length, else 14400 seconds', async () => {
    let { seen } = serve(() => ok(), { ...APP, inventoryConfiguration: { inventoryDefaultSource: { reservationInSeconds: 7200 } } });
    await reserveInventory();
    expect(seen[0].body).toEqual({ durationInSeconds: 7200 });
    resetClientState();
    setWebstoreId(STORE);
    ({ seen } = serve(() => ok()));
    await reserveInventory();
    expect(seen[0].body).toEqual({ durationInSeconds: 14400 });
  });
});

describe('currency choice (spec section 5)', () => {
  it('none when the session drives it, else the only one, else the locale-mapped if supported, else the default', () => {
    expect(chooseCurrency({ ...APP, sessionDrivenCurrency: true }, 'de_DE')).toBeNull();
    expect(chooseCurrency({ supportedCurrencies: ['JPY'], defaultCurrency: 'USD' }, 'de_DE')).toBe('JPY');
    expect(chooseCurrency(APP, 'de_DE')).toBe('EUR');
    expect(chooseCurrency(APP, 'de-DE')).toBe('EUR');
    expect(chooseCurrency(APP, 'fr_FR')).toBe('USD');
    expect(chooseCurrency({ ...APP, supportedCurrencies: ['USD', 'GBP'] }, 'de_DE')).toBe('USD');
    expect(chooseCurrency({}, null)).toBeNull();
  });
});

describe('reading cart answers', () => {
  it('reads the real cart-items answer: wrapped items, summary, parsed quantity, raw money', async () => {
    serve(() => ok(itemsExample));
    const page = await getCartItems();
    expect(page.lines.map((l) => [l.item.cartItemId, l.status, l.quantity, l.item.salesPrice])).toEqual([
      ['0a9RM00000005cQYAQ', 'Success', 1, '250.00'],
      ['0a9RM00000005THYAY', 'Success', 1, '35.99'],
    ]);
    expect(page.summary?.totalProductCount).toBe('2.0');
    expect(page.summary?.grandTotalAmount).toBe('285.99');
    expect(page.nextPageToken).toBeNull();
  });

  it('tolerates flat items and single- or double-wrapped promotions and coupons', async () => {
    const promo = { promotionId: '0c8P1', displayName: '10% off', adjustmentAmount: '-5.00' };
    const coupon = { cartCouponId: '0c1C1', couponCode: 'SAVE10' };
    serve(() =>
      ok({
        cartItems: [{ cartItemId: '0a9I1', quantity: '2.5', salesPrice: '1.00' }],
        cartPromotions: { promotions: { promotions: [promo] } },
        cartCoupons: { cartCoupons: { coupons: [coupon] } },
        hasErrors: true,
        currentPage: 2,
        totalItemCount: 30,
        totalNumberOfPages: 2,
      }),
    );
    const double = await getCartItems();
    expect(double.lines).toEqual([{ item: { cartItemId: '0a9I1', quantity: '2.5', salesPrice: '1.00' }, status: null, message: null, quantity: 2.5 }]);
    expect(double.promotions).toEqual([promo]);
    expect(double.coupons).toEqual([coupon]);
    expect([double.hasErrors, double.currentPage, double.totalItemCount, double.totalNumberOfPages]).toEqual([true, 2, 30, 2]);

    serve(() => ok({ cartItems: [], cartPromotions: { promotions: [promo] }, cartCoupons: { coupons: [coupon] } }));
    const single = await getCartItems();
    expect(single.promotions).toEqual([promo]);
    expect(single.coupons).toEqual([coupon]);
  });

  it('answers the coupons of a coupon apply', async () => {
    serve(() => ok({ cartId: '0a6X1', cartStatus: 'Active', cartCoupons: { coupons: [{ cartCouponId: '0c1C1', couponCode: 'SAVE10' }] } }));
    expect(await applyCoupon('SAVE10')).toEqual({ cartId: '0a6X1', coupons: [{ cartCouponId: '0c1C1', couponCode: 'SAVE10' }] });
  });

  it('counts an item already deleted (404) as deleted', async () => {
    const { seen } = serve(() => jsonResponse([{ errorCode: 'NOT_FOUND', message: 'gone' }], { status: 404 }));
    vi.useFakeTimers();
    try {
      const done = deleteCartItem('0a9I1');
      await vi.runAllTimersAsync();
      await expect(done).resolves.toBeUndefined();
    } finally {
      vi.useRealTimers();
    }
    expect(seen).toHaveLength(1); // a 404 is final: no retry can bring the item back
  });
});

describe('batch add', () => {
  const inputs = (n: number) => Array.from({ length: n }, (_, i) => ({ productId: `01tP${i}`, quantity: i + 1 }));

  it('splits 250 inputs into calls of 100, 100 and 50 and reports progress and one result per input', async () => {
    const { seen } = serve((c) => {
      const body = c.body as { inputs: { richInput: { productId: string } }[] };
      return ok({
        hasErrors: true,
        results: body.inputs.map(({ richInput }) =>
          richInput.productId === '01tP101'
            ? { statusCode: 400, result: [{ errorCode: 'INVALID_INPUT', message: 'Product not available' }] }
            : { statusCode: 201, result: { cartItemId: `ci-${richInput.productId}`, cartId: '0a6X1' } },
        ),
      });
    });
    const progress = vi.fn();
    const results = await addItemsToCart(inputs(250), { onProgress: progress });
    expect(seen.map((c) => `${c.method} ${c.path}`)).toEqual(Array(3).fill('POST carts/current/cart-items/batch'));
    const sizes = seen.map((c) => (c.body as { inputs: unknown[] }).inputs.length);
    expect(sizes).toEqual([100, 100, 50]);
    expect((seen[0].body as { inputs: unknown[] }).inputs[0]).toEqual({ richInput: { productId: '01tP0', quantity: '1', type: 'Product' } });
    expect((seen[2].body as { inputs: unknown[] }).inputs[49]).toEqual({ richInput: { productId: '01tP249', quantity: '250', type: 'Product' } });
    expect(progress.mock.calls).toEqual([[{ done: 100, total: 250 }], [{ done: 200, total: 250 }], [{ done: 250, total: 250 }]]);
    expect(results).toHaveLength(250);
    expect(results[0]).toEqual({ input: inputs(1)[0], ok: true, statusCode: 201, item: { cartItemId: 'ci-01tP0', cartId: '0a6X1' }, error: null });
    expect(results[101]).toMatchObject({ ok: false, statusCode: 400, item: null, error: { code: 'Product not available' } });
    expect(results.filter((r) => !r.ok)).toHaveLength(1);
  });

  it('gives every input of a failed chunk that chunk\'s error and goes on with the next chunk', async () => {
    vi.useFakeTimers();
    try {
      let n = 0;
      serve(() =>
        ++n <= 1
          ? jsonResponse([{ errorCode: CART_VALIDATION_ERROR, message: 'Too many lines' }], { status: 409 })
          : ok({ results: [{ statusCode: 201, result: { cartItemId: 'x' } }] }),
      );
      const results = await addItemsToCart(inputs(101));
      expect(results.slice(0, 100).every((r) => !r.ok && r.statusCode === 409 && r.error?.message === 'Too many lines')).toBe(true);
      expect(results[0].error).toEqual({ code: CART_VALIDATION_ERROR, message: 'Too many lines' });
      expect(results[100]).toMatchObject({ ok: true, item: { cartItemId: 'x' } });
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('cart error normalisation (spec section 8)', () => {
  it('keeps the message of CART_VALIDATION_ERROR only; otherwise the message is the code', async () => {
    serve(() => jsonResponse([{ errorCode: 'INVALID_INPUT', message: 'Quantity must be positive' }], { status: 409 }));
    const err = await updateCartItem('0a9I1', -1).catch((e) => e);
    expect(normaliseCartError(err)).toEqual({ code: 'Quantity must be positive' });

    serve(() => jsonResponse([{ errorCode: CART_VALIDATION_ERROR, message: 'Maximum is 10' }], { status: 409 }));
    const validation = await updateCartItem('0a9I1', 11).catch((e) => e);
    expect(normaliseCartError(validation)).toEqual({ code: CART_VALIDATION_ERROR, message: 'Maximum is 10' });
  });

  it('falls back to UNKNOWN_ERROR and keeps internal codes', () => {
    expect(normaliseCartError(new FetchError({ url: '/u', status: 500, statusText: 'Server Error', errors: [] }))).toEqual({
      code: UNKNOWN_ERROR,
    });
    expect(normaliseCartError(new Error('boom'))).toEqual({ code: UNKNOWN_ERROR });
    expect(normaliseCartError(new ClientError('SSR_NO_POLLING'))).toEqual({ code: 'SSR_NO_POLLING' });
  });

  it('reads the closed-cart error body (a message without a type)', async () => {
    serve(() => jsonResponse({ message: "Cart Id: '0a60t0000008OJc' is Deleted" }, { status: 409 }));
    const err = await addItemToCart({ productId: '01tP1', quantity: 1 }).catch((e) => e);
    expect(normaliseCartError(err)).toEqual({ code: "Cart Id: '0a60t0000008OJc' is Deleted" });
  });
});
