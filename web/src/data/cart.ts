// The cart badge's count (spec/storefront.md sections 2 and 9; contracts SHAPES.md 2.3).

import { cartJson } from './cartHttp';
import { FetchError, isAbortError } from './errors';

/** Counts above this show as "99+". */
export const CART_BADGE_MAX = 99;

/** GET carts/compact-summary, as the client uses it. */
export interface CartCountSummary {
  cartId: string | null;
  currencyIsoCode: string | null;
  /** The sum of the quantities of the cart's products (a string such as "2.0" on the wire). */
  totalProductCount: number;
  uniqueProductCount: number;
}

interface RawCartSummary {
  cartId?: string | null;
  currencyIsoCode?: string | null;
  totalProductCount?: string | number | null;
  uniqueProductCount?: number | string | null;
}

/** A wire count ("2.0", 3, null) as a non-negative number; anything unreadable is 0. */
export function parseCount(value: unknown): number {
  const n = typeof value === 'number' ? value : typeof value === 'string' ? Number(value.trim()) : NaN;
  return Number.isFinite(n) && n > 0 ? n : 0;
}

/** Reads a Cart Compact Summary (or a Cart Summary) as counts. */
export function toCartCountSummary(raw: RawCartSummary | undefined): CartCountSummary {
  return {
    cartId: raw?.cartId ?? null,
    currencyIsoCode: raw?.currencyIsoCode ?? null,
    totalProductCount: parseCount(raw?.totalProductCount),
    uniqueProductCount: parseCount(raw?.uniqueProductCount),
  };
}

export const EMPTY_CART_SUMMARY: CartCountSummary = Object.freeze({
  cartId: null,
  currencyIsoCode: null,
  totalProductCount: 0,
  uniqueProductCount: 0,
}) as CartCountSummary;

/**
 * The count behind the cart badge. GET carts/compact-summary; when that fails on the server
 * side (5xx: it "can 500 on some org configurations"), GET carts/current instead. No cart
 * yet (404) is an empty cart. Not retried here: the fallback is its recovery, and the
 * badge query is asked again after every cart change.
 */
export async function getCartCountSummary(options: { signal?: AbortSignal } = {}): Promise<CartCountSummary> {
  const get = (path: string) => cartJson<RawCartSummary>('GET', path, { signal: options.signal, retry: false });
  try {
    return toCartCountSummary(await get('carts/compact-summary'));
  } catch (err) {
    if (isAbortError(err) || !(err instanceof FetchError)) throw err;
    if (err.status === 404) return EMPTY_CART_SUMMARY;
    if (err.status < 500) throw err;
  }
  try {
    return toCartCountSummary(await get('carts/current'));
  } catch (err) {
    if (err instanceof FetchError && err.status === 404) return EMPTY_CART_SUMMARY;
    throw err;
  }
}

/** The badge text: the count, or "99+" above 99. Fractions (never expected) are rounded. */
export function badgeText(count: number): string {
  const n = Math.max(0, Math.round(count));
  return n > CART_BADGE_MAX ? `${CART_BADGE_MAX}+` : String(n);
}

/** The badge's accessible name: "Cart: 1 item", "Cart: 3 items", "Cart: 99+ items". */
export function cartBadgeLabel(count: number): string {
  const text = badgeText(count);
  return `Cart: ${text} ${text === '1' ? 'item' : 'items'}`;
}
