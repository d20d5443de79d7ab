import { Link } from 'react-router';
import type { SearchProduct } from '../../data/search';
import { optimisedImageUrl } from '../../components/layout/images';
import { productPath } from '../../lib/links';
import { normaliseQuantityRule } from '../../lib/quantity';
import { AddToCartButton } from '../cart/AddToCartButton';
import { Price } from './Price';

/** Card images are asked at this width (image optimisation takes at least 100). */
const CARD_IMAGE_WIDTH = 480;

/** One product of a grid: image, name, SKU and price, linking to the product page, and Add to cart (the rule's minimum quantity). */
export function ProductCard({ product, currency }: { product: SearchProduct; currency: string }) {
  const href = productPath(product.id, product.urlName, product.name);
  const img = optimisedImageUrl(product.image?.url, CARD_IMAGE_WIDTH);
  const brand = product.fields.Brand;
  return (
    <li className="sf-product-card">
      <Link to={href} className="sf-product-card__image" tabIndex={-1} aria-hidden="true">
        {img ? <img src={img} alt="" loading="lazy" decoding="async" width={240} height={240} /> : <span className="sf-product-card__noimage" />}
      </Link>
      <div className="sf-product-card__body">
        {brand ? <p className="sf-product-card__brand">{brand}</p> : null}
        <h3 className="sf-product-card__name">
          <Link to={href}>{product.name}</Link>
        </h3>
        {product.sku ? (
          <p className="sf-product-card__sku">
            SKU <span>{product.sku}</span>
          </p>
        ) : null}
        <div className="sf-product-card__price">
          {product.prices ? (
            <Price unit={product.prices.unitPrice} list={product.prices.listPrice} currency={currency} size="small" />
          ) : (
            <p className="sf-price sf-price--small sf-price--none">Price unavailable</p>
          )}
        </div>
        <AddToCartButton
          productId={product.id}
          productName={product.name}
          quantity={normaliseQuantityRule(product.purchaseQuantityRule).minimum}
          nameInLabel
          className="sf-product-card__add"
        />
      </div>
    </li>
  );
}

/** A placeholder card while products load. */
export function ProductCardSkeleton() {
  return (
    <li className="sf-product-card sf-product-card--skeleton" aria-hidden="true">
      <span className="sf-product-card__image" />
      <div className="sf-product-card__body">
        <span className="sf-skeleton-line" />
        <span className="sf-skeleton-line sf-skeleton-line--short" />
      </div>
    </li>
  );
}
