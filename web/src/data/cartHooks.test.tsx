import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ReactNode } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import {
  useAddItemsBatch,
  useAddToCart,
  useApplyCoupon,
  useCartItems,
  useCartStatus,
  useCartSummary,
  useClearCart,
  useDeleteCartItem,
  usePreserveGuestCart,
  useRemoveCoupon,
  useUpdateCartItem,
} from './cartHooks';
import { setWebstoreId } from './config';
import { getGuestCartId, rememberGuestCartId } from './guestCart';
import { useCartCount } from './headerHooks';
import { commerceServer, jsonResponse, resetClientState, type CommerceCall } from './testing';

const STORE = '0ZEXX0000000001AAA';
const APP = { supportedCurrencies: ['USD'], defaultCurrency: 'USD', guestCartEnabled: true, guestCheckoutEnabled: false };
const GUEST = { guestUser: true };
const BUYER = { guestUser: false, userId: '005XX0000000001AAA', accountId: '001XX0000000001AAA' };
const CART = '0a6XX0000000001AAA';
const SUMMARY = { cartId: CART, currencyIsoCode: 'USD', totalProductCount: '2.0', uniqueProductCount: 1 };
const ITEMS = {
  cartItems: [{ cartItem: { cartItemId: '0a9I1', productId: '01tP1', quantity: '2', salesPrice: '5.00' }, message: null, status: 'Success' }],
  cartSummary: SUMMARY,
  hasErrors: false,
};

beforeEach(() => {
  resetClientState();
  setWebstoreId(STORE);
});
afterEach(() => vi.unstubAllGlobals());

/** A fake server for a guest or a buyer: the cart reads answer the cart above; changes answer what the real API would. */
function server(session: object, extra: (c: CommerceCall) => Response | Promise<Response> | undefined = () => undefined) {
  return commerceServer(APP, (c) => {
    if (c.path === 'session-context') return jsonResponse(session);
    const answer = extra(c);
    if (answer) return answer;
    if (c.method === 'DELETE') return new Response(null, { status: 204 });
    if (c.path.endsWith('/cart-items') && c.method === 'GET') return jsonResponse(ITEMS);
    if (c.path.endsWith('/cart-items') && c.method === 'POST') return jsonResponse({ cartItemId: '0a9I2', cartId: CART }, { status: 201 });
    if (c.path.endsWith('/batch')) {
      const n = (c.body as { inputs: unknown[] }).inputs.length;
      return jsonResponse({ results: Array.from({ length: n }, () => ({ statusCode: 201, result: { cartItemId: 'x', cartId: CART } })) });
    }
    if (c.path.endsWith('/cart-coupons')) return jsonResponse({ cartId: CART, cartCoupons: { coupons: [{ cartCouponId: '0c1', couponCode: 'SAVE' }] } });
    if (c.method === 'PATCH') return jsonResponse({ cartItemId: '0a9I1', quantity: '3' });
    if (c.path.endsWith('/actions/preserve')) return jsonResponse({ cartId: CART, numberOfProductsWithError: 1 });
    return jsonResponse(SUMMARY);
  });
}

function wrapper() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return ({ children }: { children: ReactNode }) => <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}

const gets = (seen: CommerceCall[], path: string) => seen.filter((c) => c.method === 'GET' && c.path === path).length;

describe('cart queries', () => {
  it("remembers a guest's cart id, and never a buyer's", async () => {
    server(GUEST);
    const guest = renderHook(() => useCartSummary(), { wrapper: wrapper() });
    await waitFor(() => expect(guest.result.current.data?.cartId).toBe(CART));
    expect(getGuestCartId()).toBe(CART);
    guest.unmount();

    resetClientState();
    setWebstoreId(STORE);
    server(BUYER);
    const buyer = renderHook(() => useCartItems(), { wrapper: wrapper() });
    await waitFor(() => expect(buyer.result.current.data?.lines).toHaveLength(1));
    expect(getGuestCartId()).toBeNull();
  });

  it('asks the page it is given and marks a cart with products and no errors ready for checkout', async () => {
    const { seen } = server(BUYER);
    const { result } = renderHook(() => [useCartItems({ pageNumber: 2, pageSize: 10, sort: 'NameDesc' }), useCartStatus()] as const, {
      wrapper: wrapper(),
    });
    await waitFor(() => expect(result.current[1].isReadyForCheckout).toBe(true));
    const items = seen.find((c) => c.path === 'carts/current/cart-items');
    expect([items?.query.get('pageNumber'), items?.query.get('pageSize'), items?.query.get('sort')]).toEqual(['2', '10', 'NameDesc']);
    expect(result.current[0].data?.lines[0].quantity).toBe(2);
  });
});

