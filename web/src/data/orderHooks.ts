// TanStack Query hooks of order history: the effective account's orders a page at a time, one
// order's detail, and the reorder (which changes the cart, so the cart queries reload after it).

import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { invalidateCart } from './cartHooks';
import { useEffectiveAccount, useSession } from './hooks';
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

/** Who is asking: keys carry the user and the effective account, so switching accounts reloads. */
function useOrderScope() {
  const session = useSession();
  const account = useEffectiveAccount();
  const buyer = session.data?.guestUser === false;
  return { buyer, userId: buyer ? (session.data?.userId ?? null) : null, accountId: account?.id ?? null };
}

/** The orders of the filter, a page at a time (fetchNextPage follows nextPageToken). Off for guests. */
export function useOrderSummaries(filter: OrderListFilter) {
  const scope = useOrderScope();
  return useInfiniteQuery<OrderSummaryPage, unknown, { orders: OrderSummary[]; count: number }, ReturnType<typeof orderKeys.list>, string | undefined>({
    queryKey: orderKeys.list(scope.userId, scope.accountId, filter),
    queryFn: ({ pageParam, signal }) => getOrderSummaries({ ...filter, pageSize: ORDER_PAGE_SIZE, pageToken: pageParam, signal }),
    initialPageParam: undefined,
    getNextPageParam: (last) => last.nextPageToken ?? undefined,
    select: (data) => ({ orders: data.pages.flatMap((p) => p.orderSummaries), count: data.pages[0]?.count ?? 0 }),
    enabled: scope.buyer,
    retry: false,
  });
}

/** One order's detail; a 404 (not an order of this account) is the error. Off for guests. */
export function useOrderDetail(orderSummaryId: string) {
  const scope = useOrderScope();
  return useQuery<OrderDetail>({
    queryKey: orderKeys.detail(scope.userId, scope.accountId, orderSummaryId),
    queryFn: ({ signal }) => getOrderDetail(orderSummaryId, { signal }),
    enabled: scope.buyer && orderSummaryId.trim() !== '',
    retry: false,
  });
}

/** An order of the buyer's account found by its reference (order) number, as the confirmation page knows it. Off for guests. */
export function useOrderLookup(orderNumber: string) {
  const scope = useOrderScope();
  return useQuery<OrderDetail>({
    queryKey: orderKeys.lookup(scope.userId, scope.accountId, orderNumber),
    queryFn: ({ signal }) => lookupOrder(orderNumber, { signal }),
    enabled: scope.buyer && orderNumber.trim() !== '',
    retry: false,
  });
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
