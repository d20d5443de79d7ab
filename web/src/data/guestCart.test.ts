import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { getCartStatus } from './cartStatus';
import { setWebstoreId } from './config';
import { cloneCart, getGuestCartId, preserveGuestCart, rememberGuestCartId } from './guestCart';
import { GUEST_CART_ID_KEY, PAYMENT_LINK_ID_KEY } from './storage';
import { commerceServer, jsonResponse, resetClientState } from './testing';

const STORE = '0ZEXX0000000001AAA';
const BASE = `/services/data/v64.0/commerce/webstores/${STORE}`;
const APP = { supportedCurrencies: ['USD'], defaultCurrency: 'USD' };
const GUEST_CART = '0a6XX00000000GCAAA';

beforeEach(() => {
  resetClientState();
  setWebstoreId(STORE);
});
afterEach(() => vi.unstubAllGlobals());

describe('guest cart id', () => {
  it('is kept in localStorage under guestCartId; blank ids are ignored', () => {
    rememberGuestCartId(` ${GUEST_CART} `);
    expect(localStorage.getItem(GUEST_CART_ID_KEY)).toBe(GUEST_CART);
    rememberGuestCartId('  ');
    rememberGuestCartId(null);
    expect(getGuestCartId()).toBe(GUEST_CART);
  });
});

describe('preserve after login', () => {
  it('preserves the stored guest cart exactly once, then forgets its id', async () => {
    rememberGuestCartId(GUEST_CART);
    const { seen } = commerceServer(APP, () =>
      jsonResponse({ cartId: '0a6XX00000000BCAAA', numberOfProducts: 2, numberOfProductsWithError: 0, numberOfProductsWithSuccess: 2 }),
    );
    const [a, b] = await Promise.all([preserveGuestCart(), preserveGuestCart()]);
    expect(a).toMatchObject({ cartId: '0a6XX00000000BCAAA', numberOfProductsWithSuccess: 2 });
    expect(b).toBe(a);
    expect(await preserveGuestCart()).toBeNull();
    expect(seen.map((c) => `${c.method} ${c.url}`)).toEqual([`POST ${BASE}/carts/${GUEST_CART}/actions/preserve?currencyIsoCode=USD`]);
    expect(seen[0].body).toBeUndefined();
    expect(getGuestCartId()).toBeNull();
    expect(getCartStatus().preserveGuestCartNumberOfProductsWithError).toBe(0);
  });

  it('records the number of products that could not be moved', async () => {
    rememberGuestCartId(GUEST_CART);
    commerceServer(APP, () => jsonResponse({ cartId: 'c', numberOfProducts: 5, numberOfProductsWithError: 3, failedCartItems: [{}, {}, {}] }));
    await preserveGuestCart();
    expect(getCartStatus().preserveGuestCartNumberOfProductsWithError).toBe(3);
  });

  it('keeps the guest cart id, and preserves nothing, while a payment link id is in sessionStorage', async () => {
    rememberGuestCartId(GUEST_CART);
    sessionStorage.setItem(PAYMENT_LINK_ID_KEY, '0PLXX0000000001');
    const { seen } = commerceServer(APP, () => jsonResponse({}));
    expect(await preserveGuestCart()).toBeNull();
    expect(seen).toEqual([]);
    expect(getGuestCartId()).toBe(GUEST_CART);
  });

  it('does nothing without a stored guest cart', async () => {
    const { seen } = commerceServer(APP, () => jsonResponse({}));
    expect(await preserveGuestCart()).toBeNull();
    expect(seen).toEqual([]);
  });

  it('only logs a failed preserve (no retry), and forgets the id so that it is not tried again', async () => {
    rememberGuestCartId(GUEST_CART);
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const { seen } = commerceServer(APP, () => jsonResponse([{ errorCode: 'UNKNOWN_EXCEPTION', message: 'boom' }], { status: 500 }));
    await expect(preserveGuestCart()).resolves.toBeNull();
    expect(warn).toHaveBeenCalledTimes(1);
    expect(warn.mock.calls[0][0]).toBe('The guest cart could not be preserved');
    expect(seen).toHaveLength(1);
    expect(getGuestCartId()).toBeNull();
    expect(getCartStatus().isProcessingCount).toBe(0);
  });
});

describe('clone', () => {
  it('clones as PayNowReadOnly with the cart id in the body and forgets the stored guest cart id', async () => {
    rememberGuestCartId(GUEST_CART);
    const { seen } = commerceServer(APP, () => jsonResponse({ cartId: '0a6XX00000000PNAAA', type: 'PayNowReadOnly' }));
    expect(await cloneCart(GUEST_CART)).toEqual({ cartId: '0a6XX00000000PNAAA', type: 'PayNowReadOnly' });
    expect(seen.map((c) => `${c.method} ${c.url}`)).toEqual([
      `POST ${BASE}/carts/${GUEST_CART}/actions/clone?targetType=PayNowReadOnly&currencyIsoCode=USD`,
    ]);
    expect(seen[0].body).toEqual({ cartId: GUEST_CART });
    expect(getGuestCartId()).toBeNull();
  });

  it('answers null when the clone fails', async () => {
    vi.useFakeTimers();
    try {
      rememberGuestCartId(GUEST_CART);
      commerceServer(APP, () => jsonResponse([{ errorCode: 'INVALID_ID_FIELD', message: 'bad id' }], { status: 400 }));
      const cloned = cloneCart('0a6bad');
      await vi.runAllTimersAsync();
      expect(await cloned).toBeNull();
      // Nothing was cloned, so the guest cart is still the one in use.
      expect(getGuestCartId()).toBe(GUEST_CART);
    } finally {
      vi.useRealTimers();
    }
  });
});
