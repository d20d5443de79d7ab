// TanStack Query hooks for the catalog pages: product, price, categories,
// search, sort rules and SEO properties. Every catalog answer depends on who
// asks (guest or buyer, and the effective account), so the viewer is part of
// each query key and the queries wait until the session is known.

import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useEffectiveAccount, useSession, useSite } from './hooks';
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

/** Who the catalog is shown to: user id (or guest) and effective account. */
export function useViewer(): { key: readonly [string, string]; ready: boolean } {
  const session = useSession();
  const account = useEffectiveAccount();
  const user = session.data?.guestUser === false ? (session.data.userId ?? 'user') : 'guest';
  return { key: [user, account?.id ?? ''] as const, ready: !session.isPending };
}

export const catalogKeys = {
  all: ['catalog'] as const,
  product: (viewer: readonly string[], id: string) => ['catalog', ...viewer, 'product', id] as const,
  price: (viewer: readonly string[], id: string) => ['catalog', ...viewer, 'price', id] as const,
  children: (viewer: readonly string[], parent: string) => ['catalog', ...viewer, 'category-children', parent] as const,
  path: (viewer: readonly string[], id: string) => ['catalog', ...viewer, 'category-path', id] as const,
  availability: (viewer: readonly string[], id: string) => ['catalog', ...viewer, 'availability', id] as const,
  category: (viewer: readonly string[], id: string) => ['catalog', ...viewer, 'category', id] as const,
  search: (viewer: readonly string[], input: ProductSearchInput) => ['catalog', ...viewer, 'search', input] as const,
  sortRules: ['catalog', 'sort-rules'] as const,
  seo: (communityId: string, recordId: string) => ['seo', communityId, recordId] as const,
};

const CATALOG_STALE_MS = 60_000;

export function useProduct(productId: string | undefined, enabled = true) {
  const viewer = useViewer();
  return useQuery<ProductDetail>({
    queryKey: catalogKeys.product(viewer.key, productId ?? ''),
    queryFn: ({ signal }) => getProduct(productId as string, { signal }),
    enabled: enabled && viewer.ready && !!productId,
    staleTime: CATALOG_STALE_MS,
  });
}

export function useProductPrice(productId: string | undefined, enabled = true) {
  const viewer = useViewer();
  return useQuery<ProductPrice>({
    queryKey: catalogKeys.price(viewer.key, productId ?? ''),
    queryFn: ({ signal }) => getProductPrice(productId as string, { signal }),
    enabled: enabled && viewer.ready && !!productId,
    staleTime: CATALOG_STALE_MS,
  });
}

/** Stock moves with every order: always asked again when the page mounts. */
export function useProductAvailability(productId: string | undefined, enabled = true) {
  const viewer = useViewer();
  return useQuery<ProductAvailability>({
    queryKey: catalogKeys.availability(viewer.key, productId ?? ''),
    queryFn: ({ signal }) => getProductAvailability(productId as string, { signal }),
    enabled: enabled && viewer.ready && !!productId,
    staleTime: 0,
  });
}

/** The stock of several products (a cart page's lines): asked again whenever a page showing it mounts. */
export function useProductsAvailability(productIds: string[], enabled = true) {
  const viewer = useViewer();
  const ids = [...new Set(productIds)].sort();
  return useQuery<Map<string, ProductAvailability>>({
    queryKey: ['catalog', ...viewer.key, 'availability-of', ids.join(',')],
    queryFn: ({ signal }) => getProductsAvailability(ids, { signal }),
    enabled: enabled && viewer.ready && ids.length > 0,
    staleTime: 0,
  });
}

export function useCategoryChildren(parentId: string | null | undefined, enabled = true) {
  const viewer = useViewer();
  return useQuery<ProductCategorySummary[]>({
    queryKey: catalogKeys.children(viewer.key, parentId ?? ''),
    queryFn: ({ signal }) => getCategoryChildren(parentId, { signal }),
    enabled: enabled && viewer.ready,
    staleTime: CATALOG_STALE_MS,
  });
}

export function useCategoryPath(categoryId: string | undefined, enabled = true) {
  const viewer = useViewer();
  return useQuery<CategoryPathEntry[]>({
    queryKey: catalogKeys.path(viewer.key, categoryId ?? ''),
    queryFn: ({ signal }) => getCategoryPath(categoryId as string, { signal }),
    enabled: enabled && viewer.ready && !!categoryId,
    staleTime: CATALOG_STALE_MS,
  });
}

export function useCategory(categoryId: string | undefined, enabled = true) {
  const viewer = useViewer();
  return useQuery<ProductCategoryDetail>({
    queryKey: catalogKeys.category(viewer.key, categoryId ?? ''),
    queryFn: ({ signal }) => getCategory(categoryId as string, { signal }),
    enabled: enabled && viewer.ready && !!categoryId,
    staleTime: CATALOG_STALE_MS,
  });
}

/** A product search; the previous results stay on screen while a refinement or page loads. */
export function useProductSearch(input: ProductSearchInput | null, enabled = true) {
  const viewer = useViewer();
  return useQuery<ProductSearchResults>({
    queryKey: catalogKeys.search(viewer.key, input ?? {}),
    queryFn: ({ signal }) => productSearch(input as ProductSearchInput, { signal }),
    enabled: enabled && viewer.ready && input !== null,
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
}

/** The store's sort orders; a store without them (or a failure) gives an empty list. */
export function useSortRules(enabled = true) {
  return useQuery<SortRule[]>({
    queryKey: catalogKeys.sortRules,
    queryFn: async ({ signal }) => {
      try {
        return await getSortRules({ signal });
      } catch (err) {
        if (signal.aborted) throw err;
        return [];
      }
    },
    enabled,
    staleTime: 15 * 60_000,
  });
}

/** SEO properties of a record (cached 1 hour); never fails: errors come in the result. */
export function useSeoProperties(recordId: string | null | undefined, fields?: string[]) {
  const site = useSite();
  const communityId = site.data?.communityId ?? '';
  return useQuery<SeoResult>({
    queryKey: [...catalogKeys.seo(communityId, recordId ?? ''), fields ?? []],
    queryFn: ({ signal }) => getSeoProperties(communityId, recordId as string, { fields, signal }),
    enabled: !!communityId && !!recordId,
    staleTime: SEO_PROPERTIES_TTL_MS,
    gcTime: SEO_PROPERTIES_TTL_MS,
  });
}
