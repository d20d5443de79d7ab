import { Link } from 'react-router';
import { useCategoryChildren, useProductSearch } from '../data/catalogHooks';
import { mediaUrl } from '../data/cms';
import type { ProductCategorySummary } from '../data/catalog';
import { useSession, useSite } from '../data/hooks';
import { FlexibleLayout } from '../components/layout/FlexibleLayout';
import { Grid } from '../components/layout/Grid';
import { ResponsivePicture } from '../components/layout/ResponsivePicture';
import { Section } from '../components/layout/Section';
import { Spacer } from '../components/layout/Spacer';
import { optimisedImageUrl } from '../components/layout/images';
import { categoryPath } from '../lib/links';
import { useCatalogAccess } from './guest';
import { ProductCard, ProductCardSkeleton } from './catalog/ProductCard';
import { ErrorState } from './catalog/Status';
import { FEATURED_CATEGORIES, FEATURED_PRODUCTS, HOME_BANNER, VALUES, VALUE_SECTION_CONFIG } from './homeConfig';
import { usePageTitle } from './usePageTitle';
import './catalog/catalog.css';

/** The home banner: the headline as text over the CMS image (served by the media path of its content key). */
function Banner() {
  return (
    <Section className="sf-home-banner" label="Featured">
      <div className="sf-hero">
        {/* Decorative: the headline says what the banner says. */}
        <ResponsivePicture className="sf-hero__picture" src={mediaUrl(HOME_BANNER.contentKey)} alt="" loading="eager" width={1920} height={480} />
        <div className="sf-hero__text">
          <h2 className="sf-hero__title">{HOME_BANNER.title}</h2>
          <p className="sf-hero__tagline">{HOME_BANNER.text}</p>
        </div>
      </div>
    </Section>
  );
}

/** One category: its tile image comes with the children answer, so the tiles cost no call of their own. */
function CategoryTile({ category }: { category: ProductCategorySummary }) {
  const img = optimisedImageUrl(category.tileImage?.url ?? null, 400);
  const name = category.fields.Name ?? '';
  const count = Number(category.fields.NumberOfProducts);
  return (
    <li className="sf-category-tile">
      <Link to={categoryPath(category.id, category.urlName, name)}>
        <span className="sf-category-tile__image" aria-hidden="true">
          {img ? <img src={img} alt="" loading="lazy" width={200} height={200} /> : null}
        </span>
        <span className="sf-category-tile__name">{name}</span>
        {Number.isFinite(count) && count > 0 ? <span className="sf-category-tile__count">{count} products</span> : null}
      </Link>
    </li>
  );
}

function FeaturedCategories({ categories, isPending, error, retry }: { categories: ProductCategorySummary[]; isPending: boolean; error: unknown; retry: () => void }) {
  return (
    <section className="sf-home-section" aria-labelledby="home-categories">
      <div className="sf-home-section__header">
        <h2 id="home-categories">Shop by category</h2>
      </div>
      {error ? (
        <ErrorState title="We couldn't load the categories." error={error} onRetry={retry} />
      ) : isPending ? (
        <p role="status">Loading categories…</p>
      ) : (
        <Grid as="ul" columns={4} columnsTablet={4} columnsMobile={2} className="sf-category-grid">
          {categories.slice(0, FEATURED_CATEGORIES).map((c) => (
            <CategoryTile key={c.id} category={c} />
          ))}
        </Grid>
      )}
    </section>
  );
}

function FeaturedProducts({ category }: { category: ProductCategorySummary | undefined }) {
  const search = useProductSearch(category ? { categoryId: category.id, pageSize: FEATURED_PRODUCTS, includePrices: true, includeQuantityRule: true } : null);
  const name = category?.fields.Name ?? '';
  return (
    <section className="sf-home-section" aria-labelledby="home-products" aria-busy={search.isPending}>
      <div className="sf-home-section__header">
        <h2 id="home-products">Featured products{name ? <span className="sf-home-section__sub"> in {name}</span> : null}</h2>
        {category ? (
          <Link to={categoryPath(category.id, category.urlName, name)} className="sf-home-section__more">
            View all<span className="visually-hidden"> {name} products</span>
          </Link>
        ) : null}
      </div>
      {search.isError ? (
        <ErrorState title="We couldn't load the featured products." error={search.error} onRetry={() => void search.refetch()} />
      ) : (
        <Grid as="ul" columns={4} className="sf-product-grid">
          {search.data
            ? search.data.products.map((p) => <ProductCard key={p.id} product={p} currency={search.data.currencyIsoCode} />)
            : Array.from({ length: 4 }, (_, i) => <ProductCardSkeleton key={i} />)}
        </Grid>
      )}
    </section>
  );
}

/** The home page: the CMS banner, the store's promises, featured categories and featured products. */
export function HomePage() {
  usePageTitle(null);
  const storeName = useSite().data?.storeName || 'Storefront';
  const access = useCatalogAccess();
  const browse = access === 'allowed';
  const categories = useCategoryChildren(null, browse);
  const top = categories.data ?? [];
  const signedIn = useSession().data?.guestUser === false;
  return (
    <FlexibleLayout className="sf-home">
      <h1 className="visually-hidden">{storeName}</h1>
      <Banner />
      <Section configuration={VALUE_SECTION_CONFIG} className="sf-home-values" layoutDirectionTablet="row" layoutDirectionMobile="column"
        columns={(c) => (
          <div className="sf-value">
            <h2 className="sf-value__title">{VALUES[c.columnKey]?.title ?? c.columnName}</h2>
            <p>{(signedIn && VALUES[c.columnKey]?.signedIn) || VALUES[c.columnKey]?.text}</p>
          </div>
        )}
      />
      <Spacer size="medium" />
      {access === 'denied' ? (
        <section className="sf-home-section sf-home-login" aria-labelledby="home-login">
          <h2 id="home-login">Log in to browse the catalog</h2>
          <p>This store shows its products and prices to signed-in buyers.</p>
          <Link className="sf-button sf-button--primary" to="/login">
            Log in
          </Link>
        </section>
      ) : (
        <>
          <FeaturedCategories categories={top} isPending={!categories.data && !categories.isError} error={categories.isError ? categories.error : null} retry={() => void categories.refetch()} />
          {categories.isError ? null : (
            <>
              <Spacer size="large" />
              <FeaturedProducts category={top[0]} />
            </>
          )}
        </>
      )}
    </FlexibleLayout>
  );
}
