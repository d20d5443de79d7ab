// Typed checkout calls (spec section 7 "Delivery groups" and "Checkouts"; rules of section 4
// "Checkout" and section 5): start with one delete-and-restart on 410/422, ready on 200 or 422,
// one part per PATCH, payments, placing the order (which clears the active checkout id and
// raises the order-placed notice). Delivery-group calls reuse the cart transport.

import { addressFullName } from './addresses';
import { parseCount } from './cart';
import { cartPath, cartRequest, loadDeliveryGroups, type CartCallOptions } from './cartHttp';
import { runCartMutation } from './cartStatus';
import { ClientError, FetchError, InternalErrorCode } from './errors';
import { commerceUrl, request, type JsonResponse } from './http';
import { pollUntil, withRetry } from './retry';

/** Countries whose full names put the family name first (spec section 5). */
export const DELIVERY_GROUPS_LIMIT = 20;
export const DELIVERY_GROUP_REQUIRED = 'deliveryGroupId required';
export const OPTIONS_REQUIRED = 'options required';

export interface Address {
  id?: string;
  addressId?: string;
  name?: string;
  firstName?: string;
  lastName?: string;
  companyName?: string;
  street?: string;
  city?: string;
  region?: string;
  postalCode?: string;
  country?: string;
  phoneNumber?: string;
}

/** A delivery address as sent: the id alone for an address-book entry, else the full address with a full name. */
export function toDeliveryAddress(a: Address): Record<string, string> {
  const id = (a.id ?? a.addressId ?? '').trim();
  if (id) return { id };
  const first = a.firstName?.trim() ?? '';
  const last = a.lastName?.trim() ?? '';
  const name = addressFullName(a);
  const out: Record<string, string> = {};
  // The server sends empty parts as null: those are left out as blanks are.
  const put = (k: string, v: string | null | undefined) => {
    if (typeof v === 'string' && v.trim() !== '') out[k] = v.trim();
  };
  put('name', name);
  put('firstName', first);
  put('lastName', last);
  put('companyName', a.companyName);
  put('street', a.street);
  put('city', a.city);
  put('region', a.region);
  put('postalCode', a.postalCode);
  put('country', a.country);
  put('shipToPhoneNumber', a.phoneNumber);
  return out;
}

export interface CheckoutError {
  type?: string;
  errorCode?: string;
  title?: string;
  detail?: string;
}

export interface Checkout {
  checkoutId: string;
  /** The HTTP status the checkout was read with (200 ready, 422 a calculation failed). */
  checkoutStatus: number;
  cartSummary?: Record<string, unknown>;
  contactInfo?: Record<string, string>;
  deliveryGroups: { count: number; items: DeliveryGroup[] };
  errors: CheckoutError[];
  orderReferenceNumber?: string | null;
}

export interface DeliveryGroup {
  id: string;
  isDefault: boolean;
  totalCartItemCount: number | string;
  deliveryAddress?: Address | null;
  items?: unknown[];
  [field: string]: unknown;
}

/** Statuses 200 and 422 count as received, and only those count as ready. */
export function isCheckoutReady(status: number): boolean {
  return status === 200 || status === 422;
}

/** Drops groups without items and makes the first the default when none is (spec section 5). */
export function normaliseDeliveryGroups(groups: DeliveryGroup[]): DeliveryGroup[] {
  const kept = groups.filter((g) => parseCount(g.totalCartItemCount) > 0);
  if (kept.length > 0 && !kept.some((g) => g.isDefault)) kept[0] = { ...kept[0], isDefault: true };
  return kept;
}

// The active checkout, and who hears that an order was placed.
let activeCheckoutId: string | null = null;
const orderListeners = new Set<(orderReferenceNumber: string | null) => void>();

export function getActiveCheckoutId(): string | null {
  return activeCheckoutId;
}

/** Subscribes to the order-placed notice; returns the unsubscribe function. */
export function onOrderPlaced(listener: (orderReferenceNumber: string | null) => void): () => void {
  orderListeners.add(listener);
  return () => orderListeners.delete(listener);
}

function orderPlaced(ref: string | null): void {
  activeCheckoutId = null;
  for (const l of orderListeners) l(ref);
}

/** Forgets the active checkout and the listeners (tests). */
export function resetCheckoutState(): void {
  activeCheckoutId = null;
  orderListeners.clear();
}

