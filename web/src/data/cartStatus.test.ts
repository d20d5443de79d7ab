import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { addItemToCart, applyCoupon, getCartItems, removeCoupon, updateCartItem } from './cartApi';
import { loadDeliveryGroups } from './cartHttp';
import {
  getCartStatus,
  runCartMutation,
  setCartCapabilities,
  setCartProcessing,
  subscribeCartStatus,
  type CartMutationType,
} from './cartStatus';
import { setWebstoreId } from './config';
import { ASYNC_MAX_WAIT_EXCEEDED, ClientError, FetchError, InternalErrorCode } from './errors';
import type { JsonResponse } from './http';
import { commerceServer, jsonResponse, resetClientState } from './testing';

const STORE = '0ZEXX0000000001AAA';
const APP = { supportedCurrencies: ['USD'], defaultCurrency: 'USD' };
const PROCESSING = { cartItems: [], cartSummary: { cartId: 'c', asyncOperationStatus: 'Processing' } };
const DONE = { cartItems: [], cartSummary: { cartId: 'c', asyncOperationStatus: 'Completed', totalProductCount: '1.0' } };
/** The wait before each polling attempt, spec section 4. */
const SCHEDULE = [0, 0, 0, 0, 100, 200, 300, 400, 1500, 3000, 6000, 12000, 24000, 48000];

