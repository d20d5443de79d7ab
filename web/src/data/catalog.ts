// Catalog calls: product detail, product price, categories (contracts:
// commerce/SHAPES.md 2.8, commerce-catalog and commerce-store-pricing RAML).
// Money arrives as decimal strings and stays a string.

import { sitePath, getBasePath } from './config';
import { commerceUrl, requestJson } from './http';

export interface ProductMedia {
  id?: string | null;
  url?: string | null;
  alternateText?: string | null;
  /** The real product-detail sample spells it alternativeText. */
  alternativeText?: string | null;
  title?: string | null;
  mediaType?: string | null;
  sortOrder?: number | null;
  contentVersionId?: string | null;
  thumbnailUrl?: string | null;
}

export interface ProductMediaGroup {
  id?: string;
  developerName?: string;
  name?: string;
  usageType?: string;
  mediaItems?: ProductMedia[];
}

export interface CategoryPathEntry {
  id: string;
  name: string;
  description?: string | null;
  urlName?: string | null;
}

/** Purchase quantity rule; the wire sends the numbers as strings. */
export interface PurchaseQuantityRule {
  minimum?: string | number | null;
  maximum?: string | number | null;
  increment?: string | number | null;
}

export interface ProductDetail {
  id: string;
  fields: Record<string, string | null>;
  defaultImage?: ProductMedia | null;
  mediaGroups?: ProductMediaGroup[];
  primaryProductCategoryPath?: { path?: CategoryPathEntry[] } | null;
  purchaseQuantityRule?: PurchaseQuantityRule | null;
  productClass?: string | null;
  urlName?: string | null;
  entitlement?: { canViewPrice?: boolean | null } | null;
  [key: string]: unknown;
}

export interface PriceAdjustmentTier {
  id?: string;
  adjustmentType?: 'AmountBasedAdjustment' | 'PercentageBasedAdjustment' | string;
  adjustmentValue?: string;
  lowerBound?: string;
  upperBound?: string | null;
  tierUnitPrice?: string;
}

export interface ProductPrice {
  currencyIsoCode?: string;
  listPrice?: string | null;
  unitPrice?: string | null;
  lowestUnitPrice?: string | null;
  pricebookEntryId?: string | null;
  productId?: string;
  priceAdjustment?: { id?: string; priceAdjustmentTiers?: PriceAdjustmentTier[] } | null;
  [key: string]: unknown;
}

export interface ProductCategorySummary {
  id: string;
  urlName?: string | null;
  fields: Record<string, string | null>;
  /** The category's tile image: Storefront's server sends it with each child (one call for a page of tiles). */
  tileImage?: ProductMedia | null;
}

export interface ProductCategoryDetail {
  id: string;
  fields: Record<string, string | null>;
  bannerImage?: ProductMedia | null;
  tileImage?: ProductMedia | null;
  mediaGroups?: ProductMediaGroup[];
  [key: string]: unknown;
}

interface CallOptions {
  signal?: AbortSignal;
}

function seg(id: string): string {
  return encodeURIComponent(id);
}

/** GET products/{productId} */
export async function getProduct(productId: string, options: CallOptions = {}): Promise<ProductDetail> {
  const raw = await requestJson<ProductDetail>(commerceUrl(`products/${seg(productId)}`), { signal: options.signal });
  return { ...raw, id: raw?.id ?? productId, fields: raw?.fields ?? {} };
}

/** GET pricing/products/{productId} */
export async function getProductPrice(productId: string, options: CallOptions = {}): Promise<ProductPrice> {
  return requestJson<ProductPrice>(commerceUrl(`pricing/products/${seg(productId)}`), { signal: options.signal });
}

/** Stock of a product (GET products/{productId}/availability); quantities are strings like every quantity on the wire. */
export interface ProductAvailability {
  productId?: string;
  inStock: boolean;
  lowStock?: boolean;
  /** Units that can be ordered now; null when the store does not track stock. */
  availableToOrder?: string | null;
}

/** GET products/{productId}/availability */
export async function getProductAvailability(productId: string, options: CallOptions = {}): Promise<ProductAvailability> {
  const raw = await requestJson<Partial<ProductAvailability>>(commerceUrl(`products/${seg(productId)}/availability`), {
    signal: options.signal,
  });
  return { ...raw, inStock: raw?.inStock !== false };
}

/**
 * GET products/availability?productIds=a,b,c: the stock of several products in one call (a cart page's lines), by
 * product id. Products the caller may not see are missing from the map.
 */
export async function getProductsAvailability(productIds: string[], options: CallOptions = {}): Promise<Map<string, ProductAvailability>> {
  const ids = [...new Set(productIds.filter((id) => id !== ''))];
  const out = new Map<string, ProductAvailability>();
  if (ids.length === 0) return out;
  const raw = await requestJson<{ availability?: Partial<ProductAvailability>[] }>(
    commerceUrl('products/availability', { productIds: ids.join(',') }),
    { signal: options.signal },
  );
  for (const a of raw?.availability ?? []) {
    if (a.productId) out.set(a.productId, { ...a, inStock: a.inStock !== false });
  }
  return out;
}