function send<T>(method: string, path: string, body?: unknown, signal?: AbortSignal): Promise<JsonResponse<T>> {
  return request<T>(commerceUrl(path), { method, body, signal });
}

interface RawCheckout extends Omit<Checkout, 'checkoutStatus' | 'deliveryGroups' | 'errors'> {
  deliveryGroups?: { count?: number; items?: DeliveryGroup[] };
  errors?: CheckoutError[];
}

function toCheckout(raw: RawCheckout | undefined, status: number): Checkout {
  if (!raw?.checkoutId) throw new ClientError(InternalErrorCode.NULL_CHECKOUTID);
  const items = normaliseDeliveryGroups(raw.deliveryGroups?.items ?? []);
  return { ...raw, checkoutStatus: status, deliveryGroups: { count: items.length, items }, errors: raw.errors ?? [] };
}

/** A checkout read that also accepts the 422 answer (a calculation failed) as a result. */
async function readCheckout(id: string, signal?: AbortSignal): Promise<JsonResponse<RawCheckout>> {
  try {
    return await send<RawCheckout>('GET', `checkouts/${encodeURIComponent(id)}`, undefined, signal);
  } catch (err) {
    if (err instanceof FetchError && err.status === 422) return { data: err.body as RawCheckout, status: 422, headers: new Headers() };
    throw err;
  }
}

/** GET checkouts/{id|active}; 200 and 422 both answer a checkout. */
export async function getCheckout(id = 'active', options: { signal?: AbortSignal } = {}): Promise<Checkout> {
  const res = await withRetry(() => readCheckout(id, options.signal));
  return toCheckout(res.data, res.status);
}

export interface StartCheckoutInput {
  cartId?: string;
  /** The delivery address; none: the account's default address. */
  deliveryAddress?: Address;
  /** Leaves the delivery groups' addresses as they are (a restart after the groups were arranged). */
  keepDeliveryAddress?: boolean;
  signal?: AbortSignal;
}

const isInventoryError = (errors: CheckoutError[] | undefined) =>
  (errors ?? []).some((e) => `${e.errorCode ?? ''} ${e.type ?? ''}`.toUpperCase().includes('INVENTORY'));

/**
 * Starts the checkout (PUT checkouts, 202) and polls it until it is ready (200 or 422). A start
 * answered 410 or 422 deletes the old checkout and is tried once more. No checkoutId fails with
 * NULL_CHECKOUTID; an inventory failure with INSUFFICIENT_INVENTORY.
 */
export async function startCheckout(input: StartCheckoutInput = {}): Promise<Checkout> {
  const body: Record<string, unknown> = { cartId: input.cartId?.trim() || 'current' };
  if (!input.keepDeliveryAddress) {
    body.deliveryAddressInput = input.deliveryAddress ? toDeliveryAddress(input.deliveryAddress) : { shouldUseDefaultAddress: true };
  }
  const start = () => send<RawCheckout>('PUT', 'checkouts', body, input.signal);
  let started: JsonResponse<RawCheckout>;
  try {
    started = await start();
  } catch (err) {
    if (!(err instanceof FetchError) || (err.status !== 410 && err.status !== 422)) throw err;
    const old = (err.body as RawCheckout | undefined)?.checkoutId || 'active';
    await send('DELETE', `checkouts/${encodeURIComponent(old)}`, undefined, input.signal).catch((e) => {
      if (!(e instanceof FetchError && e.status === 404)) throw e;
    });
    started = await start();
  }
  const id = started.data?.checkoutId;
  if (!id) throw new ClientError(InternalErrorCode.NULL_CHECKOUTID);
  activeCheckoutId = id;
  const ready = await pollUntil(() => readCheckout(id, input.signal), (res) => isCheckoutReady(res.status));
  const checkout = toCheckout(ready.data, ready.status);
  if (ready.status === 422 && isInventoryError(checkout.errors)) {
    throw new ClientError(InternalErrorCode.INSUFFICIENT_INVENTORY, checkout.errors[0]?.detail);
  }
  return checkout;
}

export type CheckoutUpdate =
  | { contactInfo: { email?: string; firstName?: string; lastName?: string; phoneNumber?: string } }
  | { deliveryAddress: Address; desiredDeliveryDate?: string; shippingInstructions?: string }
  | { deliveryMethodId: string };

