// How every cart call is sent (spec section 7, "Carts"): relative to the commerce base,
// cart id defaulting to current, currencyIsoCode on every call but deletes, X-Highscale
// when the store enables it, retried as section 4 says; and how cart loads poll while the
// cart is being processed.

import { chooseCurrency, getApplicationContext, isHighScaleCartEnabled } from './appContext';
import { getSiteLanguage } from './config';
import { ClientError, InternalErrorCode, isAbortError } from './errors';
import { commerceUrl, request, type JsonResponse, type Query } from './http';
import { pollUntil, withRetry } from './retry';

/** The cart the calls name when given no id: the cart that is not closed or pending delete. */
export const CURRENT_CART = 'current';
export const HIGH_SCALE_HEADER = 'X-Highscale';

export type CartMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface CartCallOptions {
  /** The cart: an id, or current (the default). */
  cartId?: string;
  signal?: AbortSignal;
}

export interface CartRequestOptions {
  query?: Query;
  body?: unknown;
  signal?: AbortSignal;
  /** Retry as spec section 4 says (default). Off where the caller has its own fallback. */
  retry?: boolean;
}

/** carts/{cartId}/{...rest}, the id defaulting to current. */
export function cartPath(cartId: string | undefined, ...rest: string[]): string {
  const id = encodeURIComponent(cartId?.trim() || CURRENT_CART);
  return ['carts', id, ...rest.map(encodeURIComponent)].join('/');
}

interface CartCallSettings {
  currency: string | null;
  highScale: boolean;
}

/**
 * Currency and high-scale flag from the (cached) application context. When the context
 * cannot be read the call still goes out, without either: the server then uses the
 * store's default currency, which beats failing the cart over its settings.
 */
async function cartCallSettings(): Promise<CartCallSettings> {
  try {
    const app = await getApplicationContext();
    return { currency: chooseCurrency(app, getSiteLanguage()), highScale: isHighScaleCartEnabled(app) };
  } catch (err) {
    if (isAbortError(err)) throw err;
    return { currency: null, highScale: false };
  }
}

/** Sends one cart call (see the file comment); rejects with the FetchError of the last attempt. */
export async function cartRequest<T>(method: CartMethod, path: string, options: CartRequestOptions = {}): Promise<JsonResponse<T>> {
  const settings = await cartCallSettings();
  const query: Query = { ...options.query };
  // Deletes take no currency: there is nothing to price.
  if (method !== 'DELETE' && settings.currency) query.currencyIsoCode = settings.currency;
  const headers = settings.highScale ? { [HIGH_SCALE_HEADER]: 'true' } : undefined;
  const send = () => request<T>(commerceUrl(path, query), { method, body: options.body, headers, signal: options.signal });
  return options.retry === false ? send() : withRetry(send);
}

/** cartRequest returning only the body. */
export async function cartJson<T>(method: CartMethod, path: string, options: CartRequestOptions = {}): Promise<T> {
  return (await cartRequest<T>(method, path, options)).data;
}

/** True while rendering on a server: there is no window to wait in, so no polling. */
function isServerRendering(): boolean {
  return typeof window === 'undefined';
}

/**
 * Loads until isDone accepts the answer, on the polling schedule of spec section 4
 * (pollUntil: 0,0,0,0,100,...,48000 ms; 'async maximum wait exceeded' after 14
 * attempts). During server-side rendering an unfinished answer fails with
 * SSR_NO_POLLING instead of waiting.
 */
export function pollCartLoad<T>(load: () => Promise<JsonResponse<T>>, isDone: (res: JsonResponse<T>) => boolean): Promise<JsonResponse<T>> {
  return pollUntil(async () => {
    const res = await load();
    if (!isDone(res) && isServerRendering()) throw new ClientError(InternalErrorCode.SSR_NO_POLLING);
    return res;
  }, isDone);
}

/** A cart answer is final unless it is a 202 or its cart summary says Processing. */
export function isCartSettled(res: JsonResponse<unknown>): boolean {
  if (res.status === 202) return false;
  const data = res.data as { cartSummary?: { asyncOperationStatus?: unknown } } | undefined;
  return data?.cartSummary?.asyncOperationStatus !== 'Processing';
}

/**
 * Loads delivery groups with the cart polling schedule until the answer is a 200 (spec
 * section 4). Takes the fetch so that the delivery-group calls, added later, reuse it.
 */
export function loadDeliveryGroups<T>(fetchGroups: () => Promise<JsonResponse<T>>): Promise<JsonResponse<T>> {
  return pollCartLoad(fetchGroups, (res) => res.status === 200);
}
