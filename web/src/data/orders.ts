// Order history (contracts/commerce/SHAPES.md 2.9): the buyer's order summaries, one order's detail,
// and the reorder (add-order-to-cart). Order history is unavailable to guests; every call follows
// the effective account (commerceUrl adds its id).

import { ClientError } from './errors';
import { commerceUrl, requestJson } from './http';
import type { CartSummary } from './cartTypes';

export type OrderSortOrder = 'OrderedDateDesc' | 'OrderedDateAsc' | 'CreatedDateDesc' | 'CreatedDateAsc';
export type OwnerScope = 'My' | 'Account';

/** One requested field of a summary, as the wire wraps it. */
export interface OrderSummaryField {
  dataName: string;
  dataType: string;
  label: string;
  text: string | null;
  type: string;
}

/** An order summary of the list (and the head of the detail). Amounts are decimal strings. */
export interface OrderSummary {
  orderSummaryId: string;
  orderNumber: string;
  orderedDate: string | null;
  createdDate: string;
  status: string;
  currencyIsoCode: string;
  grandTotalAmount: string;
  totalAmount: string;
  ownerId: string | null;
  fields: Record<string, OrderSummaryField>;
}

export interface OrderSummaryPage {
  count: number;
  orderSummaries: OrderSummary[];
  currentPageToken: string | null;
  nextPageToken: string | null;
}

export interface OrderItemSummary {
  orderItemSummaryId: string;
  deliveryGroupId: string | null;
  productId: string | null;
  name: string;
  stockKeepingUnit: string | null;
  /** 'Order Product' or 'Delivery Charge'. */
  type: string;
  quantity: string;
  listPrice: string | null;
  unitPrice: string;
  totalPrice: string;
  totalAdjustmentAmount: string;
  totalLineAmount: string;
  totalTax: string;
}

export interface OrderDeliveryGroup {
  deliveryGroupId: string;
  deliverToName: string | null;
  street: string | null;
  city: string | null;
  region: string | null;
  postalCode: string | null;
  country: string | null;
  deliveryMethodId: string | null;
  deliveryMethodName: string | null;
  desiredDeliveryDate: string | null;
  shippingInstructions: string | null;
  totalAmount: string;
  totalTax: string;
}

export interface OrderAdjustment {
  amount: string;
  basisReferenceDisplayName: string | null;
  displayName: string;
  targetType: string | null;
  type: string;
}

export interface OrderPayment {
  method: string;
  type: string | null;
  amount: string;
  purchaseOrderNumber: string | null;
  fullName: string | null;
}

/** GET order-summaries/{id} (and the lookup): the summary with what it is made of. */
export interface OrderDetail extends OrderSummary {
  totalProductAmount: string;
  totalAdjustmentAmount: string;
  totalDeliveryAmount: string;
  totalTaxAmount: string;
  purchaseOrderNumber: string | null;
  items: OrderItemSummary[];
  deliveryGroups: OrderDeliveryGroup[];
  adjustments: OrderAdjustment[];
  payments: OrderPayment[];
}

/**
 * What a buyer reads for an order summary's status: the OrderSummary Status picklist's values (Created, Approved,
 * Waiting to Fulfill, Fulfilled, Cancelled) are the store's words for its own process; the buyer is told where the
 * order stands. A status the store added itself shows as it is.
 */
const BUYER_STATUS: Record<string, string> = {
  Created: 'Received',
  Approved: 'Approved',
  'Waiting to Fulfill': 'Being prepared',
  Fulfilled: 'Shipped',
  Cancelled: 'Cancelled',
  Canceled: 'Cancelled',
};

export function orderStatusLabel(status: string | null | undefined): string {
  const s = (status ?? '').trim();
  return BUYER_STATUS[s] ?? s;
}

export interface ReorderResult {
  cartId: string;
  cartSummary: CartSummary;
  numberOfProductsWithError: number;
  productsWithError: { productId: string; message: string }[];
}

/** The refusal of order history to guests, before any call. */
export const ORDERS_NEED_LOGIN = 'Sign in to see your orders.';
export const ORDER_PAGE_SIZE = 10;
export const DEFAULT_ORDER_SORT: OrderSortOrder = 'OrderedDateDesc';

export interface OrderCallOptions {
  /** The session's guestUser flag: guests have no order history and are refused before any call. */
  guestUser?: boolean;
  signal?: AbortSignal;
}