describe('cart changes reload the cart', () => {
  const changes: [string, () => { mutateAsync: (v: never) => Promise<unknown> }, unknown][] = [
    ['add to cart', useAddToCart, { productId: '01tP2', quantity: 1 }],
    ['batch add', useAddItemsBatch, { inputs: [{ productId: '01tP2', quantity: 1 }] }],
    ['update item', useUpdateCartItem, { cartItemId: '0a9I1', quantity: 3 }],
    ['delete item', useDeleteCartItem, '0a9I1'],
    ['apply coupon', useApplyCoupon, 'SAVE'],
    ['remove coupon', useRemoveCoupon, '0c1'],
    ['clear cart', useClearCart, undefined],
  ];

  it.each(changes)('%s reloads the summary, the items and the badge count', async (_name, useChange, vars) => {
    const { seen } = server(BUYER);
    const { result } = renderHook(
      () => ({ summary: useCartSummary(), items: useCartItems(), badge: useCartCount(), change: useChange() }),
      { wrapper: wrapper() },
    );
    await waitFor(() => {
      expect(result.current.summary.isSuccess && result.current.items.isSuccess && result.current.badge.isSuccess).toBe(true);
    });
    const before = [gets(seen, 'carts/current'), gets(seen, 'carts/current/cart-items'), gets(seen, 'carts/compact-summary')];
    expect(before).toEqual([1, 1, 1]);
    await act(() => result.current.change.mutateAsync(vars as never));
    const after = [gets(seen, 'carts/current'), gets(seen, 'carts/current/cart-items'), gets(seen, 'carts/compact-summary')];
    expect(after).toEqual([2, 2, 2]);
  });

  it('reloads after a failed change too (a batch may have half applied)', async () => {
    const { seen } = server(BUYER, (c) =>
      c.method === 'PATCH' ? jsonResponse([{ errorCode: 'CONFLICT', message: 'busy' }], { status: 409 }) : undefined,
    );
    const { result } = renderHook(() => ({ items: useCartItems(), change: useUpdateCartItem() }), { wrapper: wrapper() });
    await waitFor(() => expect(result.current.items.isSuccess).toBe(true));
    await act(() => result.current.change.mutateAsync({ cartItemId: '0a9I1', quantity: 3 }).catch(() => undefined));
    expect(gets(seen, 'carts/current/cart-items')).toBe(2);
  });

  it('reports batch progress per chunk of 100', async () => {
    server(BUYER);
    const { result } = renderHook(() => useAddItemsBatch(), { wrapper: wrapper() });
    const progress = vi.fn();
    const inputs = Array.from({ length: 150 }, (_, i) => ({ productId: `01tP${i}`, quantity: 1 }));
    const results = await act(() => result.current.mutateAsync({ inputs, onProgress: progress }));
    expect(results).toHaveLength(150);
    expect(progress.mock.calls).toEqual([[{ done: 100, total: 150 }], [{ done: 150, total: 150 }]]);
  });
});

describe('cart status hook', () => {
  it("gives a guest the store's guest flags and a buyer both", async () => {
    server(GUEST);
    const guest = renderHook(() => useCartStatus(), { wrapper: wrapper() });
    await waitFor(() => expect(guest.result.current.isGuestCartEnabled).toBe(true));
    expect(guest.result.current.isGuestCheckoutEnabled).toBe(false);
    guest.unmount();

    server(BUYER);
    const buyer = renderHook(() => useCartStatus(), { wrapper: wrapper() });
    await waitFor(() => expect(buyer.result.current.isGuestCheckoutEnabled).toBe(true));
    expect(buyer.result.current.isGuestCartEnabled).toBe(true);
  });

  it('shows isProcessing while a change runs', async () => {
    let answer!: () => void;
    server(BUYER, (c) => {
      if (c.method !== 'PATCH') return undefined;
      return new Promise<Response>((resolve) => (answer = () => resolve(jsonResponse({ cartItemId: '0a9I1' }))));
    });
    const { result } = renderHook(() => ({ status: useCartStatus(), change: useUpdateCartItem() }), { wrapper: wrapper() });
    act(() => result.current.change.mutate({ cartItemId: '0a9I1', quantity: 3 }));
    await waitFor(() => expect(result.current.status).toMatchObject({ isProcessing: true, isProcessingCount: 1 }));
    await waitFor(() => expect(answer).toBeTypeOf('function'));
    act(() => answer());
    await waitFor(() => expect(result.current.status).toMatchObject({ isProcessing: false, isProcessingCount: 0 }));
  });
});

describe('preserve after login', () => {
  it('preserves the stored guest cart once for a buyer, records the error count, and reloads the cart', async () => {
    rememberGuestCartId('0a6XX00000000GCAAA');
    const { seen } = server(BUYER);
    const { result, rerender } = renderHook(
      () => {
        usePreserveGuestCart();
        usePreserveGuestCart();
        return { status: useCartStatus(), items: useCartItems() };
      },
      { wrapper: wrapper() },
    );
    await waitFor(() => expect(result.current.status.preserveGuestCartNumberOfProductsWithError).toBe(1));
    rerender();
    expect(seen.filter((c) => c.path.endsWith('/actions/preserve')).map((c) => `${c.method} ${c.path}`)).toEqual([
      'POST carts/0a6XX00000000GCAAA/actions/preserve',
    ]);
    expect(getGuestCartId()).toBeNull();
    await waitFor(() => expect(gets(seen, 'carts/current/cart-items')).toBe(2));
  });

  it('does nothing for a guest', async () => {
    rememberGuestCartId('0a6XX00000000GCAAA');
    const { seen } = server(GUEST);
    renderHook(() => usePreserveGuestCart(), { wrapper: wrapper() });
    await waitFor(() => expect(seen.some((c) => c.path === 'session-context')).toBe(true));
    await act(() => new Promise((r) => setTimeout(r, 20)));
    expect(seen.some((c) => c.path.endsWith('/actions/preserve'))).toBe(false);
    expect(getGuestCartId()).toBe('0a6XX00000000GCAAA');
  });
});
