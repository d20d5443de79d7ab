// Quick order ({basePath}/quick-order): SKU and quantity rows typed, pasted from a spreadsheet or read from a CSV
// file, added to the cart in one go with a result per line. The SKUs are looked up 100 at a time (GET products?skus=),
// then the products found are added 100 at a time (the cart batch), with progress for large orders. Lines naming the
// same product are added together as one cart line.
//
// Guests follow the cart's rule: where the store keeps no guest carts (guestCartEnabled false), or lets no guest
// browse, a guest is sent to sign in first, as a 401 from either call does.

import { memo, useCallback, useEffect, useId, useRef, useState, type ChangeEvent, type ClipboardEvent, type FormEvent, type RefObject } from 'react';
import { Link, Navigate, useLocation, useNavigate } from 'react-router';
import { getProductsAvailability, resolveSkus } from '../data/catalog';
import { availableUnits, shortfallMessage, type Shortfall } from '../lib/stock';
import { useAddItemsBatch } from '../data/cartHooks';
import { useApplicationContext, useSession } from '../data/hooks';
import { ORDER_MAX_BYTES, checkLine, readOrderText, tooBig, type OrderLine } from '../lib/csv';
import { runQuickOrder, type LineResult, type RunProgress } from '../lib/quickOrder';
import { isUnauthorized, loginPathFor } from './guest';
import { PageStatus } from './catalog/Status';
import { usePageTitle } from './usePageTitle';
import './catalog/catalog.css';
import './quickOrder.css';

interface Row {
  key: number;
  /** The line it is reported on: its place in the form, from 1 (a file's header row is no line of the order). */
  line: number;
  sku: string;
  quantity: string;
}

const EMPTY_ROWS = 3;
let nextKey = 1;
const blankRow = (line: number): Row => ({ key: nextKey++, line, sku: '', quantity: '' });
const blankRows = () => Array.from({ length: EMPTY_ROWS }, (_, i) => blankRow(i + 1));
const isBlank = (r: Row) => r.sku.trim() === '' && r.quantity.trim() === '';
const numbered = (rows: Row[]) => rows.map((r, i) => (r.line === i + 1 ? r : { ...r, line: i + 1 }));
const fromLines = (lines: OrderLine[]): Row[] => lines.map((l, i) => ({ key: nextKey++, line: i + 1, sku: l.sku, quantity: l.quantityText }));

/** Text that holds more than one SKU: several lines, or fields split by tab, comma or semicolon. */
const isMultiValue = (text: string) => /[\r\n\t,;]/.test(text.trim());

export function QuickOrderPage() {
  usePageTitle('Quick Order');
  const session = useSession();
  const guest = session.data?.guestUser !== false;
  const app = useApplicationContext(!session.isPending && guest);
  const location = useLocation();
  if (session.isPending || (guest && app.isPending)) return <PageStatus>Loading…</PageStatus>;
  if (guest && (app.data?.guestCartEnabled === false || app.data?.guestBrowsingEnabled === false)) {
    return <Navigate to={loginPathFor(location.pathname, location.search)} replace />;
  }
  return <QuickOrder />;
}

