// Product search (contracts: commerce/SHAPES.md 2.8, commerce-search RAML):
// POST search/product-search, normalised for the pages. Search field values
// arrive wrapped as {value}; they are unwrapped here.

import { commerceUrl, requestJson } from './http';
import type { ProductMedia, PurchaseQuantityRule } from './catalog';

export const SEARCH_PAGE_SIZE = 20;
export const MAX_REFINEMENTS = 9;
export const MAX_REFINEMENT_VALUES = 20;

export interface Refinement {
  attributeType: string;
  nameOrId: string;
  values: string[];
  type: 'DistinctValue';
}

export interface ProductSearchInput {
  searchTerm?: string;
  categoryId?: string;
  refinements?: Refinement[];
  /** 0-based. */
  page?: number;
  pageSize?: number;
  sortRuleId?: string;
  includePrices?: boolean;
  includeQuantityRule?: boolean;
  fields?: string[];
}

export interface SearchFacetValue {
  nameOrId: string;
  displayName: string;
  productCount: number;
}

export interface SearchFacet {
  nameOrId: string;
  displayName: string;
  attributeType: string;
  displayType: string;
  displayRank: number;
  facetType: string;
  values: SearchFacetValue[];
}

export interface SearchProduct {
  id: string;
  name: string;
  urlName: string | null;
  sku: string | null;
  fields: Record<string, string | null>;
  image: { url: string; alt: string } | null;
  prices: { listPrice: string | null; unitPrice: string | null } | null;
  purchaseQuantityRule: PurchaseQuantityRule | null;
}

export interface SearchCategory {
  id: string;
  name: string;
  urlName: string | null;
  productCount: number;
}

export interface ProductSearchResults {
  total: number;
  pageSize: number;
  currencyIsoCode: string;
  products: SearchProduct[];
  facets: SearchFacet[];
  /** The searched category (when any) and its first-level children with results. */
  category: SearchCategory | null;
  childCategories: SearchCategory[];
  locale: string | null;
}

interface RawSearchCategory {
  category?: { id?: string; name?: string; urlName?: string | null } | null;
  children?: RawSearchCategory[];
  productCount?: number;
}

interface RawProduct {
  id: string;
  name?: string;
  urlName?: string | null;
  fields?: Record<string, { value?: string | null } | string | null>;
  defaultImage?: ProductMedia | null;
  prices?: { listPrice?: string | null; unitPrice?: string | null } | null;
  purchaseQuantityRule?: PurchaseQuantityRule | null;
}

interface RawResults {
  categories?: RawSearchCategory | null;
  facets?: Partial<SearchFacet>[] | null;
  locale?: string;
  productsPage?: {
    currencyIsoCode?: string;
    pageSize?: number;
    total?: number;
    products?: RawProduct[];
  } | null;
}

function unwrapFields(fields: RawProduct['fields']): Record<string, string | null> {
  const out: Record<string, string | null> = {};
  for (const [k, v] of Object.entries(fields ?? {})) {
    out[k] = v !== null && typeof v === 'object' ? (v.value ?? null) : (v ?? null);
  }
  return out;
}

function normaliseProduct(p: RawProduct): SearchProduct {
  const fields = unwrapFields(p.fields);
  const img = p.defaultImage;
  const url = img?.url ?? img?.thumbnailUrl ?? null;
  return {
    id: p.id,
    name: p.name ?? fields.Name ?? '',
    urlName: p.urlName ?? null,
    sku: fields.StockKeepingUnit ?? fields.ProductCode ?? null,
    fields,
    image: url ? { url, alt: img?.alternateText ?? img?.alternativeText ?? '' } : null,
    prices: p.prices ? { listPrice: p.prices.listPrice ?? null, unitPrice: p.prices.unitPrice ?? null } : null,
    purchaseQuantityRule: p.purchaseQuantityRule ?? null,
  };
}

function normaliseCategory(c: RawSearchCategory | null | undefined): SearchCategory | null {
  if (!c?.category?.id) return null;
  return { id: c.category.id, name: c.category.name ?? '', urlName: c.category.urlName ?? null, productCount: c.productCount ?? 0 };
}

