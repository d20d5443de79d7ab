// The address book (spec sections 3, 5, 6, 7 "Addresses"): an account's saved addresses, and the
// display rules of names and phone numbers. Saved addresses are unavailable to guests.

import { ClientError } from './errors';
import { commerceUrl, request, requestJson } from './http';

export type AddressType = 'Shipping' | 'Billing';
export type AddressSortOrder = 'CreatedDateDesc' | 'CreatedDateAsc' | 'NameAsc' | 'NameDesc';

/** A Commerce Address as the server sends it; text is null when empty. */
export interface CommerceAddress {
  addressId: string;
  addressType: AddressType;
  city: string | null;
  companyName: string | null;
  country: string | null;
  fields: Record<string, string | null>;
  firstName: string | null;
  isDefault: boolean;
  lastName: string | null;
  middleName: string | null;
  name: string | null;
  phoneNumber: string | null;
  postalCode: string | null;
  region: string | null;
  street: string | null;
}

/** What a create or update sends; on update only the properties given change (null clears one). */
export interface CommerceAddressInput {
  addressType?: AddressType;
  city?: string | null;
  companyName?: string | null;
  country?: string | null;
  countryCode?: string | null;
  firstName?: string | null;
  isDefault?: boolean;
  lastName?: string | null;
  middleName?: string | null;
  /** Built by the server from the first and last names, in the country's order, when not given. */
  name?: string | null;
  phoneNumber?: string | null;
  postalCode?: string | null;
  region?: string | null;
  street?: string | null;
}

export interface AddressPage {
  count: number;
  items: CommerceAddress[];
  pageSize: number;
  sortOrder: AddressSortOrder;
  currentPageToken: string | null;
  nextPageToken: string | null;
  previousPageToken: string | null;
}

/** The refusal of the address book to guests and to a page size of 0 (spec sections 5 and 8). */
export const CPA_DISABLED = 'CPA disabled';
/** The refusal of an update or delete without an address id (spec sections 5 and 8). */
export const ADDRESS_ID_REQUIRED = 'addressId is required';
/** The page size storefronts ask for. */
export const ADDRESS_PAGE_SIZE = 20;
/** The commerce config's default sort order (spec section 3). */
export const DEFAULT_ADDRESS_SORT: AddressSortOrder = 'CreatedDateDesc';

export interface AddressCallOptions {
  /** The account whose book it is: an account id, or 'current' (the effective account; the default). */
  accountId?: string;
  /** The session's guestUser flag: guests have no address book and are refused before any call. */
  guestUser?: boolean;
  signal?: AbortSignal;
}

export interface AddressListOptions extends AddressCallOptions {
  addressType?: AddressType;
  /** Default true: shipping addresses the store does not ship to are left out. */
  excludeUnsupportedCountries?: boolean;
  /** Default true: the default addresses come first. */
  shouldShowDefaultAddrFirst?: boolean;
  sortOrder?: AddressSortOrder;
  pageSize?: number;
  pageToken?: string;
}

function refuseGuests(options: AddressCallOptions): void {
  if (options.guestUser) throw new ClientError(CPA_DISABLED);
}

function bookPath(options: AddressCallOptions, addressId?: string): string {
  const account = options.accountId?.trim() || 'current';
  const base = `accounts/${encodeURIComponent(account)}/addresses`;
  return addressId === undefined ? base : `${base}/${encodeURIComponent(addressId)}`;
}

/** The address id of an update or delete, trimmed; a blank one is refused before any call. */
function requireAddressId(addressId: string | null | undefined): string {
  const id = typeof addressId === 'string' ? addressId.trim() : '';
  if (id === '') throw new ClientError(ADDRESS_ID_REQUIRED);
  return id;
}

