// Typed cart calls (spec section 7, "Carts"). Every call goes through cartRequest (currency,
// X-Highscale, retries); every change goes through runCartMutation (per-type queue and
// the in-progress counter). Guest-cart preserve and clone live in guestCart.ts.

import { getApplicationContext, reservationSeconds, DEFAULT_RESERVATION_SECONDS } from './appContext';
import { toCartCountSummary, type CartCountSummary } from './cart';
import {
  cartJson,
  cartPath,
  cartRequest,
  isCartSettled,
  pollCartLoad,
  type CartCallOptions,
} from './cartHttp';
import { runCartMutation } from './cartStatus';
import {
  cartCouponsOf,
  toBatchLineResults,
  toCartItemBody,
  toCartItemsPage,
  type BatchLineResult,
  type CartCoupon,
  type CartItem,
  type CartItemInput,
  type CartItemsPage,
  type CartProductsPage,
  type CartSummary,
} from './cartTypes';
import { FetchError, isAbortError, normaliseCartError } from './errors';

export const CART_ITEMS_PAGE_SIZE = 25;
export const CART_ITEMS_FIRST_PAGE = 1;
/** The commerce config's default sort order (spec section 3). */
export const DEFAULT_CART_SORT = 'CreatedDateDesc';
/** The most inputs one POST cart-items/batch takes. */
export const CART_BATCH_LIMIT = 100;

export type CartSort = 'CreatedDateAsc' | 'CreatedDateDesc' | 'NameAsc' | 'NameDesc' | 'SalesPriceAsc' | 'SalesPriceDesc';

export interface CartItemsQuery extends CartCallOptions {
  pageNumber?: number;
  pageSize?: number;
  /** A page token (currentPageToken, nextPageToken...); takes the place of pageNumber. */
  page?: string;
  sort?: CartSort;
  /** Default true: the cart page shows promotions and coupons. */
  includePromotions?: boolean;
  includeCoupons?: boolean;
  /** Up to 15 product fields. */
  productFields?: string[];
}

/** GET carts/{id}/cart-items (page 1 of 25 by default), polling while the cart is processed. */
export async function getCartItems(q: CartItemsQuery = {}): Promise<CartItemsPage> {
  const query = {
    includePromotions: q.includePromotions ?? true,
    includeCoupons: q.includeCoupons ?? true,
    sort: q.sort ?? DEFAULT_CART_SORT,
    productFields: q.productFields?.length ? q.productFields.join(',') : undefined,
    page: q.page,
    pageNumber: q.page ? undefined : (q.pageNumber ?? CART_ITEMS_FIRST_PAGE),
    pageSize: q.pageSize ?? CART_ITEMS_PAGE_SIZE,
  };
  const res = await pollCartLoad(
    () => cartRequest<unknown>('GET', cartPath(q.cartId, 'cart-items'), { query, signal: q.signal }),
    isCartSettled,
  );
  return toCartItemsPage(res.data);
}

/** GET carts/{id}: the Cart Summary. */
export function getCartSummary(options: CartCallOptions = {}): Promise<CartSummary> {
  return cartJson<CartSummary>('GET', cartPath(options.cartId), { signal: options.signal });
}

/** GET carts/{id}/compact-summary: id, currency and counts. */
export async function getCartCompactSummary(options: CartCallOptions = {}): Promise<CartCountSummary> {
  return toCartCountSummary(await cartJson('GET', cartPath(options.cartId, 'compact-summary'), { signal: options.signal }));
}

export interface CartProductsQuery extends CartCallOptions {
  pageNumber?: number;
  pageSize?: number;
  productFields?: string[];
}

/** GET carts/{id}/products: the cart's items grouped by product. */
export function getCartProducts(q: CartProductsQuery = {}): Promise<CartProductsPage> {
  const query = {
    pageNumber: q.pageNumber,
    pageSize: q.pageSize,
    productFields: q.productFields?.length ? q.productFields.join(',') : undefined,
  };
  return cartJson<CartProductsPage>('GET', cartPath(q.cartId, 'products'), { query, signal: q.signal });
}

/** PUT carts (empty body): makes sure the shopper has a current cart; answers its summary. */
export function ensureCart(options: { signal?: AbortSignal } = {}): Promise<CartSummary> {
  return runCartMutation('cart', () => cartJson<CartSummary>('PUT', 'carts', { signal: options.signal }));
}

export interface CartInput {
  name?: string;
  type?: 'Cart' | 'Template';
}

/** POST carts: a new cart. */
export function createCart(input: CartInput = {}, options: { signal?: AbortSignal } = {}): Promise<CartSummary> {
  return runCartMutation('cart', () => cartJson<CartSummary>('POST', 'carts', { body: input, signal: options.signal }));
}

/** DELETE carts/{id} (current by default): empties the shopper's cart by deleting it. */
export function deleteCart(options: CartCallOptions = {}): Promise<void> {
  return runCartMutation('cart', async () => {
    await cartRequest('DELETE', cartPath(options.cartId), { signal: options.signal });
  });
}

