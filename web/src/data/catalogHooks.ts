// TanStack Query hooks for the catalog pages: product, price, categories,
// search, sort rules and SEO properties. Every catalog answer depends on who
// asks (guest or buyer, and the effective account), so the viewer's key is part of
// each query key and the queries wait until the session is known.

import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { useSite, useViewer, type ViewerKey } from './hooks';
import {
  getCategory,
  getCategoryChildren,
  getCategoryPath,
  getProduct,
  getProductAvailability,
  getProductsAvailability,
  getProductPrice,
  type ProductAvailability,
  type CategoryPathEntry,
  type ProductCategoryDetail,
  type ProductCategorySummary,
  type ProductDetail,
  type ProductPrice,
} from './catalog';
import { getSortRules, productSearch, type ProductSearchInput, type ProductSearchResults, type SortRule } from './search';
import { getSeoProperties, SEO_PROPERTIES_TTL_MS, type SeoResult } from './seo';

export const catalogKeys = {
  all: ['catalog'] as const,
  product: (viewer: ViewerKey, id: string) => ['catalog', ...viewer, 'product', id] as const,
  price: (viewer: ViewerKey, id: string) => ['catalog', ...viewer, 'price', id] as const,
  children: (viewer: ViewerKey, parent: string) => ['catalog', ...viewer, 'category-children', parent] as const,
  path: (viewer: ViewerKey, id: string) => ['catalog', ...viewer, 'category-path', id] as const,
  availability: (viewer: ViewerKey, id: string) => ['catalog', ...viewer, 'availability', id] as const,
  availabilityOf: (viewer: ViewerKey, ids: string[]) => ['catalog', ...viewer, 'availability-of', ids.join(',')] as const,
  category: (viewer: ViewerKey, id: string) => ['catalog', ...viewer, 'category', id] as const,
  search: (viewer: ViewerKey, input: ProductSearchInput) => ['catalog', ...viewer, 'search', input] as const,
  sortRules: ['catalog', 'sort-rules'] as const,
  seo: (communityId: string, recordId: string) => ['seo', communityId, recordId] as const,
};

const CATALOG_STALE_MS = 60_000;

/** The catalog's queries: key, function and lifetime of each (the hooks below add when they run). */
export const catalogQueries = {
  product: (viewer: ViewerKey, id: string) =>
    queryOptions<ProductDetail>({
      queryKey: catalogKeys.product(viewer, id),
      queryFn: ({ signal }) => getProduct(id, { signal }),
      staleTime: CATALOG_STALE_MS,
    }),
  price: (viewer: ViewerKey, id: string) =>
    queryOptions<ProductPrice>({
      queryKey: catalogKeys.price(viewer, id),
      queryFn: ({ signal }) => getProductPrice(id, { signal }),
      staleTime: CATALOG_STALE_MS,
    }),
  /** Stock moves with every order: always asked again when a page showing it mounts. */
  availability: (viewer: ViewerKey, id: string) =>
    queryOptions<ProductAvailability>({
      queryKey: catalogKeys.availability(viewer, id),
      queryFn: ({ signal }) => getProductAvailability(id, { signal }),
      staleTime: 0,
    }),
  availabilityOf: (viewer: ViewerKey, ids: string[]) =>
    queryOptions<Map<string, ProductAvailability>>({
      queryKey: catalogKeys.availabilityOf(viewer, ids),
      queryFn: ({ signal }) => getProductsAvailability(ids, { signal }),
      staleTime: 0,
    }),
  children: (viewer: ViewerKey, parentId: string | null | undefined) =>
    queryOptions<ProductCategorySummary[]>({
      queryKey: catalogKeys.children(viewer, parentId ?? ''),
      queryFn: ({ signal }) => getCategoryChildren(parentId, { signal }),
      staleTime: CATALOG_STALE_MS,
    }),
  path: (viewer: ViewerKey, id: string) =>
    queryOptions<CategoryPathEntry[]>({
      queryKey: catalogKeys.path(viewer, id),
      queryFn: ({ signal }) => getCategoryPath(id, { signal }),
      staleTime: CATALOG_STALE_MS,
    }),
  category: (viewer: ViewerKey, id: string) =>
    queryOptions<ProductCategoryDetail>({
      queryKey: catalogKeys.category(viewer, id),
      queryFn: ({ signal }) => getCategory(id, { signal }),
      staleTime: CATALOG_STALE_MS,
    }),
  search: (viewer: ViewerKey, input: ProductSearchInput) =>
    queryOptions<ProductSearchResults>({
      queryKey: catalogKeys.search(viewer, input),
      queryFn: ({ signal }) => productSearch(input, { signal }),
      staleTime: 30_000,
    }),
  /** The store's sort orders; a store without them (or a failure) gives an empty list. */
  sortRules: () =>
    queryOptions<SortRule[]>({
      queryKey: catalogKeys.sortRules,
      queryFn: async ({ signal }) => {
        try {
          return await getSortRules({ signal });
        } catch (err) {
          if (signal.aborted) throw err;
          return [];
        }
      },
      staleTime: 15 * 60_000,
    }),
  /** SEO properties of a record (cached 1 hour); never fails: errors come in the result. */
  seo: (communityId: string, recordId: string, fields?: string[]) =>
    queryOptions<SeoResult>({
      queryKey: [...catalogKeys.seo(communityId, recordId), fields ?? []],
      queryFn: ({ signal }) => getSeoProperties(communityId, recordId, { fields, signal }),
      staleTime: SEO_PROPERTIES_TTL_MS,
      gcTime: SEO_PROPERTIES_TTL_MS,
    }),
};