/** GET accounts/{accountId|current}/addresses. Guests and a page size of 0 get 'CPA disabled'. */
export async function getAddresses(options: AddressListOptions = {}): Promise<AddressPage> {
  refuseGuests(options);
  const pageSize = options.pageSize ?? ADDRESS_PAGE_SIZE;
  if (pageSize === 0) throw new ClientError(CPA_DISABLED);
  const raw = await requestJson<Partial<AddressPage>>(
    commerceUrl(bookPath(options), {
      addressType: options.addressType,
      sortOrder: options.sortOrder ?? DEFAULT_ADDRESS_SORT,
      excludeUnsupportedCountries: options.excludeUnsupportedCountries ?? true,
      shouldShowDefaultAddrFirst: options.shouldShowDefaultAddrFirst ?? true,
      pageSize,
      pageToken: options.pageToken,
    }),
    { signal: options.signal },
  );
  return {
    count: raw?.count ?? 0,
    items: raw?.items ?? [],
    pageSize: raw?.pageSize ?? pageSize,
    sortOrder: raw?.sortOrder ?? options.sortOrder ?? DEFAULT_ADDRESS_SORT,
    currentPageToken: raw?.currentPageToken ?? null,
    nextPageToken: raw?.nextPageToken ?? null,
    previousPageToken: raw?.previousPageToken ?? null,
  };
}

/** POST accounts/{accountId|current}/addresses: the new address. */
export async function createAddress(input: CommerceAddressInput, options: AddressCallOptions = {}): Promise<CommerceAddress> {
  refuseGuests(options);
  return requestJson<CommerceAddress>(commerceUrl(bookPath(options)), { method: 'POST', body: input, signal: options.signal });
}

/** PATCH accounts/{accountId|current}/addresses/{addressId}: the address after the change. */
export async function updateAddress(
  addressId: string,
  changes: CommerceAddressInput,
  options: AddressCallOptions = {},
): Promise<CommerceAddress> {
  refuseGuests(options);
  const id = requireAddressId(addressId);
  return requestJson<CommerceAddress>(commerceUrl(bookPath(options, id)), { method: 'PATCH', body: changes, signal: options.signal });
}

/** DELETE accounts/{accountId|current}/addresses/{addressId}. */
export async function deleteAddress(addressId: string, options: AddressCallOptions = {}): Promise<void> {
  refuseGuests(options);
  const id = requireAddressId(addressId);
  await request<void>(commerceUrl(bookPath(options, id)), { method: 'DELETE', signal: options.signal });
}

/** The countries where a full name starts with the last name (spec section 5). */
export const LAST_NAME_FIRST_COUNTRIES: ReadonlySet<string> = new Set(['CN', 'HU', 'JP', 'KR', 'MO', 'MY', 'SG', 'TW', 'VN']);

function clean(v: string | null | undefined): string {
  return typeof v === 'string' ? v.trim() : '';
}

/**
 * The full name of an address: its name when it has one, otherwise its first and last names,
 * the last name first for the countries of LAST_NAME_FIRST_COUNTRIES (by countryCode, or by
 * country when that is a two-letter code).
 */
export function addressFullName(a: {
  name?: string | null;
  firstName?: string | null;
  lastName?: string | null;
  country?: string | null;
  countryCode?: string | null;
}): string {
  const name = clean(a.name);
  if (name !== '') return name;
  const country = clean(a.countryCode) || clean(a.country);
  const parts = [clean(a.firstName), clean(a.lastName)];
  if (LAST_NAME_FIRST_COUNTRIES.has(country.toUpperCase())) parts.reverse();
  return parts.filter((p) => p !== '').join(' ');
}

/**
 * A phone number for display: a North American number with +1 (ten digits after it, however
 * punctuated) as (xxx) xxx-xxxx; anything else as given.
 */
export function formatPhoneNumber(phone: string | null | undefined): string {
  const raw = clean(phone);
  if (!raw.startsWith('+1')) return raw;
  const rest = raw.slice(2);
  if (!/^[\s().-]*(\d[\s().-]*){10}$/.test(rest)) return raw;
  const d = rest.replace(/\D/g, '');
  return `(${d.slice(0, 3)}) ${d.slice(3, 6)}-${d.slice(6)}`;
}