beforeEach(() => {
  resetClientState();
  setWebstoreId(STORE);
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

/** A promise settled from outside, to hold a mutation open. */
function gate() {
  let open!: () => void;
  const promise = new Promise<void>((resolve) => (open = resolve));
  return { promise, open };
}

/** The waits between consecutive calls, the first measured from `start`. */
const gaps = (times: number[], start: number) => times.map((t, i) => t - (i === 0 ? start : times[i - 1]));

describe('in-progress counter and shadow flag', () => {
  it('counts operations, settled ones and failed ones too, and notifies subscribers only on change', async () => {
    const seen: number[] = [];
    const off = subscribeCartStatus(() => seen.push(getCartStatus().isProcessingCount));
    const one = gate();
    const two = gate();
    const a = runCartMutation('addItem', () => one.promise);
    const b = runCartMutation('coupon', () => two.promise.then(() => Promise.reject(new Error('refused'))));
    expect(getCartStatus()).toMatchObject({ isProcessing: true, isProcessingCount: 2 });
    one.open();
    await a;
    two.open();
    await expect(b).rejects.toThrow('refused');
    expect(getCartStatus()).toMatchObject({ isProcessing: false, isProcessingCount: 0 });
    off();
    expect(seen).toEqual([1, 2, 1, 0]);
  });

  it('is processing while the shadow flag is set, whatever the counter', async () => {
    setCartProcessing(true);
    expect(getCartStatus()).toMatchObject({ isProcessing: true, isProcessingCount: 0 });
    await runCartMutation('cart', async () => undefined);
    expect(getCartStatus().isProcessing).toBe(true);
    setCartProcessing(false);
    expect(getCartStatus().isProcessing).toBe(false);
  });

  it('forces the guest cart and checkout flags on for signed-in buyers', () => {
    setCartCapabilities({ guestCartEnabled: true, guestCheckoutEnabled: false }, true);
    expect(getCartStatus()).toMatchObject({ isGuestCartEnabled: true, isGuestCheckoutEnabled: false });
    setCartCapabilities({ guestCartEnabled: false, guestCheckoutEnabled: false }, false);
    expect(getCartStatus()).toMatchObject({ isGuestCartEnabled: true, isGuestCheckoutEnabled: true });
  });
});

describe('mutation queue', () => {
  /** Starts a mutation that logs its start and end and holds until opened; it fails when asked to. */
  function held(type: CartMutationType, name: string, log: string[], fail = false) {
    const g = gate();
    const result = runCartMutation(type, async () => {
      log.push(`${name} start`);
      await g.promise;
      log.push(`${name} end`);
      if (fail) throw new Error(`${name} failed`);
      return name;
    });
    return { result, open: g.open };
  }

  it('runs mutations of one type one after the other, counting each from when it is asked until it settles', async () => {
    const log: string[] = [];
    const a = held('updateItem', 'a', log, true);
    const b = held('updateItem', 'b', log);
    b.open();
    await Promise.resolve();
    expect(log).toEqual(['a start']);
    expect(getCartStatus().isProcessingCount).toBe(2);
    a.open();
    await expect(a.result).rejects.toThrow('a failed');
    // A failed predecessor does not block its successor.
    await expect(b.result).resolves.toBe('b');
    expect(log).toEqual(['a start', 'a end', 'b start', 'b end']);
    expect(getCartStatus()).toMatchObject({ isProcessing: false, isProcessingCount: 0 });
  });

  it('does not make mutations of different types wait for each other', async () => {
    const log: string[] = [];
    const add = held('addItem', 'add', log);
    const coupon = held('coupon', 'coupon', log);
    coupon.open();
    await coupon.result;
    expect(log).toEqual(['add start', 'coupon start', 'coupon end']);
    expect(getCartStatus().isProcessingCount).toBe(1);
    add.open();
    await add.result;
    expect(getCartStatus().isProcessingCount).toBe(0);
  });

  it('serialises real calls: a second change of a type is sent only after the first answered', async () => {
    const answers: (() => void)[] = [];
    const { seen } = commerceServer(APP, () => new Promise<Response>((resolve) => answers.push(() => resolve(jsonResponse({ cartItemId: 'i' })))));
    const one = updateCartItem('i', 2);
    const two = updateCartItem('i', 3);
    const apply = applyCoupon('SAVE');
    const remove = removeCoupon('0c1');
    // One of each type goes out at once: the update and the coupon apply.
    await vi.waitFor(() => expect(seen).toHaveLength(2));
    expect(seen.map((c) => `${c.method} ${c.path}`)).toEqual(['PATCH carts/current/cart-items/i', 'POST carts/current/cart-coupons']);
    expect(getCartStatus().isProcessingCount).toBe(4);
    answers[0]();
    await one;
    await vi.waitFor(() => expect(seen).toHaveLength(3));
    expect(seen[2].body).toEqual({ quantity: '3' });
    // Coupon apply and remove are one type: the remove waits for the apply.
    answers[1]();
    await apply;
    await vi.waitFor(() => expect(seen).toHaveLength(4));
    expect(seen[3].method).toBe('DELETE');
    answers[2]();
    answers[3]();
    await Promise.all([two, remove]);
    expect(getCartStatus().isProcessingCount).toBe(0);
  });
});

describe('polling of cart loads', () => {
  it('polls cart-items while Processing with exactly the spec schedule, then answers', async () => {
    vi.useFakeTimers();
    const start = Date.now();
    let n = 0;
    const { seen } = commerceServer(APP, () => jsonResponse(++n < 14 ? PROCESSING : DONE));
    const page = getCartItems();
    await vi.runAllTimersAsync();
    expect((await page).summary?.asyncOperationStatus).toBe('Completed');
    expect(gaps(seen.map((c) => c.at), start)).toEqual(SCHEDULE);
  });

  it('polls while the answer is 202 and stops at the first settled answer', async () => {
    vi.useFakeTimers();
    const start = Date.now();
    let n = 0;
    const { seen } = commerceServer(APP, () => (++n <= 5 ? new Response(null, { status: 202 }) : jsonResponse(DONE)));
    const page = getCartItems();
    await vi.runAllTimersAsync();
    expect((await page).summary?.cartId).toBe('c');
    expect(gaps(seen.map((c) => c.at), start)).toEqual([0, 0, 0, 0, 100, 200]);
  });

  it("fails with 'async maximum wait exceeded' after 14 attempts", async () => {
    vi.useFakeTimers();
    const { seen } = commerceServer(APP, () => jsonResponse(PROCESSING));
    const page = getCartItems().catch((e) => e);
    await vi.runAllTimersAsync();
    const err = await page;
    expect(err).toBeInstanceOf(ClientError);
    expect(err.message).toBe(ASYNC_MAX_WAIT_EXCEEDED);
    expect(seen).toHaveLength(14);
  });

  it('does not poll during server-side rendering: an unfinished answer fails with SSR_NO_POLLING', async () => {
    const { seen } = commerceServer(APP, () => jsonResponse(PROCESSING));
    vi.stubGlobal('window', undefined);
    const err = await getCartItems().catch((e) => e);
    expect(err).toMatchObject({ code: InternalErrorCode.SSR_NO_POLLING });
    expect(seen).toHaveLength(1);
  });

  it('loads delivery groups on the same schedule until the answer is a 200', async () => {
    vi.useFakeTimers();
    const start = Date.now();
    const times: number[] = [];
    const statuses = [202, 202, 202, 202, 202, 202, 200];
    const fetchGroups = vi.fn(async (): Promise<JsonResponse<string>> => {
      times.push(Date.now());
      return { data: 'groups', status: statuses[times.length - 1], headers: new Headers() };
    });
    const groups = loadDeliveryGroups(fetchGroups);
    await vi.runAllTimersAsync();
    expect((await groups).data).toBe('groups');
    expect(gaps(times, start)).toEqual(SCHEDULE.slice(0, 7));
  });
});

describe('retries of cart calls', () => {
  it('tries 3 times, 4000 ms apart, then fails with the last error', async () => {
    vi.useFakeTimers();
    const start = Date.now();
    const { seen } = commerceServer(APP, () => jsonResponse([{ errorCode: 'SERVER_ERROR', message: 'down' }], { status: 503 }));
    const added = addItemToCart({ productId: '01tP1', quantity: 1 }).catch((e) => e);
    await vi.runAllTimersAsync();
    const err = await added;
    expect(err).toBeInstanceOf(FetchError);
    expect(err.status).toBe(503);
    expect(gaps(seen.map((c) => c.at), start)).toEqual([0, 4000, 4000]);
    expect(getCartStatus().isProcessingCount).toBe(0);
  });

  it('answers once a retry succeeds', async () => {
    vi.useFakeTimers();
    let n = 0;
    const { seen } = commerceServer(APP, () =>
      ++n === 1 ? new Response('boom', { status: 500 }) : jsonResponse({ cartItemId: '0a9I1', quantity: '1' }),
    );
    const added = addItemToCart({ productId: '01tP1', quantity: 1 });
    await vi.runAllTimersAsync();
    expect((await added).cartItemId).toBe('0a9I1');
    expect(seen).toHaveLength(2);
  });

  it('never retries a 409', async () => {
    vi.useFakeTimers();
    const { seen } = commerceServer(APP, () => jsonResponse([{ errorCode: 'CONFLICT', message: 'busy' }], { status: 409 }));
    const added = addItemToCart({ productId: '01tP1', quantity: 1 }).catch((e) => e);
    await vi.runAllTimersAsync();
    expect((await added).status).toBe(409);
    expect(seen).toHaveLength(1);
  });
});
