import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { routes } from '../../routes';
import { createQueryClient } from '../../queryClient';
import { setBasePath, setWebstoreId, type CommerceAddress, type Site } from '../../data';
import { addressErrors } from '../../data/addressHooks';
import { FetchError } from '../../data/errors';
import { queryKeys } from '../../data/hooks';
import { commerceServer, jsonResponse, resetClientState, type CommerceCall } from '../../data/testing';
import { BUYER, GUEST, WS } from '../testServer';
import { loadAllPages } from '../lazyPages';
import { countryCodeOf, countryName } from './AddressForm';
import { defaultBadge } from './AddressesPage';

const SITE: Site = { webstoreId: WS, communityId: '0DBXX0000000001AAA', siteId: '0DMXX0000000001AAA', language: 'en_US', locale: 'en-US', basePath: '', storeName: 'Acme Supply' };
const APP_CONTEXT = { shippingCountries: ['US', 'CA'], guestBrowsingEnabled: true };

function address(id: string, over: Partial<CommerceAddress>): CommerceAddress {
  return {
    addressId: id, addressType: 'Shipping', city: 'Denver', companyName: 'Acme', country: 'United States', fields: {},
    firstName: 'Bonnie', lastName: 'Buyer', isDefault: false, middleName: null, name: null, phoneNumber: '+1 303 555 0100',
    postalCode: '80202', region: 'CO', street: '1 Main St', ...over,
  };
}

/** A fake address book: GET lists it, POST/PATCH/DELETE change it; `refuse` answers a POST or PATCH with a 400. */
function bookServer(options: { session?: object; refuse?: object[] } = {}) {
  const book: CommerceAddress[] = [
    address('8lW1', { street: '20 Service Rd' }),
    address('8lW2', { addressType: 'Billing', isDefault: true, street: '1 Main St, Suite 200' }),
    address('8lW3', { isDefault: true, street: '1550 Wynkoop St' }),
  ];
  let next = 10;
  const handle = (call: CommerceCall): Response | undefined => {
    if (call.path === 'session-context') return jsonResponse(options.session ?? BUYER);
    if (call.path === 'carts/compact-summary') return jsonResponse({ cartId: null, totalProductCount: '0', uniqueProductCount: 0 });
    const m = /^accounts\/current\/addresses(?:\/(.+))?$/.exec(call.path);
    if (!m) return undefined;
    const body = call.body as Partial<CommerceAddress> & { countryCode?: string };
    if ((call.method === 'POST' || call.method === 'PATCH') && options.refuse) return jsonResponse(options.refuse, { status: 400 });
    const unsetOthers = (a: CommerceAddress) => {
      if (a.isDefault) for (const o of book) if (o !== a && o.addressType === a.addressType) o.isDefault = false;
    };
    if (call.method === 'GET') return jsonResponse({ count: book.length, items: book, pageSize: 20, sortOrder: 'CreatedDateDesc' });
    if (call.method === 'POST') {
      const { countryCode: _code, ...fields } = body;
      const created = address(`8lW${next++}`, { ...fields, fields: {} } as Partial<CommerceAddress>);
      book.unshift(created);
      unsetOthers(created);
      return jsonResponse(created, { status: 201 });
    }
    const found = book.find((a) => a.addressId === m[1]);
    if (!found) return jsonResponse([{ errorCode: 'NOT_FOUND', message: 'no address' }], { status: 404 });
    if (call.method === 'PATCH') {
      const { countryCode: _code, ...fields } = body;
      Object.assign(found, fields);
      unsetOthers(found);
      return jsonResponse(found);
    }
    book.splice(book.indexOf(found), 1);
    return new Response(null, { status: 204 });
  };
  return { ...commerceServer(APP_CONTEXT, handle), book };
}