function QuickOrder() {
  const ids = useId();
  const [rows, setRows] = useState<Row[]>(blankRows);
  /** Rows came from this file. */
  const [fileName, setFileName] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [showErrors, setShowErrors] = useState(false);
  const [progress, setProgress] = useState<RunProgress | null>(null);
  const [results, setResults] = useState<LineResult[] | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [short, setShort] = useState<Shortfall[]>([]);
  const batch = useAddItemsBatch();
  const navigate = useNavigate();
  const location = useLocation();
  const resultsHeading = useRef<HTMLHeadingElement>(null);
  const running = progress !== null;

  useEffect(() => {
    if (results) resultsHeading.current?.focus();
  }, [results]);

  const update = useCallback((key: number, field: 'sku' | 'quantity', value: string) => {
    setRows((rs) => rs.map((r) => (r.key === key ? { ...r, [field]: value } : r)));
  }, []);

  const remove = useCallback(
    (key: number) => {
      setRows((rs) => {
        const left = rs.filter((r) => r.key !== key);
        if (left.length === 0) return [blankRow(1)];
        return numbered(left);
      });
    },
    [],
  );

  const addRow = () => setRows((rs) => [...rs, blankRow(Math.max(0, ...rs.map((r) => r.line)) + 1)]);

  const clearAll = () => {
    setRows(blankRows());
    setFileName(null);
    setNotice(null);
    setShowErrors(false);
    setResults(null);
    setFailure(null);
  };

  /** Text pasted into a SKU field: several values fill rows from that one on. */
  const paste = useCallback((key: number, text: string): boolean => {
    if (!isMultiValue(text)) return false;
    const read = readOrderText(text);
    if (!read.ok) {
      setNotice(read.error);
      return true;
    }
    setNotice(null);
    setFileName(null);
    setShowErrors(true);
    setRows((rs) => {
      const at = rs.findIndex((r) => r.key === key);
      const kept = rs.slice(0, Math.max(0, at)).filter((r) => !isBlank(r));
      return numbered([...kept, ...fromLines(read.lines)]);
    });
    return true;
  }, []);

  const chooseFile = async (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0];
    e.target.value = ''; // choosing the same file again reads it again
    if (!file) return;
    setResults(null);
    setFailure(null);
    if (file.size > ORDER_MAX_BYTES) {
      setNotice(`${file.name}: ${tooBig()}`);
      return;
    }
    let text: string;
    try {
      text = await file.text();
    } catch {
      setNotice(`${file.name} could not be read.`);
      return;
    }
    const read = readOrderText(text);
    if (!read.ok) {
      setNotice(`${file.name}: ${read.error}`);
      return;
    }
    if (read.lines.length === 0) {
      setNotice(`${file.name} has no lines to order.`);
      return;
    }
    setNotice(null);
    setFileName(file.name);
    setShowErrors(true);
    setRows(fromLines(read.lines));
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (running) return;
    setShowErrors(true);
    setFailure(null);
    const lines = rows.filter((r) => !isBlank(r)).map((r) => checkLine(r.line, r.sku, r.quantity));
    if (lines.length === 0) {
      setNotice('Enter at least one SKU, or upload a CSV file.');
      return;
    }
    setNotice(null);
    setResults(null);
    setShort([]);
    try {
      const out = await runQuickOrder(
        lines,
        {
          resolve: async (skus, onProgress) => {
            const found = await resolveSkus(skus, { fields: ['StockKeepingUnit'], excludeMedia: true, onProgress });
            return new Map([...found].map(([sku, p]) => [sku, { id: p.success ? p.id : null, success: p.success }]));
          },
          add: async (inputs, onProgress) => {
            const added = await batch.mutateAsync({ inputs, onProgress });
            return added.map((r) => ({ ok: r.ok, error: r.error }));
          },
        },
        setProgress,
      );
      setResults(out);
      setProgress(null);
      // The lines now in the cart leave the form: what stays is what still needs the buyer (an unknown SKU, a
      // refused quantity), so fixing it and adding again adds only that.
      const added = new Set(out.filter((r) => r.outcome === 'added').map((r) => r.line));
      if (added.size > 0) {
        setFileName(null);
        setRows((rs) => {
          const left = rs.filter((r) => isBlank(r) || !added.has(r.line));
          return left.some((r) => !isBlank(r)) ? numbered(left.filter((r) => !isBlank(r))) : blankRows();
        });
      }
      // Then the stock of what went in: a line beyond it is said before the checkout would refuse it.
      setShort(await addedBeyondStock(out));
    } catch (err) {
      if (isUnauthorized(err)) {
        navigate(loginPathFor(location.pathname, location.search), { replace: true });
        return;
      }
      setFailure('The order could not be added. Check your connection and try again; lines already added stay in your cart.');
    } finally {
      setProgress(null);
    }
  };

  const fileHint = `${ids}-file-hint`;
  const fileNotice = `${ids}-notice`;
  return (
    <div className="sf-page sf-quick-order">
      <header className="sf-page__header">
        <h1>Quick Order</h1>
        <p className="sf-page__intro">
          Enter SKUs and quantities, paste rows from a spreadsheet into a SKU field, or upload a CSV file. A line without a
          quantity orders 1. Lines with the same SKU are added together as one cart line.
        </p>
      </header>

      <div className="sf-quick-order__upload">
        <label htmlFor={`${ids}-file`}>Upload a CSV file</label>
        <input
          id={`${ids}-file`}
          type="file"
          accept=".csv,text/csv"
          onChange={chooseFile}
          disabled={running}
          aria-describedby={notice ? `${fileHint} ${fileNotice}` : fileHint}
        />
        <p id={fileHint} className="sf-quick-order__hint">
          One line per product: SKU, then quantity. A header row “sku,quantity” is optional. Up to 2,000 lines and 1 MB.
        </p>
        {fileName ? <p className="sf-quick-order__file">{`${rows.length.toLocaleString('en-US')} lines read from ${fileName}.`}</p> : null}
      </div>
      {notice ? (
        <p id={fileNotice} className="sf-quick-order__notice" role="alert">
          {notice}
        </p>
      ) : null}

      <form onSubmit={submit} aria-label="Quick order lines" noValidate>
        <table className="sf-quick-order__lines">
          <caption className="visually-hidden">Order lines</caption>
          <thead>
            <tr>
              <th scope="col">Line</th>
              <th scope="col">SKU</th>
              <th scope="col">Quantity</th>
              <th scope="col">
                <span className="visually-hidden">Remove</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <LineRow key={row.key} row={row} idBase={`${ids}-r${row.key}`} showErrors={showErrors} disabled={running} onChange={update} onRemove={remove} onPaste={paste} />
            ))}
          </tbody>
        </table>
        <div className="sf-quick-order__actions">
          <button type="button" className="sf-button sf-button--secondary" onClick={addRow} disabled={running}>
            Add row
          </button>
          <button type="button" className="sf-button sf-button--secondary" onClick={clearAll} disabled={running}>
            Clear all
          </button>
          <button type="submit" className="sf-button" disabled={running}>
            {running ? 'Adding…' : 'Add to cart'}
          </button>
        </div>
      </form>

      <div className="sf-quick-order__progress">
        {/* Always there, so that screen readers hear each change; shown while running (the results repeat the summary). */}
        <p id={`${ids}-progress`} role="status" aria-live="polite" className={progress ? undefined : 'visually-hidden'}>
          {progressText(progress, results)}
        </p>
        {progress ? <progress aria-labelledby={`${ids}-progress`} value={progress.done} max={Math.max(1, progress.total)} /> : null}
      </div>
      {failure ? (
        <div className="sf-error" role="alert">
          <p className="sf-error__title">{failure}</p>
        </div>
      ) : null}
      {results ? <Results results={results} short={short} headingRef={resultsHeading} /> : null}
    </div>
  );
}

