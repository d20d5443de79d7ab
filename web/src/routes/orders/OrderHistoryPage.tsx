import { useId, useRef, useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useOrderSummaries } from '../../data/orderHooks';
import { dateRangeError, orderDateRange, orderStatusLabel, type OrderSortOrder } from '../../data/orders';
import { formatPrice } from '../../lib/price';
import { BuyerOnly } from '../account/BuyerOnly';
import { ErrorState, PageStatus } from '../catalog/Status';
import { useLoginOn401 } from '../guest';
import { usePageTitle } from '../usePageTitle';
import { formatDay, orderDate } from './orderText';
import '../catalog/catalog.css';
import './orders.css';

/** The filter lives in the URL (from, to, sort), so a filtered list can be reloaded, shared and gone back to. */
interface Filter {
  from: string;
  to: string;
  oldestFirst: boolean;
}

function filterFrom(params: URLSearchParams): Filter {
  const day = (name: string) => {
    const v = params.get(name)?.trim() ?? '';
    return /^\d{4}-\d{2}-\d{2}$/.test(v) ? v : '';
  };
  let from = day('from');
  let to = day('to');
  // A range typed into the address bar the wrong way round is read the right way round.
  if (from && to && from > to) [from, to] = [to, from];
  return { from, to, oldestFirst: params.get('sort') === 'oldest' };
}

function paramsOf(f: Filter): Record<string, string> {
  const out: Record<string, string> = {};
  if (f.from) out.from = f.from;
  if (f.to) out.to = f.to;
  if (f.oldestFirst) out.sort = 'oldest';
  return out;
}

function rangeText(f: Filter): string {
  if (f.from && f.to) return `between ${formatDay(f.from)} and ${formatDay(f.to)}`;
  if (f.from) return `from ${formatDay(f.from)}`;
  return `up to ${formatDay(f.to)}`;
}

function ordersText(n: number): string {
  return `${n.toLocaleString('en-US')} ${n === 1 ? 'order' : 'orders'}`;
}

/** {basePath}/orders: the buyer's orders, newest first, with a date filter and more a page at a time. */
export function OrderHistoryPage() {
  usePageTitle('Order history');
  return <BuyerOnly staffNote={{ title: 'Order history', what: 'orders' }}>{() => <OrderHistory />}</BuyerOnly>;
}

