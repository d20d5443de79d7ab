import { describe, expect, it } from 'vitest';
import { checkLine } from './csv';
import { runQuickOrder, type RunDeps, type RunProgress } from './quickOrder';

const lines = [
  checkLine(2, 'A', '2'),
  checkLine(3, 'nope', '1'),
  checkLine(4, 'a', '3'),
  checkLine(5, 'B', 'x'),
  checkLine(6, 'C', ''),
];

function deps(addResult: (productId: string) => { ok: boolean; error: { code: string; message?: string } | null }): RunDeps & { sent: unknown[] } {
  const sent: unknown[] = [];
  return {
    sent,
    resolve: async (skus, onProgress) => {
      onProgress({ done: skus.length, total: skus.length });
      return new Map(skus.map((s) => [s, ['a', 'c'].includes(s.toLowerCase()) ? { id: `01t${s.toUpperCase()}`, success: true } : { id: null, success: false }]));
    },
    add: async (inputs, onProgress) => {
      sent.push(...inputs);
      onProgress({ done: inputs.length, total: inputs.length });
      return inputs.map((i) => addResult(i.productId));
    },
  };
}

describe('runQuickOrder', () => {
  it('resolves each SKU once, merges lines of one product, sends only good lines, and answers one result per line', async () => {
    const d = deps(() => ({ ok: true, error: null }));
    const progress: RunProgress[] = [];
    const out = await runQuickOrder(lines, d, (p) => progress.push(p));
    expect(d.sent).toEqual([{ productId: '01tA', quantity: 5 }, { productId: '01tC', quantity: 1 }]);
    expect(out.map((r) => [r.line, r.outcome, r.message, r.together])).toEqual([
      [2, 'added', 'Added', [4]],
      [3, 'unknown', 'Unknown SKU', []],
      [4, 'added', 'Added', [2]],
      [5, 'notSent', 'Quantity must be a whole number from 1 to 1,000,000.', []],
      [6, 'added', 'Added', []],
    ]);
    // Checking counts SKUs (A, nope, a, C); adding counts lines (3).
    expect(progress).toEqual([
      { phase: 'checking', done: 0, total: 4 },
      { phase: 'checking', done: 4, total: 4 },
      { phase: 'adding', done: 0, total: 3 },
      { phase: 'adding', done: 3, total: 3 },
    ]);
  });

  it("gives every merged line its cart line's error: the message, else the code", async () => {
    const out = await runQuickOrder(lines, deps((id) => (id === '01tA' ? { ok: false, error: { code: 'CART_VALIDATION_ERROR', message: 'Steps of 5.' } } : { ok: false, error: { code: 'Limit reached' } })));
    expect(out.filter((r) => r.outcome === 'failed').map((r) => [r.line, r.message])).toEqual([[2, 'Steps of 5.'], [4, 'Steps of 5.'], [6, 'Limit reached']]);
  });

  it('calls nothing when no line can be sent', async () => {
    const d = deps(() => ({ ok: true, error: null }));
    const out = await runQuickOrder([checkLine(1, '', '2')], { ...d, resolve: () => Promise.reject(new Error('called')) });
    expect(out).toEqual([{ line: 1, sku: '', quantityText: '2', outcome: 'notSent', message: 'Enter a SKU.', together: [] }]);
  });
});
