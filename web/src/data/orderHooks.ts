// TanStack Query hooks of order history: the effective account's orders a page at a time, one
// order's detail, and the reorder (which changes the cart, so the cart queries reload after it).

import { infiniteQueryOptions, queryOptions, useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { invalidateCart } from './cartHooks';
import { useViewer, type Viewer } from './hooks';
import {
  ORDER_PAGE_SIZE,
  addOrderToCart,
  getOrderDetail,
  getOrderSummaries,
  lookupOrder,
  type OrderDetail,
  type OrderSortOrder,
  type OrderSummary,
  type OrderSummaryPage,
  type ReorderResult,
} from './orders';

export interface OrderListFilter {
  earliestDate?: string;
  latestDate?: string;
  sortOrder: OrderSortOrder;
}

export const orderKeys = {
  all: ['orders'] as const,
  list: (userId: string | null, accountId: string | null, filter: OrderListFilter) => ['orders', 'list', userId, accountId, filter] as const,
  detail: (userId: string | null, accountId: string | null, id: string) => ['orders', 'detail', userId, accountId, id] as const,
  lookup: (userId: string | null, accountId: string | null, ref: string) => ['orders', 'lookup', userId, accountId, ref] as const,
};

/** The order queries; every key carries the viewer, so switching accounts asks again. */
export const orderQueries = {
  /** The orders of the filter, a page at a time (fetchNextPage follows nextPageToken). */
  list: (viewer: Viewer, filter: OrderListFilter) =>
    infiniteQueryOptions<
      OrderSummaryPage,
      unknown,
      { orders: OrderSummary[]; count: number },
      ReturnType<typeof orderKeys.list>,
      string | undefined
    >({
      queryKey: orderKeys.list(viewer.userId, viewer.accountId, filter),
      queryFn: ({ pageParam, signal }) => getOrderSummaries({ ...filter, pageSize: ORDER_PAGE_SIZE, pageToken: pageParam, signal }),
      initialPageParam: undefined,
      getNextPageParam: (last) => last.nextPageToken ?? undefined,
      select: (data) => ({ orders: data.pages.flatMap((p) => p.orderSummaries), count: data.pages[0]?.count ?? 0 }),
      retry: false,
    }),
  /** One order's detail; a 404 (not an order of this account) is the error. */
  detail: (viewer: Viewer, orderSummaryId: string) =>
    queryOptions<OrderDetail>({
      queryKey: orderKeys.detail(viewer.userId, viewer.accountId, orderSummaryId),
      queryFn: ({ signal }) => getOrderDetail(orderSummaryId, { signal }),
      retry: false,
    }),
  /** An order of the buyer's account found by its reference (order) number, as the confirmation page knows it. */
  lookup: (viewer: Viewer, orderNumber: string) =>
    queryOptions<OrderDetail>({
      queryKey: orderKeys.lookup(viewer.userId, viewer.accountId, orderNumber),
      queryFn: ({ signal }) => lookupOrder(orderNumber, { signal }),
      retry: false,
    }),
};

/** The viewer's orders of the filter. Off for guests. */
export function useOrderSummaries(filter: OrderListFilter) {
  const viewer = useViewer();
  return useInfiniteQuery({ ...orderQueries.list(viewer, filter), enabled: viewer.buyer });
}

/** One order's detail. Off for guests. */
export function useOrderDetail(orderSummaryId: string) {
  const viewer = useViewer();
  return useQuery({ ...orderQueries.detail(viewer, orderSummaryId), enabled: viewer.buyer && orderSummaryId.trim() !== '' });
}

/** An order found by its order number. Off for guests. */
export function useOrderLookup(orderNumber: string) {
  const viewer = useViewer();
  return useQuery({ ...orderQueries.lookup(viewer, orderNumber), enabled: viewer.buyer && orderNumber.trim() !== '' });
}

/** Adds an order's products to the cart again: mutate(orderSummaryId). The cart (and its badge) reloads after. */
export function useReorder() {
  const client = useQueryClient();
  return useMutation<ReorderResult, unknown, string>({
    mutationFn: (orderSummaryId) => addOrderToCart(orderSummaryId),
    retry: false,
    // Settled, not succeeded: a failure may come after some products went in.
    onSettled: () => invalidateCart(client),
  });
}