/** PATCH checkouts/{id}: one part per call (the server answers 400 to a mixture; refused here first). */
export async function updateCheckout(id: string, update: CheckoutUpdate, options: { signal?: AbortSignal } = {}): Promise<Checkout> {
  const parts = ['contactInfo', 'deliveryAddress', 'deliveryMethodId'].filter((k) => k in update);
  if (parts.length !== 1) throw new ClientError(InternalErrorCode.INTERNAL_ERROR, 'one checkout part per update');
  let body: Record<string, unknown> = { ...update };
  if ('contactInfo' in update) {
    // Blank contact values are removed.
    body = { contactInfo: Object.fromEntries(Object.entries(update.contactInfo).filter(([, v]) => typeof v === 'string' && v.trim() !== '')) };
  } else if ('deliveryAddress' in update) {
    body = { ...update, deliveryAddress: toDeliveryAddress(update.deliveryAddress) };
  }
  const res = await send<RawCheckout>('PATCH', `checkouts/${encodeURIComponent(id)}`, body, options.signal);
  return toCheckout(res.data, res.status);
}

export async function deleteCheckout(id: string): Promise<void> {
  await send('DELETE', `checkouts/${encodeURIComponent(id)}`);
  if (activeCheckoutId === id) activeCheckoutId = null;
}

export async function applyCheckoutCoupon(id: string, couponCode: string): Promise<unknown> {
  return (await send('POST', `checkouts/${encodeURIComponent(id)}/coupons`, { couponCode: couponCode.trim() })).data;
}

export async function removeCheckoutCoupon(id: string, couponId: string): Promise<void> {
  await send('DELETE', `checkouts/${encodeURIComponent(id)}/coupons/${encodeURIComponent(couponId)}`);
}

export interface CardInput {
  cardHolderName: string;
  cardNumber: string;
  cvv: string;
  expiryMonth: number | string;
  expiryYear: number | string;
}

/** POST payments/token: the gateway's token for a card (the number goes no further). */
export async function tokenizeCard(card: CardInput): Promise<string> {
  const res = await send<{ token?: string }>('POST', 'payments/token', { cardPaymentMethod: card });
  if (!res.data?.token) throw new ClientError(InternalErrorCode.INTERNAL_ERROR, 'no payment token');
  return res.data.token;
}

export interface PaymentInput {
  paymentToken?: string;
  requestType: 'Auth' | 'PostAuth' | 'SimplePurchaseOrder' | 'ClientRequest';
  billingAddress?: Address;
  /** Sent as a JSON string. */
  paymentsData?: string | Record<string, unknown>;
  registrationAccountId?: string;
}

export interface PaymentResult {
  salesforceResultCode: 'Success' | 'Decline' | 'ValidationError' | 'SystemError';
  paymentData?: string | null;
  errors: CheckoutError[];
}

/** POST checkouts/{id}/payments. The billing name is the first and last name together. */
export async function payCheckout(id: string, input: PaymentInput): Promise<PaymentResult> {
  const body: Record<string, unknown> = { requestType: input.requestType };
  if (input.paymentToken !== undefined) body.paymentToken = input.paymentToken;
  if (input.billingAddress) {
    const { shipToPhoneNumber: _phone, firstName: _f, lastName: _l, ...billing } = toDeliveryAddress(input.billingAddress);
    body.billingAddress = billing;
  }
  if (input.paymentsData !== undefined) {
    body.paymentsData = typeof input.paymentsData === 'string' ? input.paymentsData : JSON.stringify(input.paymentsData);
  }
  if (input.registrationAccountId) body.registrationAccountId = input.registrationAccountId;
  const res = await send<PaymentResult>('POST', `checkouts/${encodeURIComponent(id)}/payments`, body);
  return { ...res.data, errors: res.data?.errors ?? [] };
}

export interface PlacedOrder {
  orderReferenceNumber: string | null;
  orderSummaryId?: string | null;
}

/** POST checkouts/{id}/orders; clears the active checkout id and raises the order-placed notice. */
export async function placeOrder(id: string): Promise<PlacedOrder> {
  const res = await send<PlacedOrder>('POST', `checkouts/${encodeURIComponent(id)}/orders`);
  orderPlaced(res.data?.orderReferenceNumber ?? null);
  return res.data;
}

