import { useMemo } from 'react';
import { Link, useParams } from 'react-router';
import { isValidSearchText } from '../lib/validate';
import { CatalogGuard } from './guest';
import { Breadcrumbs } from './catalog/Breadcrumbs';
import { SearchResults } from './catalog/SearchResults';
import { usePageTitle } from './usePageTitle';
import './catalog/catalog.css';

/** /global-search/{term}: the products matching the term, with facets, sort and pages. */
export function SearchPage() {
  const { term: raw = '' } = useParams();
  const term = raw.trim();
  const valid = isValidSearchText(term);
  usePageTitle(valid ? `Search results for “${term}”` : 'Search');
  const base = useMemo(() => ({ searchTerm: term }), [term]);
  return (
    <CatalogGuard>
      <div className="sf-page sf-search-page">
        <Breadcrumbs items={[{ label: 'Home', to: '/' }, { label: 'Search results' }]} />
        <div className="sf-page__header">
          <h1>{valid ? <>Results for “{term}”</> : 'Search'}</h1>
        </div>
        {valid ? (
          <SearchResults key={term} base={base} emptyLabel={`“${term}”`} />
        ) : (
          <div className="sf-empty">
            <p className="sf-empty__title">Enter a product name, SKU or keyword in the search box.</p>
            <p>
              Or <Link to="/">browse the categories</Link>.
            </p>
          </div>
        )}
      </div>
    </CatalogGuard>
  );
}
