import { useState } from 'react';
import { Link } from 'react-router';
import { useReorder } from '../../data/orderHooks';
import type { OrderDetail, ReorderResult } from '../../data/orders';
import { isUnauthorized, useLoginOn401 } from '../guest';
import { productItems } from './orderText';
import { getProductsAvailability } from '../../data/catalog';
import { availableUnits, shortfallMessage, type Shortfall } from '../../lib/stock';

export interface ReorderOutcome {
  /** Units put in the cart. */
  added: number;
  /** Names of the products that were not (no longer sold, no price, refused by a quantity rule). */
  notAdded: string[];
  /** Products added beyond their stock: the checkout would refuse them until the quantity changes. */
  short?: Shortfall[];
}

/** The products a reorder added beyond their stock (from one availability call), by the order's quantities. */
export async function reorderShortfalls(order: OrderDetail, result: ReorderResult): Promise<Shortfall[]> {
  const failed = new Set(result.productsWithError.map((p) => p.productId));
  const added = new Map<string, { name: string; quantity: number }>();
  for (const item of productItems(order)) {
    if (!item.productId || failed.has(item.productId)) continue;
    const n = Number(item.quantity);
    const prev = added.get(item.productId);
    added.set(item.productId, { name: item.name, quantity: (prev?.quantity ?? 0) + (Number.isFinite(n) ? n : 0) });
  }
  const stock = await getProductsAvailability([...added.keys()]);
  const short: Shortfall[] = [];
  for (const [id, a] of added) {
    const available = availableUnits(stock.get(id));
    if (available !== null && a.quantity > available) short.push({ name: a.name, available });
  }
  return short;
}

/** What a reorder did, in the order's words: the units added, and the names of the products that were not. */
export function reorderOutcome(order: OrderDetail, result: ReorderResult): ReorderOutcome {
  const failed = new Set(result.productsWithError.map((p) => p.productId));
  let added = 0;
  const notAdded: string[] = [];
  for (const item of productItems(order)) {
    if (item.productId && failed.has(item.productId)) {
      if (!notAdded.includes(item.name)) notAdded.push(item.name);
    } else if (item.productId) {
      const n = Number(item.quantity);
      added += Number.isFinite(n) ? n : 0;
    }
  }
  // A product the order does not name (it should not happen) is still counted as not added.
  const named = new Set(productItems(order).map((i) => i.productId));
  for (const p of result.productsWithError) if (!named.has(p.productId)) notAdded.push(p.productId);
  return { added, notAdded };
}

export function reorderMessage({ added, notAdded }: ReorderOutcome): string {
  const units = `${added.toLocaleString('en-US')} ${added === 1 ? 'item' : 'items'}`;
  const first = added > 0 ? `Added ${units} to your cart.` : 'No items were added to your cart.';
  if (notAdded.length === 0) return first;
  return `${first} ${notAdded.length === 1 ? 'This product is' : 'These products are'} no longer available: ${notAdded.join(', ')}.`;
}

/** "Reorder": the order's products into the cart; says what went in and what did not, and links to the cart. */
export function ReorderButton({ order }: { order: OrderDetail }) {
  const reorder = useReorder();
  const [outcome, setOutcome] = useState<ReorderOutcome | null>(null);
  useLoginOn401(reorder.error);
  const error = reorder.isError && !isUnauthorized(reorder.error) ? reorder.error : null;

  const run = () => {
    setOutcome(null);
    reorder.mutate(order.orderSummaryId, {
      onSuccess: async (result) => {
        const outcome = reorderOutcome(order, result);
        // The stock is a courtesy: when it cannot be read the checkout still says what is short.
        const short = await reorderShortfalls(order, result).catch(() => []);
        setOutcome({ ...outcome, short });
      },
    });
  };

  return (
    <div className="sf-order__reorder">
      <button type="button" className="sf-button" onClick={run} disabled={reorder.isPending}>
        {reorder.isPending ? 'Adding to cart…' : 'Reorder'}
      </button>
      {/* One live region for the result, present before it fills so that it is read. */}
      <div role="status" aria-live="polite" className={outcome ? (outcome.notAdded.length || outcome.short?.length ? 'sf-order__notice sf-order__notice--warn' : 'sf-order__notice') : undefined}>
        {outcome ? (
          <>
            <p>{reorderMessage(outcome)}</p>
            {shortfallMessage(outcome.short ?? []) ? <p className="sf-order__stock">{shortfallMessage(outcome.short ?? [])}</p> : null}
            {outcome.added > 0 ? (
              <p>
                <Link to="/cart">View cart</Link>
              </p>
            ) : null}
          </>
        ) : null}
      </div>
      {error ? (
        <p className="form-error" role="alert">
          The order could not be added to your cart. {error instanceof Error ? error.message : 'Please try again.'}
        </p>
      ) : null}
    </div>
  );
}
