import { useId, useMemo, useState } from 'react';
import { useParams } from 'react-router';
import { useProduct, useProductAvailability, useProductPrice } from '../data/catalogHooks';
import { mediaAlt, type ProductDetail, type ProductMedia, type ProductPrice, type PriceAdjustmentTier } from '../data/catalog';
import { useSession } from '../data/hooks';
import { ResponsivePicture } from '../components/layout/ResponsivePicture';
import { optimisedImageUrl } from '../components/layout/images';
import { categoryPath } from '../lib/links';
import { formatPrice } from '../lib/price';
import { normaliseQuantityRule } from '../lib/quantity';
import { CatalogGuard, useLoginOn401 } from './guest';
import { Breadcrumbs, type Crumb } from './catalog/Breadcrumbs';
import { Price } from './catalog/Price';
import { PurchaseBox } from './catalog/PurchaseBox';
import { ErrorState, NotFound, PageStatus, isNotFound } from './catalog/Status';
import { usePageTitle } from './usePageTitle';
import { useSeoHead } from './useSeoHead';
import './catalog/catalog.css';

/** The product's images: its detail images, else its default image. */
function productImages(p: ProductDetail): ProductMedia[] {
  const detail = p.mediaGroups?.find((g) => g.developerName === 'productDetailImage' || g.usageType === 'Standard');
  const items = (detail?.mediaItems ?? []).filter((m) => m.url);
  if (items.length > 0) return items;
  return p.defaultImage?.url ? [p.defaultImage] : [];
}

