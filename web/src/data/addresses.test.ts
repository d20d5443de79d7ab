import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  ADDRESS_ID_REQUIRED,
  CPA_DISABLED,
  ClientError,
  addressFullName,
  createAddress,
  deleteAddress,
  formatPhoneNumber,
  getAddresses,
  normaliseCommerceError,
  setEffectiveAccount,
  setWebstoreId,
  updateAddress,
} from './index';
import { jsonResponse, mockFetch, resetClientState } from './testing';

const WS = '0ZEXX0000000001AAA';
const COMMERCE = `/services/data/v64.0/commerce/webstores/${WS}`;
const ACCOUNT = '001XX0000000002AAA';

const dock = {
  addressId: '8lWXX0000000001AAA', addressType: 'Shipping', city: 'Denver', companyName: 'Acme', country: 'US', fields: {},
  firstName: 'Bonnie', isDefault: true, lastName: 'Buyer', middleName: null, name: 'Receiving Dock',
  phoneNumber: '+1 303 555 0199', postalCode: '80202', region: 'CO', street: '1550 Wynkoop St',
};

beforeEach(() => {
  resetClientState();
  setWebstoreId(WS);
  document.cookie = 'sf_csrf=tok; path=/';
});
afterEach(() => vi.unstubAllGlobals());

describe('the address book calls', () => {
  it('lists the current account\'s addresses with the storefront\'s defaults', async () => {
    const { calls } = mockFetch(() =>
      jsonResponse({ count: 1, items: [dock], pageSize: 20, sortOrder: 'CreatedDateDesc', currentPageToken: '1', nextPageToken: null, previousPageToken: null }),
    );
    const page = await getAddresses({ addressType: 'Shipping' });
    expect(calls[0].url).toBe(
      `${COMMERCE}/accounts/current/addresses?addressType=Shipping&sortOrder=CreatedDateDesc&excludeUnsupportedCountries=true&shouldShowDefaultAddrFirst=true&pageSize=20`,
    );
    expect(page).toEqual({ count: 1, items: [dock], pageSize: 20, sortOrder: 'CreatedDateDesc', currentPageToken: '1', nextPageToken: null, previousPageToken: null });
  });

  it('names an account, a page and the effective account', async () => {
    setEffectiveAccount(ACCOUNT, 'Riverside');
    const { calls } = mockFetch(() => jsonResponse({}));
    const page = await getAddresses({ accountId: ACCOUNT, excludeUnsupportedCountries: false, shouldShowDefaultAddrFirst: false, sortOrder: 'NameAsc', pageSize: 5, pageToken: '2' });
    expect(calls[0].url).toBe(
      `${COMMERCE}/accounts/${ACCOUNT}/addresses?sortOrder=NameAsc&excludeUnsupportedCountries=false&shouldShowDefaultAddrFirst=false&pageSize=5&pageToken=2&effectiveAccountId=${ACCOUNT}`,
    );
    expect(page).toEqual({ count: 0, items: [], pageSize: 5, sortOrder: 'NameAsc', currentPageToken: null, nextPageToken: null, previousPageToken: null });
  });

  it('creates, updates and deletes with the CSRF header', async () => {
    const { calls } = mockFetch((_url, init) => (init.method === 'DELETE' ? new Response(null, { status: 204 }) : jsonResponse(dock, { status: 201 })));
    expect(await createAddress({ street: '1550 Wynkoop St', city: 'Denver', country: 'US', firstName: 'Bonnie', lastName: 'Buyer', isDefault: true })).toEqual(dock);
    expect(await updateAddress(` ${dock.addressId} `, { city: null }, { accountId: ACCOUNT })).toEqual(dock);
    await deleteAddress(dock.addressId);
    expect(calls.map((c) => `${c.method} ${c.url}`)).toEqual([
      `POST ${COMMERCE}/accounts/current/addresses`,
      `PATCH ${COMMERCE}/accounts/${ACCOUNT}/addresses/${dock.addressId}`,
      `DELETE ${COMMERCE}/accounts/current/addresses/${dock.addressId}`,
    ]);
    expect(calls[0].body).toEqual({ street: '1550 Wynkoop St', city: 'Denver', country: 'US', firstName: 'Bonnie', lastName: 'Buyer', isDefault: true });
    expect(calls[1].body).toEqual({ city: null });
    expect(calls.every((c) => c.headers['x-csrf-token'] === 'tok')).toBe(true);
  });

  it('refuses guests and a page size of 0 with CPA disabled, before any call', async () => {
    const { calls } = mockFetch(() => jsonResponse({}));
    for (const call of [
      () => getAddresses({ guestUser: true }),
      () => getAddresses({ pageSize: 0 }),
      () => createAddress({ street: 'x' }, { guestUser: true }),
      () => updateAddress(dock.addressId, {}, { guestUser: true }),
      () => deleteAddress(dock.addressId, { guestUser: true }),
    ]) {
      const err = await call().catch((e) => e);
      expect(err).toBeInstanceOf(ClientError);
      expect(normaliseCommerceError(err)).toEqual({ code: CPA_DISABLED, message: CPA_DISABLED });
    }
    expect(calls).toHaveLength(0);
  });

  it('refuses an update or delete without an address id, before any call', async () => {
    const { calls } = mockFetch(() => jsonResponse({}));
    for (const call of [() => updateAddress('  ', { city: 'X' }), () => updateAddress(undefined as unknown as string, {}), () => deleteAddress('')]) {
      const err = await call().catch((e) => e);
      expect(err).toBeInstanceOf(ClientError);
      expect(err.message).toBe(ADDRESS_ID_REQUIRED);
    }
    expect(calls).toHaveLength(0);
  });
});

describe('address display', () => {
  it('builds the full name, the last name first in CN, HU, JP, KR, MO, MY, SG, TW and VN', () => {
    expect(addressFullName({ firstName: 'Ada', lastName: 'Lovelace', country: 'US' })).toBe('Ada Lovelace');
    for (const country of ['CN', 'HU', 'JP', 'KR', 'MO', 'MY', 'SG', 'TW', 'vn']) {
      expect(addressFullName({ firstName: 'Taro', lastName: 'Yamada', country })).toBe('Yamada Taro');
    }
    expect(addressFullName({ firstName: 'Taro', lastName: 'Yamada', country: 'Japan', countryCode: 'JP' })).toBe('Yamada Taro');
    expect(addressFullName({ firstName: ' Ada ', lastName: null })).toBe('Ada');
    expect(addressFullName({ name: ' Receiving Dock ', firstName: 'Taro', lastName: 'Yamada', country: 'JP' })).toBe('Receiving Dock');
    expect(addressFullName({})).toBe('');
  });

  it('shows North American numbers with +1 as (xxx) xxx-xxxx and others as given', () => {
    expect(formatPhoneNumber('+13035550199')).toBe('(303) 555-0199');
    expect(formatPhoneNumber(' +1 303 555 0199 ')).toBe('(303) 555-0199');
    expect(formatPhoneNumber('+1 (303) 555-0199')).toBe('(303) 555-0199');
    expect(formatPhoneNumber('+1.303.555.0199')).toBe('(303) 555-0199');
    expect(formatPhoneNumber('+1 303 555 019')).toBe('+1 303 555 019');
    expect(formatPhoneNumber('+1 303 555 0199 x12')).toBe('+1 303 555 0199 x12');
    expect(formatPhoneNumber('+44 20 7946 0958')).toBe('+44 20 7946 0958');
    expect(formatPhoneNumber('303 555 0199')).toBe('303 555 0199');
    expect(formatPhoneNumber(null)).toBe('');
  });
});