/** The products a run added beyond their stock (one availability call); none when the stock cannot be read. */
async function addedBeyondStock(results: LineResult[]): Promise<Shortfall[]> {
  const added = new Map<string, { sku: string; quantity: number }>();
  for (const r of results) if (r.outcome === 'added' && r.productId) added.set(r.productId, { sku: r.sku, quantity: r.addedQuantity ?? 0 });
  if (added.size === 0) return [];
  try {
    const stock = await getProductsAvailability([...added.keys()]);
    const short: Shortfall[] = [];
    for (const [id, a] of added) {
      const available = availableUnits(stock.get(id));
      if (available !== null && a.quantity > available) short.push({ name: `SKU ${a.sku}`, available });
    }
    return short;
  } catch {
    return [];
  }
}

function progressText(progress: RunProgress | null, results: LineResult[] | null): string {
  if (progress?.phase === 'checking') return `Checked ${progress.done.toLocaleString('en-US')} of ${progress.total.toLocaleString('en-US')} SKUs`;
  if (progress?.phase === 'adding') return `Added ${progress.done.toLocaleString('en-US')} of ${progress.total.toLocaleString('en-US')} lines`;
  if (results) return summary(results);
  return '';
}

function summary(results: LineResult[]): string {
  const added = results.filter((r) => r.outcome === 'added').length;
  const rest = results.length - added;
  const of = `${added.toLocaleString('en-US')} of ${results.length.toLocaleString('en-US')} ${results.length === 1 ? 'line' : 'lines'} added to your cart.`;
  return rest === 0 ? of : `${of} ${rest.toLocaleString('en-US')} not added: see below.`;
}

interface LineRowProps {
  row: Row;
  idBase: string;
  showErrors: boolean;
  disabled: boolean;
  onChange: (key: number, field: 'sku' | 'quantity', value: string) => void;
  onRemove: (key: number) => void;
  onPaste: (key: number, text: string) => boolean;
}

