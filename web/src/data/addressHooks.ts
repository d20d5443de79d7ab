// TanStack Query hooks of the address book (spec sections 3, 6 and 7 "Addresses"): the effective
// account's saved addresses, their changes, and the server's refusals mapped to form fields.

import { infiniteQueryOptions, useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import {
  ADDRESS_PAGE_SIZE,
  createAddress,
  deleteAddress,
  getAddresses,
  updateAddress,
  type AddressPage,
  type CommerceAddress,
  type CommerceAddressInput,
} from './addresses';
import { FetchError } from './errors';
import { useViewer, type Viewer } from './hooks';

export const addressKeys = {
  all: ['addresses'] as const,
  book: (userId: string | null, accountId: string | null) => ['addresses', userId, accountId] as const,
};

/**
 * The effective account's address book ('current'), default addresses first, a page at a time
 * (fetchNextPage for more). Every address is listed, also those in countries the store does not
 * ship to: the book is where a buyer fixes them.
 */
export const addressQueries = {
  book: (viewer: Viewer) =>
    infiniteQueryOptions<AddressPage, unknown, CommerceAddress[], ReturnType<typeof addressKeys.book>, string | undefined>({
      queryKey: addressKeys.book(viewer.userId, viewer.accountId),
      queryFn: ({ pageParam, signal }) =>
        getAddresses({ pageSize: ADDRESS_PAGE_SIZE, pageToken: pageParam, excludeUnsupportedCountries: false, signal }),
      initialPageParam: undefined,
      getNextPageParam: (last) => last.nextPageToken ?? undefined,
      select: (data) => data.pages.flatMap((p) => p.items),
      retry: false,
    }),
};

/** The viewer's address book. Off for guests and while the session loads. */
export function useAddressBook() {
  const viewer = useViewer();
  return useInfiniteQuery({ ...addressQueries.book(viewer), enabled: viewer.buyer });
}

/** A change to the book: reloads it when settled (a default moved on the server moves others too). */
function useAddressMutation<TVars, TResult>(mutationFn: (vars: TVars) => Promise<TResult>) {
  const client = useQueryClient();
  return useMutation<TResult, unknown, TVars>({
    mutationFn,
    retry: false,
    onSettled: () => client.invalidateQueries({ queryKey: addressKeys.all }),
  });
}

/** Adds an address (no addressId) or changes one: mutate({addressId?, input}). */
export function useSaveAddress() {
  return useAddressMutation<{ addressId?: string; input: CommerceAddressInput }, CommerceAddress>(({ addressId, input }) =>
    addressId ? updateAddress(addressId, input) : createAddress(input),
  );
}

/** Makes an address the default of its type: mutate(addressId). */
export function useSetDefaultAddress() {
  return useAddressMutation<string, CommerceAddress>((addressId) => updateAddress(addressId, { isDefault: true }));
}

/** Deletes an address: mutate(addressId). */
export function useDeleteAddress() {
  return useAddressMutation<string, void>((addressId) => deleteAddress(addressId));
}

/** The address form's fields, as the wire names them. */
export type AddressFormField =
  | 'firstName'
  | 'lastName'
  | 'companyName'
  | 'street'
  | 'city'
  | 'region'
  | 'postalCode'
  | 'country'
  | 'phoneNumber'
  | 'addressType';

export interface AddressErrors {
  /** Messages for one field each. */
  fields: Partial<Record<AddressFormField, string>>;
  /** What belongs to no one field (or the whole message when nothing could be placed). */
  form: string | null;
}

const FIELD_WORDS: Record<string, AddressFormField[]> = {
  street: ['street'],
  city: ['city'],
  country: ['country'],
  countrycode: ['country'],
  region: ['region'],
  state: ['region'],
  postalcode: ['postalCode'],
  phonenumber: ['phoneNumber'],
  firstname: ['firstName'],
  lastname: ['lastName'],
  name: ['firstName', 'lastName'],
  companyname: ['companyName'],
  addresstype: ['addressType'],
};

/**
 * Places the server's refusal of an address on the form's fields: REQUIRED_FIELD_MISSING names
 * the missing fields ("Required fields are missing: street, city."), a country the store does not
 * ship to or a bad country code belongs to the country; anything else is the form's message.
 */
export function addressErrors(error: unknown): AddressErrors {
  const fields: AddressErrors['fields'] = {};
  if (!(error instanceof FetchError)) {
    return { fields, form: error instanceof Error ? error.message : 'The address could not be saved.' };
  }
  const unplaced: string[] = [];
  for (const entry of error.errors) {
    const message = entry.message ?? '';
    const missing = /Required fields are missing:\s*(.+?)\.?$/i.exec(message);
    if (entry.type === 'REQUIRED_FIELD_MISSING' && missing) {
      const names = missing[1].split(/,|\bor\b/).map((w) => w.trim().toLowerCase()).filter(Boolean);
      for (const name of names) {
        for (const field of FIELD_WORDS[name] ?? []) fields[field] ??= 'This field is required.';
      }
      continue;
    }
    if (/\bship to\b|\bcountry\b|countryCode/i.test(message)) {
      fields.country ??= message;
      continue;
    }
    unplaced.push(message || error.statusText || `HTTP ${error.status}`);
  }
  const form = unplaced.length > 0 ? unplaced.join(' ') : Object.keys(fields).length === 0 ? error.message : null;
  return { fields, form };
}