/** POST checkouts/{id}/orders/actions: prepare (before payment) or submit (places the order, as placeOrder). */
export async function orderAction(id: string, action: 'prepare' | 'submit', parameters?: Record<string, unknown>): Promise<PlacedOrder> {
  const res = await send<PlacedOrder>('POST', `checkouts/${encodeURIComponent(id)}/orders/actions`, {
    actions: [parameters ? { action, parameters } : { action }],
  });
  if (action === 'submit') orderPlaced(res.data?.orderReferenceNumber ?? null);
  return res.data;
}

interface GroupCollection {
  count?: number;
  items?: DeliveryGroup[];
}

/** GET carts/{id}/delivery-groups (limit 20, cartItemLimit 0), polling until a 200; groups normalised. */
export async function getDeliveryGroups(
  q: CartCallOptions & { limit?: number; cartItemLimit?: number } = {},
): Promise<DeliveryGroup[]> {
  const query = { limit: q.limit ?? DELIVERY_GROUPS_LIMIT, cartItemLimit: q.cartItemLimit ?? 0 };
  const res = await loadDeliveryGroups(() => cartRequest<GroupCollection>('GET', cartPath(q.cartId, 'delivery-groups'), { query, signal: q.signal }));
  return normaliseDeliveryGroups(res.data?.items ?? []);
}

/** GET carts/{id}/delivery-groups/{deliveryGroupId}; a blank id fails with 'deliveryGroupId required'. */
export async function getDeliveryGroup(deliveryGroupId: string, q: CartCallOptions = {}): Promise<DeliveryGroup> {
  if (!deliveryGroupId?.trim()) throw new ClientError(DELIVERY_GROUP_REQUIRED);
  const res = await loadDeliveryGroups(() => cartRequest<DeliveryGroup>('GET', cartPath(q.cartId, 'delivery-groups', deliveryGroupId.trim()), { signal: q.signal }));
  return res.data;
}

export interface Arrangement {
  deliveryGroupId: string;
  cartItemIds: string[];
}

/**
 * POST carts/{id}/delivery-groups/actions/arrange-items; options are required ('options required').
 * A 202 means the move is processing: the groups are then loaded until they answer 200.
 */
export function arrangeDeliveryGroupItems(
  arrangements: Arrangement[],
  options: { deleteEmptyDeliveryGroups: boolean } | undefined,
  q: CartCallOptions = {},
): Promise<DeliveryGroup[]> {
  if (!options) return Promise.reject(new ClientError(OPTIONS_REQUIRED));
  return runCartMutation('deliveryGroup', async () => {
    const res = await cartRequest<GroupCollection>('POST', cartPath(q.cartId, 'delivery-groups', 'actions', 'arrange-items'), {
      body: { arrangements, options },
      signal: q.signal,
    });
    if (res.status === 202) return getDeliveryGroups(q);
    return normaliseDeliveryGroups(res.data?.items ?? []);
  });
}

/** The fields of a delivery group create or update (split shipment). */
export interface DeliveryGroupInput {
  name?: string;
  deliveryAddress?: Address;
  deliveryMethodId?: string;
  desiredDeliveryDate?: string;
  shippingInstructions?: string;
}

function groupBody(input: DeliveryGroupInput): Record<string, unknown> {
  const { deliveryAddress, ...rest } = input;
  return deliveryAddress ? { ...rest, deliveryAddress: toDeliveryAddress(deliveryAddress) } : { ...rest };
}

/** POST carts/{id}/delivery-groups: a further group (only where the store enables split shipment). */
export function createDeliveryGroup(input: DeliveryGroupInput, q: CartCallOptions = {}): Promise<DeliveryGroup> {
  return runCartMutation('deliveryGroup', async () => {
    const res = await cartRequest<DeliveryGroup>('POST', cartPath(q.cartId, 'delivery-groups'), { body: groupBody(input), signal: q.signal });
    return res.data;
  });
}

/** PATCH carts/{id}/delivery-groups/{deliveryGroupId}; a blank id fails with 'deliveryGroupId required'. */
export function updateDeliveryGroup(deliveryGroupId: string, input: DeliveryGroupInput, q: CartCallOptions = {}): Promise<DeliveryGroup> {
  if (!deliveryGroupId?.trim()) return Promise.reject(new ClientError(DELIVERY_GROUP_REQUIRED));
  return runCartMutation('deliveryGroup', async () => {
    const res = await cartRequest<DeliveryGroup>('PATCH', cartPath(q.cartId, 'delivery-groups', deliveryGroupId.trim()), {
      body: groupBody(input),
      signal: q.signal,
    });
    return res.data;
  });
}
