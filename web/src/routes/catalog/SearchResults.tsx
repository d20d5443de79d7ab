import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useProductSearch, useSortRules } from '../../data/catalogHooks';
import { sortRuleLabel, type ProductSearchInput, type SearchFacet } from '../../data/search';
import { Grid } from '../../components/layout/Grid';
import { useLoginOn401 } from '../guest';
import { ActiveRefinements, Facets } from './Facets';
import { Pagination } from './Pagination';
import { ProductCard, ProductCardSkeleton } from './ProductCard';
import { ErrorState } from './Status';
import {
  clearRefinements,
  pageCount,
  parseSearchState,
  searchStateParams,
  toggleRefinement,
  withPage,
  withSort,
  type SearchState,
} from './searchState';

export const RESULTS_PAGE_SIZE = 20;

export interface SearchResultsProps {
  /** What is searched: a term, a category, or both. */
  base: Pick<ProductSearchInput, 'searchTerm' | 'categoryId'>;
  /** What the empty state says nothing was found for. */
  emptyLabel: string;
}

function countText(total: number): string {
  return `${total.toLocaleString('en-US')} ${total === 1 ? 'result' : 'results'}`;
}

/**
 * A product search with its facets, sort, pagination and states; the
 * refinements, sort and page live in the URL (pushed as history entries).
 */
export function SearchResults({ base, emptyLabel }: SearchResultsProps) {
  const [params, setParams] = useSearchParams();
  const state = useMemo(() => parseSearchState(params), [params]);
  const input = useMemo<ProductSearchInput>(
    () => ({
      ...base,
      refinements: state.refinements,
      sortRuleId: state.sortRuleId ?? undefined,
      page: state.page - 1,
      pageSize: RESULTS_PAGE_SIZE,
      includePrices: true,
    }),
    [base, state],
  );
  const search = useProductSearch(input);
  const sortRules = useSortRules();
  useLoginOn401(search.error);
  const [filtersOpen, setFiltersOpen] = useState(false);
  const ids = useId();
  const top = useRef<HTMLDivElement>(null);
  const results = search.data;

  // A new page starts at the top of the results.
  const firstPage = useRef(state.page);
  useEffect(() => {
    const el = top.current;
    if (state.page !== firstPage.current && el && typeof el.scrollIntoView === 'function') el.scrollIntoView({ block: 'start' });
    firstPage.current = state.page;
  }, [state.page]);

  // The router applies a URL change in a transition; until it lands, the controls show the state asked for, so
  // a ticked checkbox or a chosen sort answers at once.
  const [asked, setAsked] = useState<SearchState | null>(null);
  useEffect(() => setAsked(null), [params]);
  const shown = asked ?? state;
  const go = (next: SearchState) => {
    setAsked(next);
    setParams(searchStateParams(next));
  };
  const onToggle = (facet: SearchFacet, value: string, on: boolean) => go(toggleRefinement(shown, facet.attributeType, facet.nameOrId, value, on));

  if (search.isError && !results) {
    return <ErrorState title="We couldn't load the products." error={search.error} onRetry={() => void search.refetch()} retrying={search.isFetching} />;
  }

  const updating = search.isFetching && search.isPlaceholderData;
  const facets = results?.facets ?? [];
  const filterCount = shown.refinements.reduce((n, r) => n + r.values.length, 0);
  const pages = results ? pageCount(results.total, results.pageSize) : 1;

  return (
    <div className="sf-results" ref={top}>
      <div className="sf-results__toolbar">
        <p className="sf-results__count" role="status" aria-live="polite">
          {results ? countText(results.total) : 'Loading products…'}
        </p>
        <button
          type="button"
          className="sf-button sf-button--secondary sf-results__filters-toggle"
          aria-expanded={filtersOpen}
          aria-controls={`${ids}-filters`}
          onClick={() => setFiltersOpen((o) => !o)}
        >
          Filters{filterCount > 0 ? ` (${filterCount})` : ''}
        </button>
        {sortRules.data && sortRules.data.length > 0 ? (
          <div className="sf-results__sort">
            <label htmlFor={`${ids}-sort`}>Sort by</label>
            <select
              id={`${ids}-sort`}
              value={shown.sortRuleId ?? sortRules.data[0].sortRuleId}
              onChange={(e) => go(withSort(shown, e.target.value === sortRules.data[0].sortRuleId ? null : e.target.value))}
            >
              {sortRules.data.map((r) => (
                <option key={r.sortRuleId} value={r.sortRuleId}>
                  {sortRuleLabel(r)}
                </option>
              ))}
            </select>
          </div>
        ) : null}
      </div>
      <div className="sf-results__layout">
        <aside
          id={`${ids}-filters`}
          className={`sf-results__filters${filtersOpen ? ' is-open' : ''}`}
          aria-labelledby={`${ids}-filters-title`}
        >
          <h2 id={`${ids}-filters-title`} className="sf-results__filters-title">
            Filters
          </h2>
          <Facets facets={facets} state={shown} onToggle={onToggle} />
        </aside>
        <section className="sf-results__main" aria-labelledby={`${ids}-products-title`} aria-busy={!results || updating}>
          <h2 id={`${ids}-products-title`} className="visually-hidden">
            Products
          </h2>
          <ActiveRefinements
            facets={facets}
            state={shown}
            onRemove={(t, n, v) => go(toggleRefinement(shown, t, n, v, false))}
            onClear={() => go(clearRefinements(shown))}
          />
          {search.isError ? (
            <ErrorState title="We couldn't update the products." error={search.error} onRetry={() => void search.refetch()} retrying={search.isFetching} />
          ) : null}
          {!results ? (
            <Grid as="ul" columns={4} className="sf-product-grid">
              {Array.from({ length: 8 }, (_, i) => (
                <ProductCardSkeleton key={i} />
              ))}
            </Grid>
          ) : results.products.length === 0 && results.total > 0 && state.page > pages ? (
            // A page number past the end (an old link, an edited URL): there are results, just not on this page.
            <div className="sf-empty">
              <p className="sf-empty__title">
                Page {state.page} is past the last page ({pages}).
              </p>
              <p>
                <Link to={{ search: `?${searchStateParams(withPage(state, pages)).toString()}` }}>Go to the last page</Link>
              </p>
            </div>
          ) : results.products.length === 0 ? (
            <div className="sf-empty">
              <p className="sf-empty__title">No products found for {emptyLabel}.</p>
              {filterCount > 0 ? (
                <p>
                  Try removing some filters.{' '}
                  <button type="button" className="sf-link-button" onClick={() => go(clearRefinements(shown))}>
                    Clear all filters
                  </button>
                </p>
              ) : (
                <p>Check the spelling, try a more general word, or browse the categories.</p>
              )}
            </div>
          ) : (
            <>
              <Grid as="ul" columns={4} className={`sf-product-grid${updating ? ' is-updating' : ''}`}>
                {results.products.map((p) => (
                  <ProductCard key={p.id} product={p} currency={results.currencyIsoCode} />
                ))}
              </Grid>
              <Pagination state={state} pages={pages} />
            </>
          )}
        </section>
      </div>
    </div>
  );
}