function OrderHistory() {
  const [params, setParams] = useSearchParams();
  const filter = filterFrom(params);
  const sortOrder: OrderSortOrder = filter.oldestFirst ? 'OrderedDateAsc' : 'OrderedDateDesc';
  const list = useOrderSummaries({ ...orderDateRange(filter.from, filter.to), sortOrder });
  useLoginOn401(list.error);
  const filtered = filter.from !== '' || filter.to !== '';
  const apply = (f: Filter) => setParams(paramsOf(f), { replace: false });
  const orders = list.data?.orders ?? [];
  const count = list.data?.count ?? 0;

  return (
    <section className="sf-page sf-orders" aria-labelledby="orders-title">
      <div className="sf-page__header">
        <p className="sf-orders__back">
          <Link to="/my-account">My Account</Link>
        </p>
        <h1 id="orders-title">Order history</h1>
      </div>
      {/* The key resets the inputs when the URL's filter changes (back, forward, Clear). */}
      <div className="sf-orders__toolbar">
        <OrderFilter key={`${filter.from}|${filter.to}`} filter={filter} onApply={apply} />
        <SortChoice oldestFirst={filter.oldestFirst} onChange={(oldestFirst) => apply({ ...filter, oldestFirst })} />
      </div>
      {/* Says what a filter (or Show more) found; an empty result is said here and shown in the empty state below. */}
      <p className={`sf-orders__count${count === 0 ? ' visually-hidden' : ''}`} role="status" aria-live="polite">
        {!list.isSuccess ? '' : count > 0 ? `Showing ${orders.length.toLocaleString('en-US')} of ${ordersText(count)}` : filtered ? `No orders ${rangeText(filter)}.` : ''}
      </p>
      {list.isPending ? (
        <PageStatus>Loading your orders…</PageStatus>
      ) : list.isError ? (
        <ErrorState title="Your orders could not be loaded." error={list.error} onRetry={() => void list.refetch()} retrying={list.isFetching} />
      ) : orders.length === 0 ? (
        filtered ? (
          <div className="sf-empty">
            <p className="sf-empty__title">No orders {rangeText(filter)}</p>
            <p>
              <button type="button" className="sf-link-button" onClick={() => apply({ ...filter, from: '', to: '' })}>
                Show all orders
              </button>
            </p>
          </div>
        ) : (
          <div className="sf-empty">
            <p className="sf-empty__title">You haven't placed any orders yet</p>
            <p>
              <Link to="/">Start shopping</Link>
            </p>
          </div>
        )
      ) : (
        <>
          <table className="sf-orders__table">
            <caption className="visually-hidden">Your orders{filtered ? `, ${rangeText(filter)}` : ''}</caption>
            <thead>
              <tr>
                <th scope="col">Order number</th>
                <th scope="col">Date ordered</th>
                <th scope="col">Status</th>
                <th scope="col" className="sf-orders__amount">
                  Total
                </th>
              </tr>
            </thead>
            <tbody>
              {orders.map((o) => (
                <tr key={o.orderSummaryId}>
                  <th scope="row" data-label="Order number">
                    <Link to={`/orders/${encodeURIComponent(o.orderSummaryId)}`}>{o.orderNumber}</Link>
                  </th>
                  <td data-label="Date ordered">{orderDate(o)}</td>
                  <td data-label="Status">{orderStatusLabel(o.status)}</td>
                  <td data-label="Total" className="sf-orders__amount">
                    {formatPrice(o.grandTotalAmount || o.totalAmount, o.currencyIsoCode || 'USD')}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          {list.hasNextPage ? (
            <button type="button" className="sf-button sf-button--secondary sf-orders__more" onClick={() => void list.fetchNextPage()} disabled={list.isFetchingNextPage}>
              {list.isFetchingNextPage ? 'Loading…' : 'Show more orders'}
            </button>
          ) : null}
          {list.isFetchNextPageError ? (
            <p className="form-error" role="alert">
              More orders could not be loaded. Please try again.
            </p>
          ) : null}
        </>
      )}
    </section>
  );
}

/** The From and To days; Apply checks that From is not after To before the list changes. */
function OrderFilter({ filter, onApply }: { filter: Filter; onApply: (f: Filter) => void }) {
  const [from, setFrom] = useState(filter.from);
  const [to, setTo] = useState(filter.to);
  const [error, setError] = useState<string | null>(null);
  const fromInput = useRef<HTMLInputElement>(null);
  const errorId = useId();

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const problem = dateRangeError(from, to);
    setError(problem);
    if (problem) {
      fromInput.current?.focus();
      return;
    }
    onApply({ ...filter, from, to });
  };
  const invalid = error !== null;
  return (
    <form className="sf-orders__filter" onSubmit={submit} noValidate aria-label="Filter orders by date">
      <div className="sf-orders__field">
        <label htmlFor="orders-from">From</label>
        <input
          id="orders-from"
          ref={fromInput}
          type="date"
          value={from}
          onChange={(e) => setFrom(e.target.value)}
          aria-invalid={invalid || undefined}
          aria-describedby={invalid ? errorId : undefined}
        />
      </div>
      <div className="sf-orders__field">
        <label htmlFor="orders-to">To</label>
        <input
          id="orders-to"
          type="date"
          value={to}
          onChange={(e) => setTo(e.target.value)}
          aria-invalid={invalid || undefined}
          aria-describedby={invalid ? errorId : undefined}
        />
      </div>
      <div className="sf-orders__filter-actions">
        <button type="submit" className="sf-button">
          Apply dates
        </button>
        {filter.from || filter.to ? (
          <button type="button" className="sf-button sf-button--secondary" onClick={() => onApply({ ...filter, from: '', to: '' })}>
            Clear dates
          </button>
        ) : null}
      </div>
      {error ? (
        <p id={errorId} className="form-error sf-orders__filter-error" role="alert">
          {error}
        </p>
      ) : null}
    </form>
  );
}

/** Newest or oldest first: applies at once (the list is sorted again; nothing else on the page changes). */
function SortChoice({ oldestFirst, onChange }: { oldestFirst: boolean; onChange: (oldestFirst: boolean) => void }) {
  return (
    <div className="sf-orders__sort">
      <label htmlFor="orders-sort">Sort by</label>
      <select id="orders-sort" value={oldestFirst ? 'oldest' : 'newest'} onChange={(e) => onChange(e.target.value === 'oldest')}>
        <option value="newest">Newest first</option>
        <option value="oldest">Oldest first</option>
      </select>
    </div>
  );
}