/** POST carts/{id}/cart-items: adds one product (quantity sent as a string); answers the Cart Item. */
export function addItemToCart(input: CartItemInput, options: CartCallOptions = {}): Promise<CartItem> {
  return runCartMutation('addItem', () =>
    cartJson<CartItem>('POST', cartPath(options.cartId, 'cart-items'), { body: toCartItemBody(input), signal: options.signal }),
  );
}

export interface BatchProgress {
  done: number;
  total: number;
}

export interface AddItemsOptions extends CartCallOptions {
  /** Called after each chunk of 100 with the inputs handled so far. */
  onProgress?: (progress: BatchProgress) => void;
}

/**
 * POST carts/{id}/cart-items/batch, 100 inputs per call, one call after the other; answers
 * one result per input, in input order. A chunk whose call fails gives each of its
 * inputs that call's normalised error, and the next chunks still go.
 */
export function addItemsToCart(inputs: CartItemInput[], options: AddItemsOptions = {}): Promise<BatchLineResult[]> {
  return runCartMutation('addItem', async () => {
    const results: BatchLineResult[] = [];
    for (let start = 0; start < inputs.length; start += CART_BATCH_LIMIT) {
      const chunk = inputs.slice(start, start + CART_BATCH_LIMIT);
      const body = { inputs: chunk.map((input) => ({ richInput: toCartItemBody(input) })) };
      try {
        const raw = await cartJson<unknown>('POST', cartPath(options.cartId, 'cart-items', 'batch'), { body, signal: options.signal });
        results.push(...toBatchLineResults(chunk, raw));
      } catch (err) {
        if (isAbortError(err)) throw err;
        const error = normaliseCartError(err);
        const status = err instanceof FetchError ? err.status : null;
        results.push(...chunk.map((input) => ({ input, ok: false, statusCode: status, item: null, error })));
      }
      options.onProgress?.({ done: results.length, total: inputs.length });
    }
    return results;
  });
}

/** PATCH carts/{id}/cart-items/{itemId}: sets the quantity (sent as a string); answers the Cart Item. */
export function updateCartItem(cartItemId: string, quantity: number | string, options: CartCallOptions = {}): Promise<CartItem> {
  return runCartMutation('updateItem', () =>
    cartJson<CartItem>('PATCH', cartPath(options.cartId, 'cart-items', cartItemId), {
      body: { quantity: String(quantity) },
      signal: options.signal,
    }),
  );
}

/** DELETE carts/{id}/cart-items/{itemId}. An item already gone (404) counts as deleted, as real clients treat it. */
export function deleteCartItem(cartItemId: string, options: CartCallOptions = {}): Promise<void> {
  return runCartMutation('deleteItem', async () => {
    try {
      await cartRequest('DELETE', cartPath(options.cartId, 'cart-items', cartItemId), { signal: options.signal });
    } catch (err) {
      if (!(err instanceof FetchError && err.status === 404)) throw err;
    }
  });
}

export interface AppliedCoupons {
  cartId: string | null;
  coupons: CartCoupon[];
}

/** POST carts/{id}/cart-coupons {couponCode}; answers the cart's coupons. */
export function applyCoupon(couponCode: string, options: CartCallOptions = {}): Promise<AppliedCoupons> {
  return runCartMutation('coupon', async () => {
    const raw = await cartJson<{ cartId?: string } | undefined>('POST', cartPath(options.cartId, 'cart-coupons'), {
      body: { couponCode: couponCode.trim() },
      signal: options.signal,
    });
    return { cartId: raw?.cartId ?? null, coupons: cartCouponsOf(raw) };
  });
}

/** DELETE carts/{id}/cart-coupons/{cartCouponId} (the coupon's id, not its code). */
export function removeCoupon(cartCouponId: string, options: CartCallOptions = {}): Promise<void> {
  return runCartMutation('coupon', async () => {
    await cartRequest('DELETE', cartPath(options.cartId, 'cart-coupons', cartCouponId), { signal: options.signal });
  });
}

export interface ReserveOptions extends CartCallOptions {
  /** Default: the store's inventoryDefaultSource.reservationInSeconds, else 14400. */
  durationInSeconds?: number;
}

/** PUT carts/{id}/inventory-reservations {durationInSeconds}. */
export function reserveInventory(options: ReserveOptions = {}): Promise<Record<string, unknown> | undefined> {
  return runCartMutation('cart', async () => {
    const durationInSeconds = options.durationInSeconds ?? (await storeReservationSeconds());
    return cartJson<Record<string, unknown> | undefined>('PUT', cartPath(options.cartId, 'inventory-reservations'), {
      body: { durationInSeconds },
      signal: options.signal,
    });
  });
}

async function storeReservationSeconds(): Promise<number> {
  try {
    return reservationSeconds(await getApplicationContext());
  } catch (err) {
    if (isAbortError(err)) throw err;
    return DEFAULT_RESERVATION_SECONDS;
  }
}