export function useProduct(productId: string | undefined, enabled = true) {
  const viewer = useViewer();
  return useQuery({ ...catalogQueries.product(viewer.key, productId ?? ''), enabled: enabled && viewer.ready && !!productId });
}

export function useProductPrice(productId: string | undefined, enabled = true) {
  const viewer = useViewer();
  return useQuery({ ...catalogQueries.price(viewer.key, productId ?? ''), enabled: enabled && viewer.ready && !!productId });
}

export function useProductAvailability(productId: string | undefined, enabled = true) {
  const viewer = useViewer();
  return useQuery({
    ...catalogQueries.availability(viewer.key, productId ?? ''),
    enabled: enabled && viewer.ready && !!productId,
  });
}

/** The stock of several products (a cart page's lines). */
export function useProductsAvailability(productIds: string[], enabled = true) {
  const viewer = useViewer();
  const ids = [...new Set(productIds)].sort();
  return useQuery({ ...catalogQueries.availabilityOf(viewer.key, ids), enabled: enabled && viewer.ready && ids.length > 0 });
}

export function useCategoryChildren(parentId: string | null | undefined, enabled = true) {
  const viewer = useViewer();
  return useQuery({ ...catalogQueries.children(viewer.key, parentId), enabled: enabled && viewer.ready });
}

export function useCategoryPath(categoryId: string | undefined, enabled = true) {
  const viewer = useViewer();
  return useQuery({ ...catalogQueries.path(viewer.key, categoryId ?? ''), enabled: enabled && viewer.ready && !!categoryId });
}

export function useCategory(categoryId: string | undefined, enabled = true) {
  const viewer = useViewer();
  return useQuery({ ...catalogQueries.category(viewer.key, categoryId ?? ''), enabled: enabled && viewer.ready && !!categoryId });
}

/** A product search; the previous results stay on screen while a refinement or page loads. */
export function useProductSearch(input: ProductSearchInput | null, enabled = true) {
  const viewer = useViewer();
  return useQuery({
    ...catalogQueries.search(viewer.key, input ?? {}),
    enabled: enabled && viewer.ready && input !== null,
    placeholderData: keepPreviousData,
  });
}

export function useSortRules(enabled = true) {
  return useQuery({ ...catalogQueries.sortRules(), enabled });
}

export function useSeoProperties(recordId: string | null | undefined, fields?: string[]) {
  const site = useSite();
  const communityId = site.data?.communityId ?? '';
  return useQuery({ ...catalogQueries.seo(communityId, recordId ?? '', fields), enabled: !!communityId && !!recordId });
}
