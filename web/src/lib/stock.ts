// What a buyer is told when a cart holds more of a product than the store can sell now (issue 15 item 17): the
// checkout would stop at "Not enough stock", so the cart, a reorder and a quick order say so first, with what to do.

/** Units that can be ordered now, from an availability answer; null when the store does not track them. */
export function availableUnits(availability: { availableToOrder?: string | null; inStock?: boolean } | undefined): number | null {
  if (!availability) return null;
  if (availability.availableToOrder === null || availability.availableToOrder === undefined) {
    return availability.inStock === false ? 0 : null;
  }
  const n = Number(availability.availableToOrder);
  return Number.isFinite(n) ? Math.max(0, Math.floor(n)) : null;
}

/**
 * The note on a cart line whose quantity is more than the stock (null when it is not): out of stock, remove it; or
 * only N left, lower the quantity to N. Either way the checkout cannot go through until then.
 */
export function stockNote(quantity: number, available: number | null): string | null {
  if (available === null || quantity <= available) return null;
  if (available === 0) return 'Out of stock. Remove it from your cart to check out.';
  return `Only ${available.toLocaleString('en-US')} left in stock. Lower the quantity to ${available.toLocaleString('en-US')} to check out.`;
}

export interface Shortfall {
  name: string;
  available: number;
}

/** One sentence about the products just added beyond their stock (null when none), pointing to the cart. */
export function shortfallMessage(short: Shortfall[]): string | null {
  if (short.length === 0) return null;
  const parts = short.map((s) => (s.available === 0 ? `${s.name} is out of stock` : `only ${s.available.toLocaleString('en-US')} of ${s.name} ${s.available === 1 ? 'is' : 'are'} in stock`));
  const list = parts.length === 1 ? parts[0] : `${parts.slice(0, -1).join('; ')}; and ${parts[parts.length - 1]}`;
  return `Not enough stock: ${list}. Change the quantity in your cart before you check out.`;
}
