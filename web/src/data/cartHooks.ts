// TanStack Query hooks of the cart: what the cart page, add-to-cart buttons and the quick
// order page use. Errors are the layer's raw errors (FetchError, ClientError); show
// normaliseCartError(error). Batch results carry per-line normalised errors.

import { useEffect, useSyncExternalStore } from 'react';
import { queryOptions, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import {
  addItemToCart,
  addItemsToCart,
  applyCoupon,
  deleteCart,
  deleteCartItem,
  getCartItems,
  getCartSummary,
  removeCoupon,
  updateCartItem,
  type AppliedCoupons,
  type BatchProgress,
  type CartItemsQuery,
} from './cartApi';
import { getCartStatus, setCartCapabilities, setReadyForCheckout, subscribeCartStatus, type CartStatus } from './cartStatus';
import { isReadyForCheckout, type BatchLineResult, type CartItem, type CartItemInput, type CartItemsPage, type CartSummary } from './cartTypes';
import { CURRENT_CART } from './cartHttp';
import { forgetGuestCartId, preserveGuestCart, rememberGuestCartId } from './guestCart';
import { useApplicationContext, useViewer, type Viewer } from './hooks';

/**
 * Every cart query key, in one place. All start with 'cart', so one invalidation after a
 * change reloads the summary, the items, the badge count (and delivery groups, later).
 */
export const cartKeys = {
  all: ['cart'] as const,
  summary: (userId: string | null, accountId: string | null, cartId: string) =>
    ['cart', 'summary', userId, accountId, cartId] as const,
  items: (userId: string | null, accountId: string | null, cartId: string, params: Record<string, unknown>) =>
    ['cart', 'items', userId, accountId, cartId, params] as const,
  badge: (userId: string | null, accountId: string | null) => ['cart', 'compact-summary', userId, accountId] as const,
  badgeAll: ['cart', 'compact-summary'] as const,
  deliveryGroups: (userId: string | null, accountId: string | null, cartId: string) =>
    ['cart', 'delivery-groups', userId, accountId, cartId] as const,
};

/** Reloads everything cart-shaped; call after any cart change made outside these hooks. */
export function invalidateCart(client: QueryClient): Promise<void> {
  return client.invalidateQueries({ queryKey: cartKeys.all });
}

/** A cart change: queued and counted by the data layer; reloads the cart when settled (success or not: a batch may half-apply). */
function useCartMutation<TVars, TResult>(mutationFn: (vars: TVars) => Promise<TResult>) {
  const client = useQueryClient();
  return useMutation<TResult, unknown, TVars>({
    mutationFn,
    retry: false, // the data layer retries
    onSettled: () => invalidateCart(client),
  });
}

/**
 * The cart's queries. A guest's cart id is remembered for the preserve after login; the data
 * layer retries and polls (cartHttp.ts), so the library does not retry again.
 */
export const cartQueries = {
  /** The Cart Summary (GET carts/{id}). */
  summary: (viewer: Viewer, cartId: string) =>
    queryOptions<CartSummary>({
      queryKey: cartKeys.summary(viewer.userId, viewer.accountId, cartId),
      queryFn: async ({ signal }) => {
        const summary = await getCartSummary({ cartId, signal });
        if (viewer.guest) rememberGuestCartId(summary?.cartId);
        return summary;
      },
      retry: false,
    }),
  /** A page of cart lines with summary, promotions and coupons; polls while processing; sets isReadyForCheckout. */
  items: (viewer: Viewer, cartId: string, params: Omit<CartItemsQuery, 'signal' | 'cartId'>) =>
    queryOptions<CartItemsPage>({
      queryKey: cartKeys.items(viewer.userId, viewer.accountId, cartId, params),
      queryFn: async ({ signal }) => {
        const page = await getCartItems({ ...params, cartId, signal });
        if (viewer.guest) rememberGuestCartId(page.summary?.cartId);
        setReadyForCheckout(isReadyForCheckout(page));
        return page;
      },
      retry: false,
    }),
};

/** The Cart Summary of the viewer's cart (current by default). */
export function useCartSummary(options: { cartId?: string; enabled?: boolean } = {}) {
  const viewer = useViewer();
  return useQuery({
    ...cartQueries.summary(viewer, options.cartId ?? CURRENT_CART),
    enabled: (options.enabled ?? true) && viewer.ready,
  });
}

export type CartItemsOptions = Omit<CartItemsQuery, 'signal'> & { enabled?: boolean };

/** A page of the viewer's cart lines (page 1 of 25 by default). */
export function useCartItems(options: CartItemsOptions = {}) {
  const viewer = useViewer();
  const { enabled = true, cartId = CURRENT_CART, ...params } = options;
  return useQuery({
    ...cartQueries.items(viewer, cartId, params),
    enabled: enabled && viewer.ready,
    // Paging keeps the previous page on screen until the next one arrives.
    placeholderData: (previous) => previous,
  });
}

/** Adds one product: mutate({productId, quantity}); resolves with the Cart Item once the cart has reloaded. */
export function useAddToCart() {
  const viewer = useViewer();
  return useCartMutation<CartItemInput, CartItem>(async (input) => {
    const item = await addItemToCart(input);
    if (viewer.guest) rememberGuestCartId(item?.cartId);
    return item;
  });
}

export interface AddItemsBatchVars {
  inputs: CartItemInput[];
  /** Called after each chunk of 100: {done, total}. */
  onProgress?: (progress: BatchProgress) => void;
}

/** Adds many products (quick order), 100 per call; resolves with one result per input, errors per line. */
export function useAddItemsBatch() {
  const viewer = useViewer();
  return useCartMutation<AddItemsBatchVars, BatchLineResult[]>(async ({ inputs, onProgress }) => {
    const results = await addItemsToCart(inputs, { onProgress });
    if (viewer.guest) rememberGuestCartId(results.find((r) => r.item?.cartId)?.item?.cartId);
    return results;
  });
}

/** Sets a line's quantity: mutate({cartItemId, quantity}). */
export function useUpdateCartItem() {
  return useCartMutation<{ cartItemId: string; quantity: number | string }, CartItem>(({ cartItemId, quantity }) =>
    updateCartItem(cartItemId, quantity),
  );
}

/** Removes a line: mutate(cartItemId). */
export function useDeleteCartItem() {
  return useCartMutation<string, void>((cartItemId) => deleteCartItem(cartItemId));
}

/** Empties the cart (DELETE carts/current): mutate(). A guest's stored cart id goes with it. */
export function useClearCart() {
  const viewer = useViewer();
  return useCartMutation<void, void>(async () => {
    await deleteCart();
    if (viewer.guest) forgetGuestCartId();
  });
}

/** Applies a coupon: mutate(couponCode); resolves with the cart's coupons. */
export function useApplyCoupon() {
  return useCartMutation<string, AppliedCoupons>((couponCode) => applyCoupon(couponCode));
}

/** Removes a coupon: mutate(cartCouponId) (the coupon's cartCouponId, not its code). */
export function useRemoveCoupon() {
  return useCartMutation<string, void>((cartCouponId) => removeCoupon(cartCouponId));
}

/** The cart status (isProcessing, isReadyForCheckout, guest cart/checkout flags...); re-renders on change. */
export function useCartStatus(): CartStatus {
  const viewer = useViewer();
  const app = useApplicationContext();
  const guestUser = viewer.ready ? viewer.guest : undefined;
  useEffect(() => {
    // A buyer's flags are forced on and need no settings; a guest's wait for them.
    if (guestUser !== undefined) setCartCapabilities(app.data ?? {}, guestUser);
  }, [guestUser, app.data]);
  return useSyncExternalStore(subscribeCartStatus, getCartStatus, getCartStatus);
}

/** Mount once in the layout: after login, preserves the stored guest cart into the buyer's cart (once) and reloads the cart. */
export function usePreserveGuestCart(): void {
  const { buyer } = useViewer();
  const client = useQueryClient();
  useEffect(() => {
    if (!buyer) return;
    void preserveGuestCart().then(async (result) => {
      if (!result) return;
      // A cart read that started before the merge answers from before it, and an invalidation does not restart a
      // query's first fetch still in flight (it joins it): cancel what is in flight, then read again.
      await client.cancelQueries({ queryKey: cartKeys.all });
      await invalidateCart(client);
    });
  }, [buyer, client]);
}