/** One editable line; memoised so that typing in one line of a 2,000-line order renders that line only. */
const LineRow = memo(function LineRow({ row, idBase, showErrors, disabled, onChange, onRemove, onPaste }: LineRowProps) {
  const problem = showErrors && !isBlank(row) ? checkLine(row.line, row.sku, row.quantity).error : null;
  const skuProblem = problem !== null && !problem.startsWith('Quantity');
  const errorId = `${idBase}-error`;
  const onSkuPaste = (e: ClipboardEvent<HTMLInputElement>) => {
    if (onPaste(row.key, e.clipboardData.getData('text'))) e.preventDefault();
  };
  return (
    <tr className={problem ? 'sf-quick-order__line sf-quick-order__line--invalid' : 'sf-quick-order__line'}>
      <th scope="row">{row.line}</th>
      <td>
        <label className="visually-hidden" htmlFor={`${idBase}-sku`}>{`SKU, line ${row.line}`}</label>
        <input
          id={`${idBase}-sku`}
          value={row.sku}
          onChange={(e) => onChange(row.key, 'sku', e.target.value)}
          onPaste={onSkuPaste}
          disabled={disabled}
          autoComplete="off"
          spellCheck={false}
          aria-invalid={skuProblem || undefined}
          aria-describedby={problem ? errorId : undefined}
        />
        {problem ? (
          <p id={errorId} className="sf-field-error">
            {problem}
          </p>
        ) : null}
      </td>
      <td>
        <label className="visually-hidden" htmlFor={`${idBase}-qty`}>{`Quantity, line ${row.line}`}</label>
        <input
          id={`${idBase}-qty`}
          value={row.quantity}
          inputMode="numeric"
          placeholder="1"
          onChange={(e) => onChange(row.key, 'quantity', e.target.value)}
          disabled={disabled}
          autoComplete="off"
          aria-invalid={(problem !== null && !skuProblem) || undefined}
          aria-describedby={problem ? errorId : undefined}
        />
      </td>
      <td>
        <button type="button" className="sf-quick-order__remove" onClick={() => onRemove(row.key)} disabled={disabled} aria-label={`Remove line ${row.line}`}>
          <span aria-hidden="true">×</span>
        </button>
      </td>
    </tr>
  );
});

const OUTCOME_CLASS: Record<LineResult['outcome'], string> = {
  added: 'sf-quick-order__status--added',
  unknown: 'sf-quick-order__status--problem',
  notSent: 'sf-quick-order__status--problem',
  failed: 'sf-quick-order__status--problem',
};

function Results({ results, short, headingRef }: { results: LineResult[]; short: Shortfall[]; headingRef: RefObject<HTMLHeadingElement | null> }) {
  const stock = shortfallMessage(short);
  const problems = results.filter((r) => r.outcome !== 'added').length;
  return (
    <section className="sf-quick-order__results" aria-labelledby="quick-order-results">
      <h2 id="quick-order-results" ref={headingRef} tabIndex={-1}>
        Results
      </h2>
      <p>
        {summary(results)}{' '}
        <Link to="/cart">View cart</Link>
      </p>
      {stock ? <p className="sf-quick-order__stock">{stock}</p> : null}
      {problems > 0 ? <p className="sf-quick-order__hint">Lines not added are listed first.</p> : null}
      <table className="sf-quick-order__result-table">
        <caption className="visually-hidden">Result per line</caption>
        <thead>
          <tr>
            <th scope="col">Line</th>
            <th scope="col">SKU</th>
            <th scope="col">Quantity</th>
            <th scope="col">Status</th>
          </tr>
        </thead>
        <tbody>
          {[...results]
            .sort((a, b) => Number(a.outcome === 'added') - Number(b.outcome === 'added') || a.line - b.line)
            .map((r, i) => (
              <tr key={`${r.line}-${i}`} data-outcome={r.outcome}>
                <th scope="row">{r.line}</th>
                <td>{r.sku || '—'}</td>
                <td>{r.quantityText || (r.outcome === 'notSent' ? '—' : '1')}</td>
                <td className={OUTCOME_CLASS[r.outcome]}>
                  {r.outcome === 'notSent' ? `Not sent: ${r.message}` : r.message}
                  {r.together.length > 0 ? ` (together with ${r.together.length === 1 ? 'line' : 'lines'} ${r.together.join(', ')})` : ''}
                </td>
              </tr>
            ))}
        </tbody>
      </table>
    </section>
  );
}
