import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  arrangeDeliveryGroupItems,
  createDeliveryGroup,
  getActiveCheckoutId,
  getDeliveryGroup,
  getDeliveryGroups,
  isCheckoutReady,
  normaliseDeliveryGroups,
  onOrderPlaced,
  payCheckout,
  placeOrder,
  resetCheckoutState,
  startCheckout,
  toDeliveryAddress,
  updateCheckout,
  updateDeliveryGroup,
  type DeliveryGroup,
} from './checkoutApi';
import { setWebstoreId } from './config';
import { ClientError, InternalErrorCode, normaliseCommerceError } from './errors';
import { commerceServer, jsonResponse, resetClientState, type CommerceCall } from './testing';

const STORE = '0ZEXX0000000001AAA';
const APP = { supportedCurrencies: ['USD'], defaultCurrency: 'USD' };
const CHECKOUT = { checkoutId: '2z9X1', deliveryGroups: { count: 1, items: [{ id: '0a7G1', isDefault: true, totalCartItemCount: 2 }] } };

beforeEach(() => {
  resetClientState();
  resetCheckoutState();
  setWebstoreId(STORE);
});
afterEach(() => vi.unstubAllGlobals());

const problem = (status: number, code: string, checkoutId = '2z9OLD') =>
  jsonResponse({ checkoutId, errors: [{ type: `/commerce/errors/${code.toLowerCase()}`, title: code, detail: code, errorCode: code }] }, { status });

function serve(handle: (c: CommerceCall) => Response | undefined) {
  return commerceServer(APP, handle);
}

describe('starting a checkout', () => {
  it('sends cartId and the address, then polls until the checkout answers 200', async () => {
    let gets = 0;
    const { seen } = serve((c) => {
      if (c.method === 'PUT') return jsonResponse(CHECKOUT, { status: 202 });
      if (c.method === 'GET') return ++gets < 3 ? jsonResponse(CHECKOUT, { status: 202 }) : jsonResponse(CHECKOUT);
      return undefined;
    });
    const checkout = await startCheckout({ deliveryAddress: { id: ' 8lWA1 ', street: 'ignored' } });
    expect(checkout.checkoutId).toBe('2z9X1');
    expect(checkout.checkoutStatus).toBe(200);
    expect(getActiveCheckoutId()).toBe('2z9X1');
    expect(seen[0].body).toEqual({ cartId: 'current', deliveryAddressInput: { id: '8lWA1' } });
    expect(seen.map((c) => `${c.method} ${c.path}`)).toEqual(['PUT checkouts', 'GET checkouts/2z9X1', 'GET checkouts/2z9X1', 'GET checkouts/2z9X1']);
  });

  it('leaves the groups\' addresses alone on a restart that keeps them (no deliveryAddressInput)', async () => {
    const { seen } = serve((c) => (c.method === 'PUT' ? jsonResponse(CHECKOUT, { status: 202 }) : jsonResponse(CHECKOUT)));
    await startCheckout({ keepDeliveryAddress: true });
    expect(seen[0].body).toEqual({ cartId: 'current' });
  });

  it('asks for the default address when none is given', async () => {
    const { seen } = serve((c) => (c.method === 'PUT' ? jsonResponse(CHECKOUT, { status: 202 }) : jsonResponse(CHECKOUT)));
    await startCheckout();
    expect(seen[0].body).toEqual({ cartId: 'current', deliveryAddressInput: { shouldUseDefaultAddress: true } });
  });

  for (const status of [410, 422]) {
    it(`deletes the old checkout and starts once more after a ${status}`, async () => {
      let puts = 0;
      const { seen } = serve((c) => {
        if (c.method === 'PUT') return ++puts === 1 ? problem(status, 'CHECKOUT_CONFLICT') : jsonResponse(CHECKOUT, { status: 202 });
        if (c.method === 'DELETE') return new Response(null, { status: 204 });
        return jsonResponse(CHECKOUT);
      });
      await startCheckout();
      expect(seen.map((c) => `${c.method} ${c.path}`)).toEqual(['PUT checkouts', 'DELETE checkouts/2z9OLD', 'PUT checkouts', 'GET checkouts/2z9X1']);
    });
  }

  it('restarts only once', async () => {
    serve((c) => (c.method === 'PUT' ? problem(422, 'CHECKOUT_CONFLICT') : c.method === 'DELETE' ? new Response(null, { status: 204 }) : undefined));
    const err = await startCheckout().catch((e) => e);
    expect(normaliseCommerceError(err).code).toBe('CHECKOUT_CONFLICT');
  });

  it('fails with NULL_CHECKOUTID when the start answers no checkoutId', async () => {
    serve(() => jsonResponse({}, { status: 202 }));
    const err = await startCheckout().catch((e) => e);
    expect(err).toBeInstanceOf(ClientError);
    expect(err.code).toBe(InternalErrorCode.NULL_CHECKOUTID);
  });

  it('counts 422 as ready, and an inventory failure as INSUFFICIENT_INVENTORY', async () => {
    expect([200, 202, 410, 422].map(isCheckoutReady)).toEqual([true, false, false, true]);
    serve((c) => (c.method === 'PUT' ? jsonResponse(CHECKOUT, { status: 202 }) : problem(422, 'INSUFFICIENT_INVENTORY', '2z9X1')));
    const err = await startCheckout().catch((e) => e);
    expect(err.code).toBe(InternalErrorCode.INSUFFICIENT_INVENTORY);
  });
});

