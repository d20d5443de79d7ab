import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  EFFECTIVE_ACCOUNT_ID_REQUIRED,
  EffectiveAccountError,
  chooseEffectiveAccount,
  filterAccounts,
  getEffectiveAccount,
  getEffectiveAccountDetails,
  getManagedAccounts,
  normaliseCommerceError,
  setEffectiveAccount,
  setWebstoreId,
  toEffectiveAccount,
} from './index';
import { jsonResponse, mockFetch, resetClientState } from './testing';

const WS = '0ZEXX0000000001AAA';
const COMMERCE = `/services/data/v64.0/commerce/webstores/${WS}`;
const OWN = '001XX0000000001AAA';
const MANAGED = '001XX0000000002AAA';

const address = { street: '400 Pine St', city: 'Seattle', state: 'WA', country: 'United States', zip: '98101' };

beforeEach(() => {
  resetClientState();
  setWebstoreId(WS);
});
afterEach(() => vi.unstubAllGlobals());

describe('external managed accounts', () => {
  it('GETs external-managed-accounts with her own account and derives effective accounts', async () => {
    const { calls } = mockFetch(() =>
      jsonResponse({
        externalManagedAccounts: [
          { accountId: OWN, accountName: 'Northwind', address, externalManagedAccountId: OWN, isMyAccount: true },
          { accountId: MANAGED, accountName: 'Riverside', address: { street: null, city: ' ', state: null, country: null, zip: null }, externalManagedAccountId: '0MA1', isMyAccount: false },
        ],
      }),
    );
    const list = await getManagedAccounts();
    expect(calls[0].url).toBe(`${COMMERCE}/external-managed-accounts?includeMyAccount=true`);
    expect(list).toEqual([
      { id: OWN, name: 'Northwind', isCurrentUserDefaultAccount: true, address },
      { id: MANAGED, name: 'Riverside', isCurrentUserDefaultAccount: false, address: { street: null, city: null, state: null, country: null, zip: null } },
    ]);
  });

  it('sends the search as q, the effective account as every call does, and reads an empty answer', async () => {
    setEffectiveAccount(MANAGED, 'Riverside');
    const { calls } = mockFetch(() => jsonResponse({}));
    expect(await getManagedAccounts({ includeMyAccount: false, search: '  river ' })).toEqual([]);
    expect(calls[0].url).toBe(`${COMMERCE}/external-managed-accounts?includeMyAccount=false&q=river&effectiveAccountId=${MANAGED}`);
  });

  it('filters 2,000 loaded accounts by name, any case, keeping their order', () => {
    const accounts = Array.from({ length: 2000 }, (_, i) =>
      toEffectiveAccount({ accountId: `001${i}`, accountName: i % 2 ? `Odd Account ${i}` : `Even Account ${i}` }),
    );
    const start = performance.now();
    const found = filterAccounts(accounts, ' ODD account 19');
    expect(performance.now() - start).toBeLessThan(50);
    // 19, the odd ones of 190-199 and of 1900-1999, in the list's order.
    expect(found).toHaveLength(1 + 5 + 50);
    expect(found.slice(0, 3).map((a) => a.name)).toEqual(['Odd Account 19', 'Odd Account 191', 'Odd Account 193']);
    expect(found[found.length - 1].name).toBe('Odd Account 1999');
    expect(filterAccounts(accounts, '  ')).toHaveLength(2000);
  });
});

describe('effective account details', () => {
  it('GETs effective-accounts/{id} with the fields and without the stored account beside it', async () => {
    setEffectiveAccount(OWN, 'Northwind');
    const { calls } = mockFetch(() =>
      jsonResponse({ accountId: MANAGED, accountName: 'Riverside', address, fields: { BillingCity: 'Portland', NumberOfEmployees: null }, isMyAccount: false }),
    );
    const d = await getEffectiveAccountDetails(` ${MANAGED} `, { fields: ['BillingCity', ' ', 'NumberOfEmployees'] });
    expect(calls[0].url).toBe(`${COMMERCE}/effective-accounts/${MANAGED}?fields=BillingCity%2CNumberOfEmployees`);
    expect(d).toEqual({ id: MANAGED, name: 'Riverside', isCurrentUserDefaultAccount: false, address, fields: { BillingCity: 'Portland', NumberOfEmployees: null } });
  });

  it('refuses a blank id with a type error before any call', async () => {
    const { calls } = mockFetch(() => jsonResponse({}));
    for (const id of ['', '   ', undefined as unknown as string]) {
      const err = await getEffectiveAccountDetails(id).catch((e) => e);
      expect(err).toBeInstanceOf(TypeError);
      expect(err.message).toBe(EFFECTIVE_ACCOUNT_ID_REQUIRED);
    }
    expect(calls).toHaveLength(0);
  });

  it('rethrows a failure carrying the status text', async () => {
    mockFetch(() =>
      new Response(JSON.stringify([{ errorCode: 'INSUFFICIENT_ACCESS', message: 'You don\'t have access to the effective account.' }]), {
        status: 403,
        statusText: 'Forbidden',
        headers: { 'Content-Type': 'application/json' },
      }),
    );
    const err = await getEffectiveAccountDetails(MANAGED).catch((e) => e);
    expect(err).toBeInstanceOf(EffectiveAccountError);
    expect(err.message).toBe('Forbidden');
    expect(err.status).toBe(403);
    expect(normaliseCommerceError(err.cause)).toEqual({ code: 'INSUFFICIENT_ACCESS', message: 'You don\'t have access to the effective account.' });
  });
});

describe('choosing the effective account', () => {
  it('stores the id and name trimmed, and forgets them for a blank id or none', () => {
    chooseEffectiveAccount({ id: ` ${MANAGED} `, name: ' Riverside ' });
    expect(sessionStorage.getItem('effectiveAccountId')).toBe(MANAGED);
    expect(getEffectiveAccount()).toEqual({ id: MANAGED, name: 'Riverside' });
    chooseEffectiveAccount({ id: MANAGED, name: '' });
    expect(sessionStorage.getItem('effectiveAccountName')).toBeNull();
    chooseEffectiveAccount({ id: '  ', name: 'Riverside' });
    expect(getEffectiveAccount()).toBeNull();
    chooseEffectiveAccount({ id: MANAGED, name: 'Riverside' });
    chooseEffectiveAccount(null);
    expect(sessionStorage.getItem('effectiveAccountId')).toBeNull();
    expect(sessionStorage.getItem('effectiveAccountName')).toBeNull();
  });
});
