// The cart status (spec sections 3 and 4, "Cart processing"): a small external store
// that components read with useSyncExternalStore (useCartStatus), and the queue that
// every cart mutation runs through.

import type { ApplicationContext } from './appContext';
import { settingEnabled } from './appContext';

export interface CartStatus {
  /** True while a cart operation runs: the counter is above 0 or the shadow flag is set. */
  isProcessing: boolean;
  /** Cart operations in progress; never below 0. */
  isProcessingCount: number;
  /** Set by the cart-items load: the cart has products, none in error, and is not processing. */
  isReadyForCheckout: boolean;
  /** Guests may keep a cart (always true for a signed-in buyer, spec section 6). */
  isGuestCartEnabled: boolean;
  /** Guests may check out (always true for a signed-in buyer). */
  isGuestCheckoutEnabled: boolean;
  /** Products the last guest-cart preserve could not move into the buyer's cart (0 for none). */
  preserveGuestCartNumberOfProductsWithError: number;
}

const INITIAL: CartStatus = Object.freeze({
  isProcessing: false,
  isProcessingCount: 0,
  isReadyForCheckout: false,
  isGuestCartEnabled: false,
  isGuestCheckoutEnabled: false,
  preserveGuestCartNumberOfProductsWithError: 0,
});

let status: CartStatus = INITIAL;
/** Set by setCartProcessing: processing that no counted operation stands for (a checkout step, a redirect). */
let shadow = false;
const listeners = new Set<() => void>();

type Fields = Omit<CartStatus, 'isProcessing' | 'isProcessingCount'>;

/** Replaces the snapshot only when something changed, so that subscribers do not re-render for nothing. */
function update(count: number, fields: Partial<Fields> = {}): void {
  const next: CartStatus = {
    ...status,
    ...fields,
    isProcessingCount: Math.max(0, count),
    isProcessing: Math.max(0, count) > 0 || shadow,
  };
  const keys = Object.keys(next) as (keyof CartStatus)[];
  if (keys.every((k) => next[k] === status[k])) return;
  status = Object.freeze(next);
  listeners.forEach((l) => l());
}

/** The current status (a frozen snapshot, replaced on every change). */
export function getCartStatus(): CartStatus {
  return status;
}

/** Subscribes to changes (for useSyncExternalStore); returns the unsubscribe function. */
export function subscribeCartStatus(listener: () => void): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

/** One more cart operation in progress. */
export function incrementProcessing(): void {
  update(status.isProcessingCount + 1);
}

/** One cart operation settled; the counter stops at 0 even if settled twice. */
export function decrementProcessing(): void {
  update(status.isProcessingCount - 1);
}

/** Sets or clears the shadow flag: isProcessing stays true while it is set, whatever the counter. */
export function setCartProcessing(flag: boolean): void {
  shadow = flag;
  update(status.isProcessingCount);
}

export function setReadyForCheckout(ready: boolean): void {
  update(status.isProcessingCount, { isReadyForCheckout: ready });
}

export function setPreserveErrorCount(count: number): void {
  update(status.isProcessingCount, { preserveGuestCartNumberOfProductsWithError: Math.max(0, count) });
}

/** Guest cart and checkout flags from the store settings; a signed-in buyer has both (spec section 6). */
export function setCartCapabilities(app: ApplicationContext, guestUser: boolean): void {
  update(status.isProcessingCount, {
    isGuestCartEnabled: !guestUser || settingEnabled(app.guestCartEnabled),
    isGuestCheckoutEnabled: !guestUser || settingEnabled(app.guestCheckoutEnabled),
  });
}

/** Mutation types: a mutation waits for the pending ones of its own type, not for others. */
export type CartMutationType = 'addItem' | 'updateItem' | 'deleteItem' | 'coupon' | 'deliveryGroup' | 'cart';

const tails = new Map<CartMutationType, Promise<unknown>>();

/**
 * Runs a cart mutation after the pending mutations of the same type have settled (so two
 * quantity changes reach the server in the order they were made), counting it as in
 * progress from the moment it is asked for until it settles.
 */
export function runCartMutation<T>(type: CartMutationType, mutate: () => Promise<T>): Promise<T> {
  incrementProcessing();
  const previous = tails.get(type) ?? Promise.resolve();
  const run = previous.then(() => mutate()).finally(decrementProcessing);
  // The queue waits for a predecessor to settle, whatever the outcome: a failed change must not block the next.
  const tail = run.catch(() => undefined);
  tails.set(type, tail);
  void tail.then(() => {
    if (tails.get(type) === tail) tails.delete(type);
  });
  return run;
}

/** Forgets the status and the queues; for tests. */
export function resetCartStatus(): void {
  status = INITIAL;
  shadow = false;
  tails.clear();
  listeners.forEach((l) => l());
}