export interface OrderListOptions extends OrderCallOptions {
  ownerScope?: OwnerScope;
  /** ISO 8601 date and time: orders from then on. */
  earliestDate?: string;
  /** ISO 8601 date and time: orders before then. */
  latestDate?: string;
  sortOrder?: OrderSortOrder;
  fields?: string[];
  pageSize?: number;
  pageToken?: string;
}

function refuseGuests(options: OrderCallOptions): void {
  if (options.guestUser) throw new ClientError(ORDERS_NEED_LOGIN);
}

function summaryPath(id: string, rest = ''): string {
  const clean = id.trim();
  if (clean === '') throw new ClientError('orderSummaryId is required');
  return `order-summaries/${encodeURIComponent(clean)}${rest}`;
}

/** GET order-summaries: a page of the caller's orders, filtered by date and sorted. */
export async function getOrderSummaries(options: OrderListOptions = {}): Promise<OrderSummaryPage> {
  refuseGuests(options);
  const raw = await requestJson<Partial<OrderSummaryPage>>(
    commerceUrl('order-summaries', {
      ownerScope: options.ownerScope ?? 'My',
      earliestDate: options.earliestDate || undefined,
      latestDate: options.latestDate || undefined,
      sortOrder: options.sortOrder ?? DEFAULT_ORDER_SORT,
      fields: options.fields?.length ? options.fields.join(',') : undefined,
      pageSize: options.pageSize ?? ORDER_PAGE_SIZE,
      pageToken: options.pageToken,
    }),
    { signal: options.signal },
  );
  return {
    count: raw?.count ?? 0,
    orderSummaries: raw?.orderSummaries ?? [],
    currentPageToken: raw?.currentPageToken ?? null,
    nextPageToken: raw?.nextPageToken ?? null,
  };
}

/** GET order-summaries/{orderSummaryId}: one order of the caller's account (404 for any other). */
export async function getOrderDetail(orderSummaryId: string, options: OrderCallOptions = {}): Promise<OrderDetail> {
  refuseGuests(options);
  return requestJson<OrderDetail>(commerceUrl(summaryPath(orderSummaryId)), { signal: options.signal });
}

/**
 * An order by id or order (reference) number: GET order-summaries/{idOrNumber}, which answers the detail this app
 * shows (POST order-summaries/actions/lookup answers Salesforce's Order Summary Lookup Output, for API clients).
 */
export async function lookupOrder(orderSummaryIdOrRefNumber: string, options: OrderCallOptions = {}): Promise<OrderDetail> {
  refuseGuests(options);
  return requestJson<OrderDetail>(commerceUrl(summaryPath(orderSummaryIdOrRefNumber)), { signal: options.signal });
}

/** POST order-summaries/{id}/actions/add-order-to-cart: the order's products into the current cart. */
export async function addOrderToCart(orderSummaryId: string, options: OrderCallOptions = {}): Promise<ReorderResult> {
  refuseGuests(options);
  const raw = await requestJson<Partial<ReorderResult>>(commerceUrl(summaryPath(orderSummaryId, '/actions/add-order-to-cart')), {
    method: 'POST',
    signal: options.signal,
  });
  return {
    cartId: raw?.cartId ?? '',
    cartSummary: raw?.cartSummary as CartSummary,
    numberOfProductsWithError: raw?.numberOfProductsWithError ?? raw?.productsWithError?.length ?? 0,
    productsWithError: raw?.productsWithError ?? [],
  };
}

/**
 * The date range of the order history filter as the list call takes it: from the start of the
 * `from` day to the start of the day after `to` (latestDate is exclusive), both in the buyer's
 * time zone. Days are yyyy-mm-dd as date inputs give them; an empty day leaves its end open.
 */
export function orderDateRange(from: string, to: string): { earliestDate?: string; latestDate?: string } {
  const startOf = (day: string, plusDays = 0): string | undefined => {
    const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day.trim());
    if (!m) return undefined;
    return new Date(Number(m[1]), Number(m[2]) - 1, Number(m[3]) + plusDays).toISOString();
  };
  return { earliestDate: startOf(from), latestDate: startOf(to, 1) };
}

/** Why a from/to pair cannot filter, or null when it can. */
export function dateRangeError(from: string, to: string): string | null {
  const valid = (d: string) => d === '' || /^\d{4}-\d{2}-\d{2}$/.test(d);
  if (!valid(from) || !valid(to)) return 'Enter dates as YYYY-MM-DD.';
  if (from !== '' && to !== '' && from > to) return 'The "From" date must be on or before the "To" date.';
  return null;
}
