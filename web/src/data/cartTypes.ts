// Wire shapes of the cart calls (contracts commerce/SHAPES.md 2.3) and the reading of
// them. Money and quantities arrive as decimal strings ("250.00", "2.0") and stay raw
// strings here, so that prices are shown exactly as sent (lib/price.ts parses them for
// display); only counts and quantities, which components compare and edit, are parsed.

import { normaliseCartError, type CommerceError } from './errors';
import { parseCount } from './cart';

/** A decimal as the wire sends it ("250.00"); null when the server has none. */
export type WireDecimal = string | null;

/** Completed, Errored or Processing (v59); anything but Processing counts as done. */
export type AsyncOperationStatus = 'Completed' | 'Errored' | 'Processing' | (string & {});

export interface MessagesSummary {
  errorCount?: number | null;
  hasErrors?: boolean | null;
  limitedMessages?: unknown[];
  relatedEntityId?: string | null;
  totalLineItemsWithErrors?: number | null;
}

/** Cart Summary: GET/PUT carts/{id}, POST carts, clone, and cartSummary of the item list. */
export interface CartSummary {
  cartId: string;
  accountId?: string | null;
  asyncOperationStatus?: AsyncOperationStatus | null;
  currencyIsoCode?: string | null;
  grandTotalAmount?: WireDecimal;
  messagesSummary?: MessagesSummary | null;
  name?: string | null;
  ownerId?: string | null;
  purchaseOrderNumber?: string | null;
  status?: 'Active' | 'Checkout' | 'Closed' | 'PendingClosed' | 'PendingDelete' | 'Processing' | (string & {}) | null;
  taxType?: string | null;
  totalAmountWithItemAdjustment?: WireDecimal;
  totalCartLevelAdjustmentAmount?: WireDecimal;
  totalChargeAmount?: WireDecimal;
  totalListPrice?: WireDecimal;
  totalProductAmount?: WireDecimal;
  totalProductAmountAfterAdjustments?: WireDecimal;
  /** Sum of the product quantities, a string such as "2.0". */
  totalProductCount?: WireDecimal;
  totalProductLineItemCount?: number | string | null;
  totalPromotionalAdjustmentAmount?: WireDecimal;
  totalTaxAmount?: WireDecimal;
  type?: 'Cart' | 'PayNowReadOnly' | 'Template' | (string & {}) | null;
  uniqueProductCount?: number | null;
  webstoreId?: string | null;
  [key: string]: unknown;
}

export interface CartItemProductDetails {
  productId?: string;
  name?: string | null;
  sku?: string | null;
  fields?: Record<string, string | null>;
  thumbnailImage?: { url?: string | null; alternateText?: string | null; title?: string | null } | null;
  [key: string]: unknown;
}

/** Cart Item: an entry of the item list, and the answer of POST and PATCH cart-items. */
export interface CartItem {
  cartItemId: string | null;
  cartId?: string;
  productId?: string;
  name?: string | null;
  /** A decimal string ("5"). */
  quantity?: WireDecimal;
  type?: 'Product' | 'DeliveryCharge' | (string & {});
  listPrice?: WireDecimal;
  salesPrice?: WireDecimal;
  totalAmount?: WireDecimal;
  totalListPrice?: WireDecimal;
  totalPrice?: WireDecimal;
  totalTax?: WireDecimal;
  totalAdjustmentAmount?: WireDecimal;
  unitAdjustedPrice?: WireDecimal;
  currencyIsoCode?: string | null;
  productDetails?: CartItemProductDetails | null;
  messagesSummary?: MessagesSummary | null;
  [key: string]: unknown;
}

export interface CartPromotion {
  promotionId?: string;
  displayName?: string | null;
  termsAndConditions?: string | null;
  adjustmentAmount?: WireDecimal;
  couponCode?: string | null;
  targetType?: string | null;
  currencyIsoCode?: string | null;
}

export interface CartCoupon {
  /** The id DELETE cart-coupons/{couponId} takes (not the code). */
  cartCouponId: string;
  couponCode: string;
}

/** One line of the cart: the item plus its Cart Item Result status, and the parsed quantity. */
export interface CartLine {
  item: CartItem;
  /** "Success", or an error status; null for an item the server sent flat. */
  status: string | null;
  message: string | null;
  quantity: number;
}

/** Cart Item Collection (GET carts/{id}/cart-items) as components use it. */
export interface CartItemsPage {
  lines: CartLine[];
  summary: CartSummary | null;
  promotions: CartPromotion[];
  coupons: CartCoupon[];
  approachingDiscounts: unknown[];
  hasErrors: boolean;
  currentPage: number | null;
  totalItemCount: number | null;
  totalNumberOfPages: number | null;
  currentPageToken: string | null;
  nextPageToken: string | null;
  previousPageToken: string | null;
}

/** Preserve Cart Output (POST carts/{id}/actions/preserve); empty when nothing was preserved. */
export interface PreserveCartResult {
  cartId?: string | null;
  currencyIsoCode?: string | null;
  numberOfProducts?: number | null;
  numberOfProductsWithError?: number | null;
  numberOfProductsWithSuccess?: number | null;
  failedCartItems?: unknown[];
  succeededCartItems?: unknown[];
}

/** Product Cart Item Collection (GET carts/{id}/products): the cart's items grouped by product. */
export interface CartProductsPage {
  count?: number | null;
  currentPage?: number | null;
  hasErrors?: boolean | null;
  products?: Record<string, unknown>[];
  totalProductCount?: number | null;
  totalNumberOfPages?: number | null;
  [key: string]: unknown;
}