describe('checkout steps', () => {
  it('sends one part per PATCH, contact blanks removed, and refuses mixtures before sending', async () => {
    const { seen } = serve(() => jsonResponse(CHECKOUT, { status: 202 }));
    await updateCheckout('2z9X1', { contactInfo: { email: 'a@b.c', lastName: 'Guest', phoneNumber: ' ' } });
    await updateCheckout('2z9X1', { deliveryMethodId: '2DmM1' });
    await updateCheckout('2z9X1', { deliveryAddress: { firstName: 'Taro', lastName: 'Yamada', street: '1', city: 'Tokyo', country: 'JP' }, shippingInstructions: 'ring' });
    expect(seen.map((c) => c.body)).toEqual([
      { contactInfo: { email: 'a@b.c', lastName: 'Guest' } },
      { deliveryMethodId: '2DmM1' },
      { deliveryAddress: { name: 'Yamada Taro', firstName: 'Taro', lastName: 'Yamada', street: '1', city: 'Tokyo', country: 'JP' }, shippingInstructions: 'ring' },
    ]);
    const mixed = { deliveryMethodId: 'x', contactInfo: {} } as unknown as Parameters<typeof updateCheckout>[1];
    await expect(updateCheckout('2z9X1', mixed)).rejects.toBeInstanceOf(ClientError);
    expect(seen).toHaveLength(3);
  });

  it('builds full names first name first, phone sent as shipToPhoneNumber', () => {
    expect(toDeliveryAddress({ firstName: 'Ada', lastName: 'Lovelace', country: 'US', phoneNumber: '+1 555', street: 's' })).toEqual({
      name: 'Ada Lovelace', firstName: 'Ada', lastName: 'Lovelace', country: 'US', shipToPhoneNumber: '+1 555', street: 's',
    });
  });

  it('sends paymentsData as a JSON string and the billing name as one name', async () => {
    const { seen } = serve(() => jsonResponse({ salesforceResultCode: 'Success' }, { status: 201 }));
    const res = await payCheckout('2z9X1', { requestType: 'Auth', paymentToken: 'tok_1', paymentsData: { a: 1 },
      billingAddress: { firstName: 'Ada', lastName: 'Lovelace', street: 's', city: 'c', country: 'US' } });
    expect(res).toEqual({ salesforceResultCode: 'Success', errors: [] });
    expect(seen[0].body).toEqual({ requestType: 'Auth', paymentToken: 'tok_1', paymentsData: '{"a":1}',
      billingAddress: { name: 'Ada Lovelace', street: 's', city: 'c', country: 'US' } });
  });

  it('placing the order clears the active checkout id and raises the order-placed notice', async () => {
    serve((c) => (c.method === 'PUT' ? jsonResponse(CHECKOUT, { status: 202 }) : c.method === 'GET' ? jsonResponse(CHECKOUT) : jsonResponse({ orderReferenceNumber: '00000042' }, { status: 201 })));
    await startCheckout();
    const heard: (string | null)[] = [];
    onOrderPlaced((ref) => heard.push(ref));
    expect(getActiveCheckoutId()).toBe('2z9X1');
    expect((await placeOrder('2z9X1')).orderReferenceNumber).toBe('00000042');
    expect(getActiveCheckoutId()).toBeNull();
    expect(heard).toEqual(['00000042']);
  });
});

