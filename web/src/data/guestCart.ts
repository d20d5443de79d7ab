// The guest cart (spec section 4, "Guest cart"): its id is kept in localStorage while the
// visitor is a guest; after login it is preserved into the buyer's cart once and then
// forgotten, unless a payment link is being paid. Cloning a cart also forgets it.

import { cartJson, cartPath } from './cartHttp';
import { runCartMutation, setPreserveErrorCount } from './cartStatus';
import type { CartSummary, PreserveCartResult } from './cartTypes';
import { isAbortError } from './errors';
import { GUEST_CART_ID_KEY, PAYMENT_LINK_ID_KEY, browserStorage, readStored } from './storage';

/** The stored guest cart id, or null. */
export function getGuestCartId(): string | null {
  return readStored('local', GUEST_CART_ID_KEY);
}

/** Keeps a guest's cart id (blank ids are ignored). Call only for guests. */
export function rememberGuestCartId(cartId: string | null | undefined): void {
  const id = cartId?.trim();
  if (id && id !== getGuestCartId()) browserStorage('local')?.setItem(GUEST_CART_ID_KEY, id);
}

export function forgetGuestCartId(): void {
  browserStorage('local')?.removeItem(GUEST_CART_ID_KEY);
}

/** A payment link is being paid in this tab: its flow still needs the guest cart as it is. */
function paymentLinkPending(): boolean {
  return readStored('session', PAYMENT_LINK_ID_KEY) !== null;
}

let preserving: Promise<PreserveCartResult | null> | null = null;

/**
 * After login: POST carts/{guestCartId}/actions/preserve, then forgets the stored id
 * (also when the preserve fails, so that it is tried once only). Does nothing without a
 * stored id or while a payment link id is in sessionStorage. Products that could not be
 * moved are counted in the cart status. A failure is only logged: the buyer's own cart
 * is still usable. Concurrent calls share one preserve. Not retried, for the same reason.
 */
export function preserveGuestCart(): Promise<PreserveCartResult | null> {
  if (preserving) return preserving;
  const guestCartId = getGuestCartId();
  if (guestCartId === null || paymentLinkPending()) return Promise.resolve(null);
  preserving = (async () => {
    try {
      const result = await runCartMutation('cart', () =>
        cartJson<PreserveCartResult | undefined>('POST', cartPath(guestCartId, 'actions', 'preserve'), { retry: false }),
      );
      const failed = Number(result?.numberOfProductsWithError ?? 0);
      if (Number.isFinite(failed) && failed > 0) setPreserveErrorCount(failed);
      return result ?? {};
    } catch (err) {
      console.warn('The guest cart could not be preserved', err);
      return null;
    } finally {
      forgetGuestCartId();
      preserving = null;
    }
  })();
  return preserving;
}

/**
 * POST carts/{cartId}/actions/clone?targetType=PayNowReadOnly {cartId}: a read-only copy
 * for paying by link. Forgets the stored guest cart id once the copy exists. A failed
 * clone answers null (spec section 8); an abort still rejects.
 */
export async function cloneCart(cartId: string, options: { signal?: AbortSignal } = {}): Promise<CartSummary | null> {
  try {
    const summary = await runCartMutation('cart', () =>
      cartJson<CartSummary | undefined>('POST', cartPath(cartId, 'actions', 'clone'), {
        query: { targetType: 'PayNowReadOnly' },
        body: { cartId },
        signal: options.signal,
      }),
    );
    forgetGuestCartId();
    return summary ?? null;
  } catch (err) {
    if (isAbortError(err)) throw err;
    return null;
  }
}