function Gallery({ images, name }: { images: ProductMedia[]; name: string }) {
  const [selected, setSelected] = useState(0);
  const current = images[Math.min(selected, images.length - 1)];
  return (
    <div className="sf-gallery">
      <div className="sf-gallery__main">
        <ResponsivePicture src={current?.url} alt={current ? mediaAlt(current) || name : name} loading="eager" width={600} height={600} />
      </div>
      {images.length > 1 ? (
        <ul className="sf-gallery__thumbs" aria-label="Product images">
          {images.map((m, i) => (
            <li key={m.id ?? i}>
              <button type="button" aria-pressed={i === selected} onClick={() => setSelected(i)} aria-label={`Show image ${i + 1} of ${images.length}`}>
                <img src={optimisedImageUrl(m.url, 100) ?? ''} alt="" width={64} height={64} />
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}

function tierDiscount(t: PriceAdjustmentTier, currency: string): string {
  const v = t.adjustmentValue ?? '';
  if (t.adjustmentType === 'PercentageBasedAdjustment') return `${v.replace(/\.0+$/, '').replace(/(\.\d*?)0+$/, '$1')}% off`;
  if (t.adjustmentType === 'AmountBasedAdjustment') return `${formatPrice(v, currency)} off each`;
  return '';
}

function VolumeTiers({ price }: { price: ProductPrice }) {
  const id = useId();
  const tiers = price.priceAdjustment?.priceAdjustmentTiers ?? [];
  if (tiers.length === 0) return null;
  const currency = price.currencyIsoCode ?? 'USD';
  return (
    <section className="sf-tiers" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="sf-section-title">
        Volume pricing
      </h2>
      <table className="sf-table">
        <thead>
          <tr>
            <th scope="col">Quantity</th>
            <th scope="col">Price per unit</th>
            <th scope="col">Discount</th>
          </tr>
        </thead>
        <tbody>
          {tiers.map((t, i) => (
            <tr key={t.id ?? i}>
              <th scope="row">{t.upperBound ? `${t.lowerBound}–${t.upperBound}` : `${t.lowerBound}+`}</th>
              <td>{formatPrice(t.tierUnitPrice, currency)}</td>
              <td>{tierDiscount(t, currency)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}

function Availability({ productId }: { productId: string }) {
  const a = useProductAvailability(productId);
  if (a.isPending) return <p className="sf-stock sf-stock--checking">Checking availability…</p>;
  if (a.isError || !a.data) return <p className="sf-stock sf-stock--unknown">Availability unavailable</p>;
  const n = a.data.availableToOrder;
  if (!a.data.inStock) return <p className="sf-stock sf-stock--out">Out of stock</p>;
  if (a.data.lowStock) return <p className="sf-stock sf-stock--low">Low stock{n ? `: only ${n} left` : ''}</p>;
  return <p className="sf-stock sf-stock--in">In stock{n ? ` (${Number(n).toLocaleString('en-US')} available)` : ''}</p>;
}

function ProductPrice({ productId, guest }: { productId: string; guest: boolean }) {
  const price = useProductPrice(productId);
  useLoginOn401(price.error);
  if (price.isPending) return <p className="sf-price sf-price--large sf-price--loading">Loading price…</p>;
  if (price.isError || !price.data) {
    return <p className="sf-price sf-price--large sf-price--none">{isNotFound(price.error) ? 'Price not available' : "We couldn't load the price."}</p>;
  }
  return (
    <div className="sf-product__pricing">
      <p className="sf-product__price-label">{guest ? 'Price' : 'Your price'}</p>
      <Price unit={price.data.unitPrice} list={price.data.listPrice} currency={price.data.currencyIsoCode} size="large" showSavings label={guest ? 'Price' : 'Your price'} />
      {guest ? <p className="sf-product__price-hint">Log in to see your account&rsquo;s contract price.</p> : null}
      <VolumeTiers price={price.data} />
    </div>
  );
}

function ProductContent({ productId }: { productId: string }) {
  const product = useProduct(productId);
  const session = useSession();
  useLoginOn401(product.error);
  const p = product.data;
  const name = p?.fields.Name ?? '';
  const seo = useSeoHead(p ? productId : null, p?.fields);
  usePageTitle(seo.title ? undefined : name || null);
  const rule = useMemo(() => normaliseQuantityRule(p?.purchaseQuantityRule), [p?.purchaseQuantityRule]);

  if (isNotFound(product.error)) {
    return <NotFound title="Product not found" message="This product doesn't exist or isn't available to your account." />;
  }
  if (product.isError && !p) {
    return <ErrorState title="We couldn't load this product." error={product.error} onRetry={() => void product.refetch()} retrying={product.isFetching} />;
  }
  if (!p) return <PageStatus>Loading product…</PageStatus>;

  const f = p.fields;
  const path = p.primaryProductCategoryPath?.path ?? [];
  const crumbs: Crumb[] = [
    { label: 'Home', to: '/' },
    ...path.map((c) => ({ label: c.name, to: categoryPath(c.id, c.urlName, c.name) })),
    { label: name },
  ];
  const uom = f.QuantityUnitOfMeasure;
  const pack = f.PackSize && Number(f.PackSize) > 1 ? f.PackSize : null;
  const guest = session.data?.guestUser !== false;
  const canViewPrice = p.entitlement?.canViewPrice !== false;

  return (
    <article className="sf-page sf-product" aria-labelledby="product-title">
      <Breadcrumbs items={crumbs} />
      <div className="sf-product__layout">
        <Gallery images={productImages(p)} name={name} />
        <div className="sf-product__summary">
          {f.Brand ? <p className="sf-product__brand">{f.Brand}</p> : null}
          <h1 id="product-title" className="sf-product__name">
            {name}
          </h1>
          <dl className="sf-product__facts">
            {f.StockKeepingUnit ? (
              <div>
                <dt>SKU</dt>
                <dd>{f.StockKeepingUnit}</dd>
              </div>
            ) : null}
            {uom ? (
              <div>
                <dt>Unit of measure</dt>
                <dd>{pack ? `${uom} of ${pack}` : uom}</dd>
              </div>
            ) : null}
            {f.ProductCode ? (
              <div>
                <dt>Product code</dt>
                <dd>{f.ProductCode}</dd>
              </div>
            ) : null}
          </dl>
          {canViewPrice ? <ProductPrice productId={productId} guest={guest} /> : <p className="sf-price sf-price--none">Log in to see prices.</p>}
          <Availability productId={productId} />
          <PurchaseBox key={productId} productId={productId} productName={name} rule={rule} />
        </div>
      </div>
      {f.Description ? (
        <section className="sf-product__description" aria-labelledby="product-description">
          <h2 id="product-description" className="sf-section-title">
            Description
          </h2>
          <p>{f.Description}</p>
        </section>
      ) : null}
    </article>
  );
}

/** /product/{urlName}/{productId}: product detail, price, volume tiers, stock and quantity. */
export function ProductPage() {
  const { productId = '' } = useParams();
  return (
    <CatalogGuard>
      <ProductContent key={productId} productId={productId} />
    </CatalogGuard>
  );
}