describe('delivery groups', () => {
  it('drops groups without items and makes the first the default when none is', () => {
    const groups = [
      { id: 'a', isDefault: true, totalCartItemCount: 0 },
      { id: 'b', isDefault: false, totalCartItemCount: '2' },
      { id: 'c', isDefault: false, totalCartItemCount: 1 },
    ] as DeliveryGroup[];
    expect(normaliseDeliveryGroups(groups).map((g) => [g.id, g.isDefault])).toEqual([['b', true], ['c', false]]);
  });

  it('loads with limit 20 and cartItemLimit 0 until a 200, and needs a group id', async () => {
    let n = 0;
    const { seen } = serve(() => (++n < 2 ? jsonResponse({}, { status: 202 }) : jsonResponse({ items: [{ id: 'g', isDefault: true, totalCartItemCount: 1 }] })));
    expect((await getDeliveryGroups()).map((g) => g.id)).toEqual(['g']);
    expect(seen[0].path).toBe('carts/current/delivery-groups');
    expect(seen[0].query.get('limit')).toBe('20');
    expect(seen[0].query.get('cartItemLimit')).toBe('0');
    await expect(getDeliveryGroup(' ')).rejects.toThrow('deliveryGroupId required');
  });

  it('arranges items with options (required), reloading the groups after a 202', async () => {
    await expect(arrangeDeliveryGroupItems([], undefined)).rejects.toThrow('options required');
    const { seen } = serve((c) => (c.method === 'POST' ? jsonResponse({}, { status: 202 }) : jsonResponse({ items: [{ id: 'g', isDefault: true, totalCartItemCount: 1 }] })));
    const groups = await arrangeDeliveryGroupItems([{ deliveryGroupId: 'g', cartItemIds: ['0a9I1'] }], { deleteEmptyDeliveryGroups: true });
    expect(groups).toHaveLength(1);
    expect(seen.map((c) => `${c.method} ${c.path}`)).toEqual(['POST carts/current/delivery-groups/actions/arrange-items', 'GET carts/current/delivery-groups']);
    expect(seen[0].body).toEqual({ arrangements: [{ deliveryGroupId: 'g', cartItemIds: ['0a9I1'] }], options: { deleteEmptyDeliveryGroups: true } });
  });
});

describe('delivery group writes (split shipment)', () => {
  it('creates a group with an address-book address and the extras, and patches one by id', async () => {
    const { seen } = serve((c) => {
      if (c.method === 'POST') return jsonResponse({ id: '0a7G2', isDefault: false, totalCartItemCount: 0 }, { status: 201 });
      if (c.method === 'PATCH') return jsonResponse({ id: '0a7G2', isDefault: false, totalCartItemCount: 1 });
      return undefined;
    });
    const made = await createDeliveryGroup({ deliveryAddress: { id: '8lWA2', street: 'ignored' }, shippingInstructions: 'Dock 4' });
    expect(made.id).toBe('0a7G2');
    await updateDeliveryGroup(' 0a7G2 ', { deliveryMethodId: '2DmM1' });
    expect(seen.map((c) => [c.method, c.path, c.body])).toEqual([
      ['POST', 'carts/current/delivery-groups', { deliveryAddress: { id: '8lWA2' }, shippingInstructions: 'Dock 4' }],
      ['PATCH', 'carts/current/delivery-groups/0a7G2', { deliveryMethodId: '2DmM1' }],
    ]);
  });

  it("refuses a blank group id with 'deliveryGroupId required' before any call", async () => {
    const { seen } = serve(() => undefined);
    await expect(updateDeliveryGroup(' ', { name: 'x' })).rejects.toMatchObject({ code: 'deliveryGroupId required' });
    expect(seen).toHaveLength(0);
  });
});
