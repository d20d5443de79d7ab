import { Link } from 'react-router';
import { pagerItems, searchStateParams, withPage, type SearchState } from './searchState';

/** Links to the pages of a result, keeping the refinements and sort in the URL. */
export function Pagination({ state, pages }: { state: SearchState; pages: number }) {
  if (pages <= 1) return null;
  const current = Math.min(state.page, pages);
  const to = (p: number) => ({ search: `?${searchStateParams(withPage(state, p)).toString()}` });
  return (
    <nav className="sf-pagination" aria-label="Pagination">
      <ul>
        <li>
          {current > 1 ? (
            <Link to={to(current - 1)} className="sf-pagination__step">
              <span aria-hidden="true">‹ </span>Previous
            </Link>
          ) : (
            <span className="sf-pagination__step" aria-disabled="true">
              <span aria-hidden="true">‹ </span>Previous
            </span>
          )}
        </li>
        {pagerItems(current, pages).map((p, i) =>
          p === null ? (
            <li key={`gap-${i}`} className="sf-pagination__gap" aria-hidden="true">
              …
            </li>
          ) : (
            <li key={p}>
              <Link to={to(p)} aria-current={p === current ? 'page' : undefined} aria-label={`Page ${p}`} className="sf-pagination__page">
                {p}
              </Link>
            </li>
          ),
        )}
        <li>
          {current < pages ? (
            <Link to={to(current + 1)} className="sf-pagination__step">
              Next<span aria-hidden="true"> ›</span>
            </Link>
          ) : (
            <span className="sf-pagination__step" aria-disabled="true">
              Next<span aria-hidden="true"> ›</span>
            </span>
          )}
        </li>
      </ul>
    </nav>
  );
}