function normaliseFacet(f: Partial<SearchFacet>): SearchFacet | null {
  if (!f.nameOrId) return null;
  return {
    nameOrId: f.nameOrId,
    displayName: f.displayName || f.nameOrId,
    attributeType: f.attributeType ?? 'Standard',
    displayType: f.displayType ?? 'MultiSelect',
    displayRank: typeof f.displayRank === 'number' ? f.displayRank : 0,
    facetType: f.facetType ?? 'DistinctValue',
    values: (f.values ?? [])
      .filter((v) => v && typeof v.nameOrId === 'string')
      .map((v) => ({ nameOrId: v.nameOrId, displayName: v.displayName || v.nameOrId, productCount: Number(v.productCount) || 0 })),
  };
}

/** Turns a product-search answer into what the pages show. */
export function normaliseSearchResults(raw: RawResults | null | undefined): ProductSearchResults {
  const page = raw?.productsPage ?? {};
  const products = (page.products ?? []).map(normaliseProduct);
  return {
    total: typeof page.total === 'number' ? page.total : products.length,
    pageSize: typeof page.pageSize === 'number' && page.pageSize > 0 ? page.pageSize : SEARCH_PAGE_SIZE,
    currencyIsoCode: page.currencyIsoCode ?? 'USD',
    products,
    facets: (raw?.facets ?? [])
      .map(normaliseFacet)
      .filter((f): f is SearchFacet => f !== null && f.values.length > 0)
      .sort((a, b) => a.displayRank - b.displayRank),
    category: normaliseCategory(raw?.categories),
    childCategories: (raw?.categories?.children ?? [])
      .map(normaliseCategory)
      .filter((c): c is SearchCategory => c !== null),
    locale: raw?.locale ?? null,
  };
}

/** The request body: one of searchTerm or categoryId is needed; empty parts are left out. */
export function searchBody(input: ProductSearchInput): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  const term = input.searchTerm?.trim();
  if (term) body.searchTerm = term;
  if (input.categoryId) body.categoryId = input.categoryId;
  const refinements = (input.refinements ?? [])
    .filter((r) => r.values.length > 0)
    .slice(0, MAX_REFINEMENTS)
    .map((r) => ({ ...r, values: r.values.slice(0, MAX_REFINEMENT_VALUES) }));
  if (refinements.length > 0) body.refinements = refinements;
  body.page = input.page ?? 0;
  body.pageSize = input.pageSize ?? SEARCH_PAGE_SIZE;
  if (input.sortRuleId) body.sortRuleId = input.sortRuleId;
  body.includePrices = input.includePrices ?? true;
  if (input.includeQuantityRule) body.includeQuantityRule = true;
  if (input.fields?.length) body.fields = input.fields;
  return body;
}

/** POST search/product-search */
export async function productSearch(input: ProductSearchInput, options: { signal?: AbortSignal } = {}): Promise<ProductSearchResults> {
  if (!input.searchTerm?.trim() && !input.categoryId) {
    throw new TypeError('product search needs a searchTerm or a categoryId');
  }
  const raw = await requestJson<RawResults>(commerceUrl('search/product-search'), {
    method: 'POST',
    body: searchBody(input),
    signal: options.signal,
  });
  return normaliseSearchResults(raw);
}

export interface SortRule {
  sortRuleId: string;
  label: string;
  labelSuffix?: string | null;
  direction?: string;
  nameOrId?: string;
  sortOrder?: number | string;
  type?: string;
}

const SUFFIX_LABELS: Record<string, string> = {
  az: 'A to Z',
  za: 'Z to A',
  lowhigh: 'Low to High',
  highlow: 'High to Low',
  newest: 'Newest First',
  oldest: 'Oldest First',
};

/** What a sort menu shows for a rule: "Price: Low to High"; the label alone for the default rule. */
export function sortRuleLabel(rule: SortRule): string {
  const suffix = rule.labelSuffix?.trim();
  if (suffix) return `${rule.label}: ${SUFFIX_LABELS[suffix.toLowerCase()] ?? suffix}`;
  if (rule.direction === 'Ascending' || rule.direction === 'Descending') return `${rule.label} (${rule.direction})`;
  return rule.label;
}

/** GET search/sort-rules: the store's sort orders, in their order. */
export async function getSortRules(options: { signal?: AbortSignal } = {}): Promise<SortRule[]> {
  const raw = await requestJson<{ sortRules?: SortRule[] }>(commerceUrl('search/sort-rules'), { signal: options.signal });
  return (raw?.sortRules ?? []).filter((r) => r && r.sortRuleId && r.label);
}
