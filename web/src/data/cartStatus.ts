// The cart status (spec sections 3 and 4, "Cart processing"): a small external store
// that components read with useSyncExternalStore (useCartStatus), and the queue that
// every cart mutation runs through. The queue is TanStack Query's: a cart mutation is a
// mutation of the data layer's client scoped by its type, and the in-progress counter is the
// number of those pending. What stays hand-written is what the library has no place for: the
// shadow flag, the flags set by loads and settings, and one snapshot that notifies only on change.

import type { ApplicationContext } from './appContext';
import { settingEnabled } from './appContext';
import { layerClient } from './http';

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
    isProcessingCount: count,
    isProcessing: count > 0 || shadow,
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

const CART_MUTATION = 'cart-mutation';
const mutations = layerClient.getMutationCache();

// A pending mutation is counted from the moment it is asked for (waiting for its scope) until it settles.
mutations.subscribe(() => {
  update(mutations.findAll({ mutationKey: [CART_MUTATION], status: 'pending' }).length);
});

/**
 * Runs a cart mutation after the pending mutations of the same type have settled, failed ones
 * included (so two quantity changes reach the server in the order they were made).
 */
export function runCartMutation<T>(type: CartMutationType, mutate: () => Promise<T>): Promise<T> {
  const mutation = mutations.build<T, unknown, void, unknown>(layerClient, {
    mutationKey: [CART_MUTATION, type],
    scope: { id: `${CART_MUTATION}:${type}` },
    mutationFn: mutate,
  });
  return mutation.execute();
}

/** Forgets the status and the queues; for tests. */
export function resetCartStatus(): void {
  for (const m of mutations.findAll({ mutationKey: [CART_MUTATION] })) mutations.remove(m);
  status = INITIAL;
  shadow = false;
  listeners.forEach((l) => l());
}