function renderAt(path: string) {
  setBasePath(SITE.basePath);
  setWebstoreId(SITE.webstoreId);
  const client = createQueryClient();
  client.setDefaultOptions({ queries: { retry: false, refetchOnWindowFocus: false } });
  client.setQueryData(queryKeys.site, SITE);
  const router = createMemoryRouter(routes, { initialEntries: [path], basename: '/' });
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

const main = () => within(screen.getByRole('main'));
const cards = async () => within(await main().findByRole('list', { name: 'Saved addresses' })).getAllByRole('listitem');

beforeAll(() => loadAllPages());
beforeEach(() => resetClientState());
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('address book rules', () => {
  it('names default badges and country codes', () => {
    expect(defaultBadge({ isDefault: true, addressType: 'Shipping' })).toBe('Default shipping');
    expect(defaultBadge({ isDefault: true, addressType: 'Billing' })).toBe('Default billing');
    expect(defaultBadge({ isDefault: false, addressType: 'Billing' })).toBeNull();
    expect(countryName('US')).toBe('United States');
    expect(countryCodeOf('United States', ['US', 'CA'])).toBe('US');
    expect(countryCodeOf('ca', ['US', 'CA'])).toBe('CA');
    expect(countryCodeOf('France', ['US', 'CA'])).toBe('');
  });

  it('places server refusals on fields', () => {
    const refusal = (errorCode: string, message: string) =>
      new FetchError({ url: '/x', status: 400, statusText: 'Bad Request', errors: [{ type: errorCode, message }] });
    expect(addressErrors(refusal('REQUIRED_FIELD_MISSING', 'Required fields are missing: street, city.'))).toEqual({
      fields: { street: 'This field is required.', city: 'This field is required.' },
      form: null,
    });
    expect(addressErrors(refusal('REQUIRED_FIELD_MISSING', 'Required fields are missing: name, or firstName or lastName.')).fields).toEqual({
      firstName: 'This field is required.',
      lastName: 'This field is required.',
    });
    expect(addressErrors(refusal('INVALID_INPUT', "The store doesn't ship to \"France\": a shipping address must be in US, CA.")).fields.country).toMatch(/ship to/);
    expect(addressErrors(refusal('INVALID_FIELD', 'Something else.'))).toEqual({ fields: {}, form: 'Something else.' });
  });
});

describe('addresses page', () => {
  it('sends guests to sign in', async () => {
    bookServer({ session: GUEST });
    const router = renderAt('/my-account/addresses');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(router.state.location.search).toBe('?startURL=%2Fmy-account%2Faddresses');
  });

  it('lists the addresses, defaults first with their badges, names and +1 phones formatted', async () => {
    const { seen } = bookServer();
    renderAt('/my-account/addresses');
    expect(await main().findByRole('heading', { level: 1, name: 'Addresses' })).toBeTruthy();
    const list = await cards();
    expect(list.map((c) => c.querySelector('address span:nth-of-type(2)')?.textContent)).toEqual([
      '1550 Wynkoop St',
      '1 Main St, Suite 200',
      '20 Service Rd',
    ]);
    expect(within(list[0]).getByText('Default shipping')).toBeTruthy();
    expect(within(list[1]).getByText('Default billing')).toBeTruthy();
    expect(within(list[0]).getByText('Bonnie Buyer')).toBeTruthy();
    expect(within(list[0]).getByText('(303) 555-0100')).toBeTruthy();
    expect(within(list[0]).queryByRole('button', { name: /^Set as default/ })).toBeNull();
    expect(within(list[2]).getByRole('button', { name: /^Set as default shipping address: / })).toBeTruthy();
    const get = seen.find((c) => c.path === 'accounts/current/addresses')!;
    expect(get.query.get('excludeUnsupportedCountries')).toBe('false');
    await waitFor(() => expect(document.title).toBe('Addresses | Acme Supply')); // the store's name comes with its own request
  });

  it('adds an address with the form and shows it', async () => {
    const { seen, book } = bookServer();
    renderAt('/my-account/addresses');
    await cards();
    await userEvent.click(main().getByRole('button', { name: 'Add address' }));
    expect(document.activeElement).toBe(main().getByRole('heading', { name: 'Add an address' }));
    await userEvent.type(main().getByLabelText('First name'), 'Kim');
    await userEvent.type(main().getByLabelText('Last name'), 'Lee');
    await userEvent.type(main().getByLabelText(/^Street/), '9 Dock Rd');
    await userEvent.type(main().getByLabelText(/^City/), 'Toronto');
    await userEvent.type(main().getByLabelText('State or region'), 'ON');
    await userEvent.selectOptions(main().getByLabelText(/^Country/), 'CA');
    await userEvent.type(main().getByLabelText('Phone'), '+1 416 555 0199');
    await userEvent.click(main().getByLabelText(/Make this my default/));
    await userEvent.click(main().getByRole('button', { name: 'Add address' }));
    await waitFor(() => expect(main().queryByRole('heading', { name: 'Add an address' })).toBeNull());
    const post = seen.find((c) => c.method === 'POST')!;
    expect(post.body).toMatchObject({
      firstName: 'Kim', lastName: 'Lee', street: '9 Dock Rd', city: 'Toronto', region: 'ON', country: 'Canada',
      countryCode: 'CA', phoneNumber: '+1 416 555 0199', addressType: 'Shipping', isDefault: true, companyName: null,
    });
    expect(book[0].street).toBe('9 Dock Rd');
    await waitFor(async () => expect(within((await cards())[0]).getByText('Kim Lee')).toBeTruthy());
    expect(within((await cards())[0]).getByText('Default shipping')).toBeTruthy();
    expect(screen.getByText('Address added.').getAttribute('role')).toBe('status');
  }, 20_000);

  it('shows the server refusal under the fields it names', async () => {
    bookServer({ refuse: [{ errorCode: 'REQUIRED_FIELD_MISSING', message: 'Required fields are missing: street, city.' }] });
    renderAt('/my-account/addresses');
    await cards();
    await userEvent.click(main().getByRole('button', { name: 'Add address' }));
    await userEvent.click(main().getByRole('button', { name: 'Add address' }));
    const street = main().getByLabelText(/^Street/);
    await waitFor(() => expect(street.getAttribute('aria-invalid')).toBe('true'));
    expect(document.getElementById(street.getAttribute('aria-describedby')!)?.textContent).toBe('This field is required.');
    expect(main().getByLabelText(/^City/).getAttribute('aria-invalid')).toBe('true');
    expect(main().getByLabelText('Phone').getAttribute('aria-invalid')).toBeNull();
    await waitFor(() => expect(document.activeElement).toBe(street));
  });

  it('edits an address, sets one as default and deletes one after confirming', async () => {
    const { seen, book } = bookServer();
    renderAt('/my-account/addresses');
    let list = await cards();
    await userEvent.click(within(list[2]).getByRole('button', { name: /^Edit/ }));
    const street = main().getByLabelText(/^Street/);
    expect((street as HTMLInputElement).value).toBe('20 Service Rd');
    expect((main().getByLabelText(/^Country/) as HTMLSelectElement).value).toBe('US');
    await userEvent.clear(street);
    await userEvent.type(street, '22 Service Rd');
    await userEvent.click(main().getByRole('button', { name: 'Save address' }));
    await waitFor(() => expect(book.find((a) => a.addressId === '8lW1')?.street).toBe('22 Service Rd'));
    expect(seen.find((c) => c.method === 'PATCH')!.path).toBe('accounts/current/addresses/8lW1');
    expect(await main().findByText('22 Service Rd')).toBeTruthy();

    list = await cards();
    await userEvent.click(within(list[2]).getByRole('button', { name: /as default shipping address/ }));
    await waitFor(async () => expect(within((await cards())[0]).getByText('22 Service Rd')).toBeTruthy());
    expect(seen.filter((c) => c.method === 'PATCH')[1].body).toEqual({ isDefault: true });
    expect(within((await cards())[0]).getByText('Default shipping')).toBeTruthy();

    list = await cards();
    await userEvent.click(within(list[2]).getByRole('button', { name: /^Delete/ }));
    const confirm = within(list[2]).getByRole('button', { name: 'Yes, delete' });
    expect(document.activeElement).toBe(confirm);
    await userEvent.click(within(list[2]).getByRole('button', { name: 'Keep it' }));
    expect(book).toHaveLength(3);
    await userEvent.click(within(list[2]).getByRole('button', { name: /^Delete/ }));
    await userEvent.click(within(list[2]).getByRole('button', { name: 'Yes, delete' }));
    await waitFor(async () => expect(await cards()).toHaveLength(2));
    expect(seen.find((c) => c.method === 'DELETE')!.path).toBe('accounts/current/addresses/8lW3');
    expect(screen.getByText('Address deleted.')).toBeTruthy();
  }, 20_000);
});
