import { useMemo } from 'react';
import { Link, useParams } from 'react-router';
import { useCategory, useCategoryChildren, useCategoryPath } from '../data/catalogHooks';
import { categoryPath } from '../lib/links';
import { CatalogGuard, useLoginOn401 } from './guest';
import { Breadcrumbs, type Crumb } from './catalog/Breadcrumbs';
import { SearchResults } from './catalog/SearchResults';
import { ErrorState, NotFound, PageStatus, isNotFound } from './catalog/Status';
import { usePageTitle } from './usePageTitle';
import { useSeoHead } from './useSeoHead';
import './catalog/catalog.css';

function CategoryContent({ categoryId }: { categoryId: string }) {
  const path = useCategoryPath(categoryId);
  const category = useCategory(categoryId);
  const children = useCategoryChildren(categoryId);
  useLoginOn401(path.error, category.error);
  const current = path.data?.[path.data.length - 1];
  const name = current?.name ?? category.data?.fields.Name ?? '';
  const seo = useSeoHead(categoryId, category.data?.fields);
  usePageTitle(seo.title ? undefined : name || null);
  const base = useMemo(() => ({ categoryId }), [categoryId]);

  if (isNotFound(path.error) || isNotFound(category.error)) {
    return <NotFound title="Category not found" message="This category doesn't exist or isn't available to your account." />;
  }
  if (path.isError && !path.data) {
    return <ErrorState title="We couldn't load this category." error={path.error} onRetry={() => void path.refetch()} retrying={path.isFetching} />;
  }
  if (!path.data) return <PageStatus>Loading category…</PageStatus>;

  const crumbs: Crumb[] = [{ label: 'Home', to: '/' }, ...path.data.map((c) => ({ label: c.name, to: categoryPath(c.id, c.urlName, c.name) }))];
  const description = category.data?.fields.Description ?? current?.description ?? null;
  const subcategories = children.data ?? [];

  return (
    <div className="sf-page sf-category-page">
      <Breadcrumbs items={crumbs} />
      <div className="sf-page__header">
        <h1>{name}</h1>
        {description ? <p className="sf-page__intro">{description}</p> : null}
      </div>
      {subcategories.length > 0 ? (
        <nav className="sf-subcategories" aria-label="Subcategories">
          <ul>
            {subcategories.map((c) => (
              <li key={c.id}>
                <Link to={categoryPath(c.id, c.urlName, c.fields.Name)} className="sf-pill">
                  {c.fields.Name}
                  {c.fields.NumberOfProducts ? <span className="sf-pill__count">{c.fields.NumberOfProducts}</span> : null}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      ) : null}
      <SearchResults
        key={categoryId}
        base={base}
        emptyLabel={`in ${name}`}
      />
    </div>
  );
}

/** /category/{urlName}/{categoryId}: the category's products, breadcrumb and subcategories. */
export function CategoryPage() {
  const { categoryId = '' } = useParams();
  return (
    <CatalogGuard>
      <CategoryContent key={categoryId} categoryId={categoryId} />
    </CatalogGuard>
  );
}
