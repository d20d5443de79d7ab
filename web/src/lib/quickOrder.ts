// The quick order run, apart from the page: lines in, one result per line out. The calls come in as functions
// (the data layer's resolveSkus and addItemsToCart in the page, fakes in tests).
//
// Lines that name the same product (the same SKU, in any case) are merged: their quantities go into one cart
// line, and each of them reports that line's outcome. A line with a problem (no SKU, a bad quantity) is not sent.

import type { OrderLine } from './csv';

export type LineOutcome = 'added' | 'unknown' | 'notSent' | 'failed';

export interface LineResult {
  line: number;
  sku: string;
  quantityText: string;
  outcome: LineOutcome;
  /** "Added", "Unknown SKU", the line's problem, or the cart's message. */
  message: string;
  /** The other lines added together with this one into one cart line. */
  together: number[];
  /** The product added, and the units of it this run added (with the lines added together). */
  productId?: string;
  addedQuantity?: number;
}

export interface RunProgress {
  /** checking: looking the SKUs up (counted in SKUs); adding: the cart batch (counted in lines). */
  phase: 'checking' | 'adding';
  done: number;
  total: number;
}

export interface RunDeps {
  /** SKU as given → the product it names (id null when none). */
  resolve: (skus: string[], onProgress: (p: { done: number; total: number }) => void) => Promise<Map<string, { id: string | null; success: boolean }>>;
  /** Adds products; one result per input, in order. */
  add: (
    inputs: { productId: string; quantity: number }[],
    onProgress: (p: { done: number; total: number }) => void,
  ) => Promise<{ ok: boolean; error: { code: string; message?: string } | null }[]>;
}

export const UNKNOWN_SKU = 'Unknown SKU';
export const ADDED = 'Added';

/** Runs a quick order: resolve the SKUs of the lines that can be sent, merge by product, add, one result per line. */
export async function runQuickOrder(lines: OrderLine[], deps: RunDeps, onProgress: (p: RunProgress) => void = () => {}): Promise<LineResult[]> {
  const results: LineResult[] = lines.map((l) => ({
    line: l.line,
    sku: l.sku,
    quantityText: l.quantityText,
    outcome: 'notSent',
    message: l.error ?? '',
    together: [],
  }));
  const sendable = lines.map((_, i) => i).filter((i) => lines[i].error === null && lines[i].quantity !== null);
  if (sendable.length === 0) return results;

  const skus = [...new Set(sendable.map((i) => lines[i].sku))];
  onProgress({ phase: 'checking', done: 0, total: skus.length });
  const products = await deps.resolve(skus, (p) => onProgress({ phase: 'checking', ...p }));

  // One cart line per product, in the order products first appear.
  const groups = new Map<string, { quantity: number; members: number[] }>();
  for (const i of sendable) {
    const id = products.get(lines[i].sku)?.id;
    if (!id) {
      results[i].outcome = 'unknown';
      results[i].message = UNKNOWN_SKU;
      continue;
    }
    const g = groups.get(id) ?? { quantity: 0, members: [] };
    g.quantity += lines[i].quantity!;
    g.members.push(i);
    groups.set(id, g);
  }
  const inputs = [...groups].map(([productId, g]) => ({ productId, quantity: g.quantity, members: g.members }));
  if (inputs.length === 0) return results;

  // Progress in lines: the lines of the inputs handled so far.
  const linesBefore = [0];
  for (const input of inputs) linesBefore.push(linesBefore[linesBefore.length - 1] + input.members.length);
  const totalLines = linesBefore[inputs.length];
  onProgress({ phase: 'adding', done: 0, total: totalLines });
  const added = await deps.add(
    inputs.map(({ productId, quantity }) => ({ productId, quantity })),
    (p) => onProgress({ phase: 'adding', done: linesBefore[Math.min(p.done, inputs.length)], total: totalLines }),
  );
  inputs.forEach((input, k) => {
    const r = added[k];
    for (const i of input.members) {
      results[i].together = input.members.filter((j) => j !== i).map((j) => lines[j].line);
      if (r?.ok) {
        results[i].outcome = 'added';
        results[i].message = ADDED;
        results[i].productId = input.productId;
        results[i].addedQuantity = input.quantity;
      } else {
        results[i].outcome = 'failed';
        results[i].message = r?.error?.message || r?.error?.code || 'Not added.';
      }
    }
  });
  return results;
}
