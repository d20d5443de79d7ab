import { Link } from 'react-router';
import { pagerItems } from './searchState';

export interface PaginationProps {
  /** The page shown (1-based). */
  page: number;
  pages: number;
  /** The query string of a page (without '?'): what else the URL keeps, such as refinements and sort. */
  searchFor: (page: number) => string;
}

/** Links to the pages of a list (search results, cart lines); the page lives in the URL. */
export function Pagination({ page, pages, searchFor }: PaginationProps) {
  if (pages <= 1) return null;
  const current = Math.min(page, pages);
  const to = (p: number) => {
    const search = searchFor(p);
    return { search: search ? `?${search}` : '' };
  };
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