/** An item to add: quantity may be a number or a decimal string; it is sent as a string. */
export interface CartItemInput {
  productId: string;
  quantity: number | string;
  productSellingModelId?: string;
  subscriptionTerm?: number;
}

/** The outcome of one input of a batch add, in input order. */
export interface BatchLineResult {
  input: CartItemInput;
  ok: boolean;
  /** HTTP status of the line (201 when added); null when its whole chunk failed. */
  statusCode: number | null;
  item: CartItem | null;
  error: CommerceError | null;
}

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function text(v: unknown): string | null {
  return typeof v === 'string' ? v : null;
}

function int(v: unknown): number | null {
  return typeof v === 'number' && Number.isFinite(v) ? v : null;
}

/** The body of POST cart-items (quantity as a decimal string, type Product). */
export function toCartItemBody(input: CartItemInput): Record<string, unknown> {
  const body: Record<string, unknown> = { productId: input.productId, quantity: String(input.quantity), type: 'Product' };
  if (input.productSellingModelId) body.productSellingModelId = input.productSellingModelId;
  if (input.subscriptionTerm !== undefined) body.subscriptionTerm = input.subscriptionTerm;
  return body;
}

/** An entry of cartItems: a Cart Item Result {cartItem, message, status}, or (some orgs) the item itself. */
export function toCartLine(entry: unknown): CartLine | null {
  if (!isRecord(entry)) return null;
  const wrapped = isRecord(entry.cartItem);
  const item = (wrapped ? entry.cartItem : entry) as CartItem;
  return {
    item,
    status: wrapped ? text(entry.status) : null,
    message: wrapped ? text(entry.message) : null,
    quantity: parseCount(item.quantity),
  };
}

/** The list inside a collection that may be wrapped once or twice: {key: {key: [..]}} or {key: [..]}. */
function unwrapList<T>(outer: unknown, inner: string, list: string): T[] {
  if (!isRecord(outer)) return [];
  const twice = isRecord(outer[inner]) ? (outer[inner] as Record<string, unknown>)[list] : undefined;
  const found = Array.isArray(twice) ? twice : outer[list];
  return Array.isArray(found) ? (found.filter(isRecord) as T[]) : [];
}

/** Promotions: cartPromotions.promotions.promotions[], or cartPromotions.promotions[]. */
export function cartPromotionsOf(raw: unknown): CartPromotion[] {
  return unwrapList<CartPromotion>(isRecord(raw) ? raw.cartPromotions : undefined, 'promotions', 'promotions');
}

/** Coupons: cartCoupons.cartCoupons.coupons[], or cartCoupons.coupons[]. */
export function cartCouponsOf(raw: unknown): CartCoupon[] {
  return unwrapList<CartCoupon>(isRecord(raw) ? raw.cartCoupons : undefined, 'cartCoupons', 'coupons');
}

/** Reads a Cart Item Collection; anything missing reads as empty. */
export function toCartItemsPage(raw: unknown): CartItemsPage {
  const r = isRecord(raw) ? raw : {};
  const entries = Array.isArray(r.cartItems) ? r.cartItems : [];
  return {
    lines: entries.map(toCartLine).filter((l): l is CartLine => l !== null),
    summary: isRecord(r.cartSummary) ? (r.cartSummary as CartSummary) : null,
    promotions: cartPromotionsOf(r),
    coupons: cartCouponsOf(r),
    approachingDiscounts: Array.isArray(r.approachingDiscounts) ? r.approachingDiscounts : [],
    hasErrors: r.hasErrors === true,
    currentPage: int(r.currentPage),
    totalItemCount: int(r.totalItemCount),
    totalNumberOfPages: int(r.totalNumberOfPages),
    currentPageToken: text(r.currentPageToken),
    nextPageToken: text(r.nextPageToken),
    previousPageToken: text(r.previousPageToken),
  };
}

/**
 * Reads Batch Results {hasErrors, results: [{statusCode, result}]} (same order as the
 * inputs). A line is ok with a 2xx status; otherwise its result is an errors list,
 * normalised like any cart error. A line the answer lacks fails with UNKNOWN_ERROR.
 */
export function toBatchLineResults(inputs: CartItemInput[], raw: unknown): BatchLineResult[] {
  const results = isRecord(raw) && Array.isArray(raw.results) ? raw.results : [];
  return inputs.map((input, i) => {
    const entry = isRecord(results[i]) ? results[i] : {};
    const statusCode = int(entry.statusCode);
    const ok = statusCode !== null && statusCode >= 200 && statusCode < 300;
    if (ok) return { input, ok, statusCode, item: isRecord(entry.result) ? (entry.result as CartItem) : null, error: null };
    const errors = Array.isArray(entry.result) ? entry.result : entry.result === undefined ? [] : [entry.result];
    return { input, ok: false, statusCode, item: null, error: normaliseCartError({ errors }) };
  });
}

/** Ready for checkout: the cart has products, none in error, and is not being processed. */
export function isReadyForCheckout(page: CartItemsPage): boolean {
  return (
    !page.hasErrors &&
    page.summary?.asyncOperationStatus !== 'Processing' &&
    parseCount(page.summary?.totalProductCount) > 0 &&
    page.lines.every((line) => line.status === null || line.status === 'Success')
  );
}