/** GET product-categories/children (the top level when parentId is absent). */
export async function getCategoryChildren(parentId?: string | null, options: CallOptions = {}): Promise<ProductCategorySummary[]> {
  const raw = await requestJson<{ productCategories?: ProductCategorySummary[] }>(
    commerceUrl('product-categories/children', { parentProductCategoryId: parentId || undefined }),
    { signal: options.signal },
  );
  return (raw?.productCategories ?? []).map((c) => ({ ...c, fields: c.fields ?? {} }));
}

/** GET product-category-path/product-categories/{categoryId}: the category and its ancestors, top first. */
export async function getCategoryPath(categoryId: string, options: CallOptions = {}): Promise<CategoryPathEntry[]> {
  const raw = await requestJson<{ path?: CategoryPathEntry[] }>(
    commerceUrl(`product-category-path/product-categories/${seg(categoryId)}`),
    { signal: options.signal },
  );
  return raw?.path ?? [];
}

/** GET product-categories/{categoryId} */
export async function getCategory(categoryId: string, options: CallOptions = {}): Promise<ProductCategoryDetail> {
  const raw = await requestJson<ProductCategoryDetail>(commerceUrl(`product-categories/${seg(categoryId)}`), {
    signal: options.signal,
  });
  return { ...raw, id: raw?.id ?? categoryId, fields: raw?.fields ?? {} };
}

/**
 * A media URL the browser can load: http(s) and data:image as they are,
 * site-relative paths (/cms/delivery/media/...) under the site base path.
 * Anything else gives null.
 */
export function resolveMediaUrl(url: string | null | undefined): string | null {
  if (typeof url !== 'string') return null;
  const u = url.trim();
  if (/^https?:\/\//i.test(u) || /^data:image\//i.test(u)) return u;
  if (u.startsWith('/') && !u.startsWith('//')) {
    const base = getBasePath();
    return base && (u === base || u.startsWith(`${base}/`)) ? u : sitePath(u);
  }
  return null;
}

/** The alternative text of a media item, whichever spelling the server used. */
export function mediaAlt(media: ProductMedia | null | undefined): string {
  return (media?.alternateText ?? media?.alternativeText ?? media?.title ?? '') || '';
}

/** One entry of a Product Overview Collection (GET products?skus=|ids=): a product, or why the value asked has none. */
export interface ProductOverview {
  id: string | null;
  sku: string | null;
  success: boolean;
  /** The product's fields as strings; null for an entry that failed. */
  fields: Record<string, string | null> | null;
  defaultImage?: ProductMedia | null;
  /** ITEM_NOT_FOUND for an unknown or unentitled product, INVALID_ID_FIELD for a malformed id. */
  error?: { errorCode?: string; message?: string } | null;
}

/** The most ids or SKUs one products call takes. */
export const PRODUCTS_LOOKUP_LIMIT = 100;

export interface ProductLookupOptions extends CallOptions {
  /** Fields to return (all a buyer may read when absent). */
  fields?: string[];
  /** Leave the default images out (default false). */
  excludeMedia?: boolean;
}

/**
 * GET products?skus=A,B (or ids=): at most 100 values, answered one entry per distinct value in the order asked.
 * The server matches SKUs without regard to case; an entry's sku is the product's own spelling.
 */
export async function getProducts(by: 'skus' | 'ids', values: string[], options: ProductLookupOptions = {}): Promise<ProductOverview[]> {
  if (values.length === 0) return [];
  if (values.length > PRODUCTS_LOOKUP_LIMIT) throw new RangeError(`at most ${PRODUCTS_LOOKUP_LIMIT} ${by} per call`);
  const raw = await requestJson<{ products?: Partial<ProductOverview>[] }>(
    commerceUrl('products', {
      [by]: values.join(','),
      fields: options.fields?.length ? options.fields.join(',') : undefined,
      excludeMedia: options.excludeMedia ? true : undefined,
    }),
    { signal: options.signal },
  );
  return (raw?.products ?? []).map((p) => ({
    ...p,
    id: p.id ?? null,
    sku: p.sku ?? null,
    success: p.success === true,
    fields: p.fields ?? null,
  }));
}

export interface ResolveSkusOptions extends ProductLookupOptions {
  /** Called after each call of 100 with the SKUs looked up so far. */
  onProgress?: (progress: { done: number; total: number }) => void;
}

/**
 * Looks SKUs up, 100 per call, one call after the other: answers a map from each SKU as given (repeats asked once)
 * to its entry. A SKU the answer has no entry for maps to a failed entry; a failed call rejects.
 */
export async function resolveSkus(skus: string[], options: ResolveSkusOptions = {}): Promise<Map<string, ProductOverview>> {
  const unique = [...new Set(skus)];
  const out = new Map<string, ProductOverview>();
  for (let start = 0; start < unique.length; start += PRODUCTS_LOOKUP_LIMIT) {
    const chunk = unique.slice(start, start + PRODUCTS_LOOKUP_LIMIT);
    const entries = await getProducts('skus', chunk, options);
    // One entry per value in the order asked; should the answer be shaped otherwise, match by SKU instead.
    const byPosition = entries.length === chunk.length;
    chunk.forEach((sku, i) => {
      const entry = byPosition ? entries[i] : entries.find((e) => e.success && e.sku?.toLowerCase() === sku.toLowerCase());
      out.set(sku, entry ?? { id: null, sku, success: false, fields: null, error: { errorCode: 'ITEM_NOT_FOUND' } });
    });
    options.onProgress?.({ done: Math.min(start + chunk.length, unique.length), total: unique.length });
  }
  return out;
}
