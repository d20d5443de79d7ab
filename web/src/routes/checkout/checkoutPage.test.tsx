import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { jsonResponse, resetClientState } from '../../data/testing';
import { resetCheckoutState } from '../../data/checkoutApi';
import { clearAllSeoHead } from '../../lib/seoHead';
import { renderRoute } from '../renderRoute';
import { BUYER, GUEST, installServer, type StoreCall } from '../testServer';
import { SPRING10, fakeCart, line } from '../cart/fakeCart';

const APP = { guestBrowsingEnabled: true, guestCartEnabled: true, supportedCurrencies: ['USD'], defaultCurrency: 'USD' };
const ID = '2z9XX0000000001AAA';
const HOME = { addressId: '8lWXX0000000001AAA', addressType: 'Shipping', isDefault: true, name: 'Bonnie Buyer', firstName: 'Bonnie', lastName: 'Buyer', street: '1 Main St', city: 'Springfield', region: 'IL', postalCode: '62701', country: 'US', companyName: null, middleName: null, phoneNumber: null, fields: {} };
const DEPOT = { ...HOME, addressId: '8lWXX0000000002AAA', isDefault: false, name: 'Depot', street: '9 Dock Rd' };
const GROUND = { id: '2DmXX0000000001AAA', name: 'Ground', carrier: 'UPS', classOfService: 'Ground', shippingFee: '5.00', adjustedShippingFee: '5.00', currencyIsoCode: 'USD' };
const EXPRESS = { id: '2DmXX0000000002AAA', name: 'Express', carrier: 'FedEx', classOfService: 'Overnight', shippingFee: '20.00', adjustedShippingFee: '20.00', currencyIsoCode: 'USD' };

const main = () => within(screen.getByRole('main'));

interface Options {
  startStatuses?: number[];
  ready?: { status: number; errors?: object[] };
  payment?: object;
  guest?: boolean;
  split?: boolean;
}

interface FakeGroup {
  id: string;
  isDefault: boolean;
  address: object | null;
  method: null | typeof GROUND;
  desiredDeliveryDate?: string | null;
  shippingInstructions?: string | null;
}

const ORDER = {
  orderSummaryId: '1OsXX1', orderNumber: '00000042', currencyIsoCode: 'USD', grandTotalAmount: '37.58', totalAmount: '35.98', status: 'Created', fields: {},
  items: [
    { orderItemSummaryId: '10uXX1', deliveryGroupId: '0agXX1', name: 'Summit Marker', type: 'Order Product', quantity: '2', unitPrice: '7.99', totalPrice: '15.98' },
    { orderItemSummaryId: '10uXX2', deliveryGroupId: '0agXX1', name: 'Express', type: 'Delivery Charge', quantity: '1', unitPrice: '20.00', totalPrice: '20.00' },
  ],
  deliveryGroups: [{ deliveryGroupId: '0agXX1', deliverToName: 'Bonnie Buyer', street: '1 Main St', city: 'Springfield', deliveryMethodName: 'Express' }],
  adjustments: [],
  payments: [],
};

/** The buyer's cart and a fake checkout over it, with delivery groups; returns the calls. */
function serve(o: Options = {}) {
  const cart = fakeCart([line(1, { name: 'Summit Marker', quantity: 2, sales: 799, list: 799 }), ...(o.split ? [line(2, { name: 'Gel Pen', quantity: 1, sales: 500, list: 500 })] : [])]);
  const st = {
    groups: [{ id: '0a7XX1', isDefault: true, address: { ...HOME, id: HOME.addressId }, method: null }] as FakeGroup[],
    groupOf: new Map<string, string>(),
    starts: [...(o.startStatuses ?? [202])],
    stale: false,
    made: 1,
  };
  const linesOf = (g: FakeGroup) => cart.state.lines.filter((l) => (st.groupOf.get(l.id) ?? '0a7XX1') === g.id);
  const groupView = (g: FakeGroup, withItems = false) => ({
    id: g.id, isDefault: g.isDefault, totalCartItemCount: String(linesOf(g).length), deliveryAddress: g.address, availableDeliveryMethods: [GROUND, EXPRESS],
    selectedDeliveryMethod: g.method, desiredDeliveryDate: g.desiredDeliveryDate ?? null, shippingInstructions: g.shippingInstructions ?? null,
    ...(withItems ? { cartItems: { cartItems: linesOf(g).map((l) => ({ cartItemId: l.id, name: l.name })) } } : {}),
  });
  const fees = () => st.groups.reduce((sum, g) => sum + (g.method && linesOf(g).length ? Number(g.method.shippingFee) : 0), 0);
  const view = () => ({
    checkoutId: ID,
    cartSummary: { currencyIsoCode: 'USD', totalProductAmount: '15.98', totalChargeAmount: fees().toFixed(2), totalTaxAmount: '1.60', grandTotalAmount: (17.58 + fees() - (cart.state.coupon ? 1.6 : 0)).toFixed(2), totalPromotionalAdjustmentAmount: cart.state.coupon ? '-1.60' : '0' },
    deliveryGroups: { count: st.groups.length, items: st.groups.map((g) => groupView(g)) },
    errors: o.ready?.errors ?? [],
  });
  const fakeGroups = (c: StoreCall): Response | undefined => {
    const { method, path, body } = c;
    const groupId = /^carts\/current\/delivery-groups\/(0a7[^/]+)$/.exec(path)?.[1];
    const patch = body as { deliveryAddress?: { id?: string }; deliveryMethodId?: string; desiredDeliveryDate?: string; shippingInstructions?: string };
    const apply = (g: FakeGroup) => {
      if (patch.deliveryAddress) g.address = patch.deliveryAddress.id === DEPOT.addressId ? { ...DEPOT, id: DEPOT.addressId } : { ...HOME, id: HOME.addressId };
      if (patch.deliveryMethodId) g.method = [GROUND, EXPRESS].find((m) => m.id === patch.deliveryMethodId) ?? null;
      if ('desiredDeliveryDate' in patch) g.desiredDeliveryDate = patch.desiredDeliveryDate;
      if ('shippingInstructions' in patch) g.shippingInstructions = patch.shippingInstructions;
      st.stale = true;
    };
    if (method === 'GET' && path === 'carts/current/delivery-groups') {
      const withItems = Number(c.query.get('cartItemLimit')) > 0;
      const items = st.groups.filter((g) => linesOf(g).length > 0).map((g) => groupView(g, withItems));
      return jsonResponse({ count: items.length, items });
    }
    if (method === 'POST' && path === 'carts/current/delivery-groups') {
      const g: FakeGroup = { id: `0a7XX${++st.made}`, isDefault: false, address: null, method: null };
      st.groups.push(g);
      apply(g);
      return jsonResponse(groupView(g), { status: 201 });
    }
    if (method === 'PATCH' && groupId) {
      const g = st.groups.find((x) => x.id === groupId);
      if (!g) return jsonResponse([{ errorCode: 'NOT_FOUND', message: 'No such group.' }], { status: 404 });
      apply(g);
      return jsonResponse(groupView(g));
    }
    if (method === 'POST' && path === 'carts/current/delivery-groups/actions/arrange-items') {
      const b = body as { arrangements: { deliveryGroupId: string; cartItemIds: string[] }[]; options: { deleteEmptyDeliveryGroups: boolean } };
      for (const a of b.arrangements) for (const id of a.cartItemIds) st.groupOf.set(id, a.deliveryGroupId);
      if (b.options.deleteEmptyDeliveryGroups) st.groups = st.groups.filter((g) => g.isDefault || linesOf(g).length > 0);
      st.stale = true;
      return jsonResponse({ count: st.groups.length, items: st.groups.map((g) => groupView(g)) }, { status: 202 });
    }
    return undefined;
  };
  const commerce = (c: StoreCall): Response | undefined => {
    const { method, path, body } = c;
    if (method === 'PUT' && path === 'checkouts') {
      if (st.stale) return jsonResponse({ errors: [{ errorCode: 'CHECKOUT_CONFLICT', detail: 'The cart changed.' }], checkoutId: ID }, { status: 422 });
      const status = st.starts.shift() ?? 202;
      if (status !== 202) return jsonResponse({ errors: [{ detail: 'Gone' }], checkoutId: '2z9OLD' }, { status });
      return jsonResponse({ checkoutId: ID }, { status: 202 });
    }
    if (method === 'DELETE' && /^checkouts\/[^/]+$/.test(path)) {
      st.stale = false;
      return new Response(null, { status: 204 });
    }
    if (method === 'GET' && path === `checkouts/${ID}`) return jsonResponse(view(), { status: st.stale ? 422 : (o.ready?.status ?? 200) });
    if (method === 'PATCH' && path === `checkouts/${ID}`) {
      const b = body as { deliveryAddress?: { id?: string }; deliveryMethodId?: string; desiredDeliveryDate?: string; shippingInstructions?: string };
      const g = st.groups[0];
      if (b.deliveryAddress) {
        g.address = b.deliveryAddress.id === DEPOT.addressId ? { ...DEPOT, id: DEPOT.addressId } : b.deliveryAddress.id ? { ...HOME, id: HOME.addressId } : b.deliveryAddress;
        g.desiredDeliveryDate = b.desiredDeliveryDate ?? g.desiredDeliveryDate;
        g.shippingInstructions = b.shippingInstructions ?? g.shippingInstructions;
      }
      if (b.deliveryMethodId) g.method = [GROUND, EXPRESS].find((m) => m.id === b.deliveryMethodId) ?? null;
      return jsonResponse(view(), { status: 202 });
    }
    if (method === 'POST' && path === `checkouts/${ID}/coupons`) {
      const code = String((body as { couponCode: string }).couponCode);
      if (code !== 'SPRING10') return jsonResponse([{ errorCode: 'CART_VALIDATION_ERROR', message: `The coupon code ${code} isn't valid.` }], { status: 400 });
      cart.state.coupon = true;
      return jsonResponse({ cartCoupons: { coupons: [{ cartCouponId: SPRING10.id, couponCode: 'SPRING10' }] } }, { status: 201 });
    }
    if (method === 'DELETE' && path === `checkouts/${ID}/coupons/${SPRING10.id}`) {
      cart.state.coupon = false;
      return new Response(null, { status: 204 });
    }
    if (method === 'GET' && path === 'accounts/current/addresses') {
      return jsonResponse({ count: 2, items: c.query.get('addressType') === 'Billing' ? [] : [HOME, DEPOT], pageSize: 20 });
    }
    if (method === 'POST' && path === 'payments/token') return jsonResponse({ token: 'tok_123', errors: [] }, { status: 201 });
    if (method === 'POST' && path === `checkouts/${ID}/payments`) return jsonResponse(o.payment ?? { salesforceResultCode: 'Success', errors: [] }, { status: 201 });
    if (method === 'POST' && path === `checkouts/${ID}/orders`) {
      cart.state.lines = [];
      return jsonResponse({ orderReferenceNumber: '00000042', orderSummaryId: '1OsXX1' }, { status: 201 });
    }
    if (method === 'GET' && path.startsWith('order-summaries/')) {
      const ref = decodeURIComponent(path.slice('order-summaries/'.length));
      if (ref === ORDER.orderNumber) return jsonResponse(ORDER);
      return jsonResponse([{ errorCode: 'NOT_FOUND', message: `no order summary "${ref}" for this user.` }], { status: 404 });
    }
    return fakeGroups(c) ?? cart.handle(c);
  };
  const { calls } = installServer({ session: o.guest ? GUEST : BUYER, appContext: { ...APP, guestCheckoutEnabled: true, splitShipmentEnabled: !!o.split }, commerce });
  const sent = (method: string, pathEnd: string) =>
    calls.filter((c) => c.method === method && new URL(c.url, 'http://t').pathname.endsWith(pathEnd)).map((c) => c.body);
  return { calls, sent, st };
}

/** Waits for focus to land on a step's heading (it moves there once the step before is done). */
async function heading(name: RegExp) {
  await waitFor(() => expect(document.activeElement).toBe(main().getByRole('heading', { level: 2, name })));
}

async function toDelivery(user: ReturnType<typeof userEvent.setup>) {
  await user.click(await main().findByRole('button', { name: 'Use this address' }));
  await waitFor(() => expect(document.activeElement).toBe(main().getByRole('heading', { name: /2\. Delivery method/ })));
}

async function toPayment(user: ReturnType<typeof userEvent.setup>) {
  await toDelivery(user);
  await user.click(main().getByRole('radio', { name: /Express/ }));
  await user.click(main().getByRole('button', { name: 'Use this delivery method' }));
  await waitFor(() => expect(document.activeElement).toBe(main().getByRole('heading', { name: /3\. Payment/ })));
}

beforeEach(() => {
  resetClientState();
  resetCheckoutState();
  clearAllSeoHead();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

// Whole checkouts take a few seconds of simulated typing and clicking.
describe('checkout page', { timeout: 20_000 }, () => {
  it('sends the chosen address, then the chosen delivery method, and the totals follow', async () => {
    const { sent } = serve();
    renderRoute('/checkout');
    // The page's chunk loads first (slow on a busy machine).
    expect(await main().findByRole('heading', { level: 1, name: 'Checkout' }, { timeout: 5000 })).toBeTruthy();
    await waitFor(() => expect(document.title).toBe('Checkout | Acme Supply'));
    const home = await main().findByRole('radio', { name: /1 Main St/ });
    expect((home as HTMLInputElement).checked).toBe(true);
    const user = userEvent.setup();
    await user.click(main().getByRole('radio', { name: /9 Dock Rd/ }));
    await toDelivery(user);
    expect(sent('PATCH', `checkouts/${ID}`)).toEqual([{ deliveryAddress: { id: DEPOT.addressId } }]);
    expect(main().getByText('UPS · Ground')).toBeTruthy();
    expect(main().getByText('$20.00')).toBeTruthy();
    await user.click(main().getByRole('radio', { name: /Express/ }));
    await user.click(main().getByRole('button', { name: 'Use this delivery method' }));
    await heading(/3\. Payment/);
    await waitFor(() => expect(sent('PATCH', `checkouts/${ID}`)[1]).toEqual({ deliveryMethodId: EXPRESS.id }));
  });

  it('requires a purchase order number, then pays by PO and places the order: confirmation with the reference, badge 0', async () => {
    const { sent } = serve();
    const router = renderRoute('/checkout');
    const user = userEvent.setup();
    await toPayment(user);
    await user.click(main().getByRole('button', { name: 'Use this payment' }));
    // The message is the field's own, and focus is on it.
    const po = main().getByLabelText('Purchase order number');
    await waitFor(() => expect(po.getAttribute('aria-invalid')).toBe('true'));
    expect(document.getElementById(po.getAttribute('aria-describedby')!)?.textContent).toBe('Enter a purchase order number.');
    expect(document.activeElement).toBe(po);
    expect(sent('POST', `checkouts/${ID}/payments`)).toHaveLength(0);
    await user.type(po, 'PO-1234');
    await user.click(main().getByRole('button', { name: 'Use this payment' }));
    await heading(/4\. Review/);
    // The review names the payment.
    expect(main().getByText('Purchase order PO-1234', { selector: '.sf-checkout__review-payment' }).textContent).toBe('Payment: Purchase order PO-1234');
    const payment = sent('POST', `checkouts/${ID}/payments`)[0] as { requestType: string; paymentToken: string; billingAddress: Record<string, string> };
    expect(payment.requestType).toBe('SimplePurchaseOrder');
    expect(payment.paymentToken).toBe('PO-1234');
    expect(payment.billingAddress).toMatchObject({ name: 'Bonnie Buyer', street: '1 Main St', city: 'Springfield' });
    // The review names the items of the shipment; the order summary beside the steps has them too.
    const shipment = within(main().getByRole('list', { name: 'Items of shipment' }));
    expect(await shipment.findByText('Summit Marker')).toBeTruthy();
    expect(within(main().getByRole('complementary', { name: 'Order summary' })).getByText('Summit Marker')).toBeTruthy();
    expect(main().getAllByText('$37.58').length).toBe(2);
    const place = main().getByRole('button', { name: 'Place order' });
    await user.dblClick(place);
    await waitFor(() => expect(router.state.location.pathname).toBe('/order-confirmation/00000042'));
    expect(sent('POST', `checkouts/${ID}/orders`)).toHaveLength(1);
    expect(await main().findByRole('heading', { level: 1, name: 'Order confirmation' })).toBeTruthy();
    expect(main().getByText('00000042')).toBeTruthy();
    expect(main().getByText('$37.58')).toBeTruthy();
    expect(main().getByRole('link', { name: 'Continue shopping' })).toBeTruthy();
    await waitFor(() => expect(screen.getByRole('banner').querySelector('.cart-badge')?.getAttribute('aria-label')).toBe('Cart: 0 items'));
  });

  it('pays by card: tokenizes, then authorizes with the token, without the card number', async () => {
    const { sent } = serve();
    renderRoute('/checkout');
    const user = userEvent.setup();
    await toPayment(user);
    await user.click(main().getByRole('radio', { name: 'Card' }));
    await user.type(main().getByLabelText('Name on card'), 'Bonnie Buyer');
    await user.type(main().getByLabelText('Card number'), '4111 1111 1111 1111');
    await user.type(main().getByLabelText('Expiry (MM/YY)'), '12/30');
    await user.type(main().getByLabelText('Security code (CVC)'), '123');
    await user.click(main().getByRole('button', { name: 'Use this payment' }));
    await heading(/4\. Review/);
    expect(sent('POST', 'payments/token')).toEqual([
      { cardPaymentMethod: { cardHolderName: 'Bonnie Buyer', cardNumber: '4111111111111111', cvv: '123', expiryMonth: 12, expiryYear: 2030 } },
    ]);
    const payment = sent('POST', `checkouts/${ID}/payments`)[0] as Record<string, unknown>;
    expect(payment).toMatchObject({ requestType: 'Auth', paymentToken: 'tok_123' });
    expect(JSON.stringify(payment)).not.toContain('4111');
  });

  it("shows the server's message when a payment is declined", async () => {
    serve({ payment: { salesforceResultCode: 'Decline', errors: [{ detail: 'The purchase order limit is exceeded.' }] } });
    renderRoute('/checkout');
    const user = userEvent.setup();
    await toPayment(user);
    await user.type(main().getByLabelText('Purchase order number'), 'PO-9');
    await user.click(main().getByRole('button', { name: 'Use this payment' }));
    expect((await main().findByRole('alert')).textContent).toBe('The purchase order limit is exceeded.');
  });

  it('restarts once when the start is answered 410', async () => {
    const { sent } = serve({ startStatuses: [410, 202] });
    renderRoute('/checkout');
    expect(await main().findByRole('button', { name: 'Use this address' })).toBeTruthy();
    expect(sent('PUT', 'checkouts')).toHaveLength(2);
    expect(sent('DELETE', 'checkouts/2z9OLD')).toHaveLength(1);
  });

  it('shows which products are short, with a link back to the cart, on an inventory failure', async () => {
    serve({ ready: { status: 422, errors: [{ errorCode: 'INSUFFICIENT_INVENTORY', detail: 'Only 1 of Summit Marker is available.' }] } });
    renderRoute('/checkout');
    const alert = await main().findByRole('alert');
    expect(alert.textContent).toContain('Some products are not available in the quantity you ordered.');
    expect(alert.textContent).toContain('Only 1 of Summit Marker is available.');
    expect(within(alert).getByRole('link', { name: 'Back to the cart' }).getAttribute('href')).toBe('/cart');
  });

  it('asks a guest for an email and a new address: contact info first, then the address', async () => {
    const { sent } = serve({ guest: true });
    renderRoute('/checkout');
    const user = userEvent.setup();
    await user.type(await main().findByLabelText('Email'), 'gail@example.com');
    await user.type(main().getByLabelText('First name'), 'Gail');
    await user.type(main().getByLabelText('Last name'), 'Guest');
    await user.type(main().getByLabelText('Street'), '5 Elm St');
    await user.type(main().getByLabelText('City'), 'Dayton');
    await user.type(main().getByLabelText('Postal code'), '45402');
    await user.type(main().getByLabelText('Country code (e.g. US)'), 'US');
    await toDelivery(user);
    expect(sent('PATCH', `checkouts/${ID}`)).toEqual([
      { contactInfo: { email: 'gail@example.com', firstName: 'Gail', lastName: 'Guest' } },
      { deliveryAddress: { name: 'Gail Guest', firstName: 'Gail', lastName: 'Guest', street: '5 Elm St', city: 'Dayton', postalCode: '45402', country: 'US' } },
    ]);
  });

  it('ships each line to its own address: a new group, the lines arranged, the checkout restarted, the default group patched', async () => {
    const { sent, calls } = serve({ split: true });
    renderRoute('/checkout');
    const user = userEvent.setup();
    await user.click(await main().findByRole('checkbox', { name: 'Ship to multiple addresses' }));
    const pen = await main().findByRole('combobox', { name: 'Ship Gel Pen to' });
    expect((main().getByRole('combobox', { name: 'Ship Summit Marker to' }) as HTMLSelectElement).value).toBe(HOME.addressId);
    await user.selectOptions(pen, DEPOT.addressId);
    await user.type(main().getByLabelText('Shipping instructions'), 'Leave at the dock.');
    const before = calls.length;
    await user.click(main().getByRole('button', { name: 'Use these addresses' }));
    await heading(/2\. Delivery method/);
    expect(sent('POST', 'carts/current/delivery-groups')).toEqual([{ deliveryAddress: { id: DEPOT.addressId }, shippingInstructions: 'Leave at the dock.' }]);
    expect(sent('POST', 'delivery-groups/actions/arrange-items')).toEqual([
      { arrangements: [{ deliveryGroupId: '0a7XX1', cartItemIds: [line(1).id] }, { deliveryGroupId: '0a7XX2', cartItemIds: [line(2).id] }], options: { deleteEmptyDeliveryGroups: true } },
    ]);
    // The arrangement made the checkout stale: deleted, started again (keeping the groups' addresses), then the default group's address.
    const after = calls.slice(before).map((c) => `${c.method} ${new URL(c.url, 'http://t').pathname.split('/webstores/')[1]?.replace(/^[^/]+\//, '')}`);
    expect(after.filter((c) => /checkouts/.test(c))).toEqual(['PUT checkouts', `DELETE checkouts/${ID}`, 'PUT checkouts', `GET checkouts/${ID}`, `PATCH checkouts/${ID}`]);
    expect(sent('PUT', 'checkouts').slice(-1)).toEqual([{ cartId: 'current' }]);
    expect(sent('PATCH', `checkouts/${ID}`)).toEqual([{ deliveryAddress: { id: HOME.addressId }, shippingInstructions: 'Leave at the dock.' }]);
    // Step 1 done: both shipments with their addresses.
    const shipments = within(main().getByRole('list', { name: 'Shipping addresses' }));
    expect(shipments.getAllByRole('listitem').map((li) => li.textContent)).toEqual([
      expect.stringContaining('1 Main St'),
      expect.stringContaining('9 Dock Rd'),
    ]);

    // Step 2: a method per shipment; the second group's through its own call, then a restart, then the default's.
    const second = main().getByRole('group', { name: /Shipment 2 of 2: 9 Dock Rd/ });
    await user.click(within(second).getByRole('radio', { name: /Express/ }));
    await user.click(main().getByRole('button', { name: 'Use these delivery methods' }));
    await heading(/3\. Payment/);
    expect(sent('PATCH', 'carts/current/delivery-groups/0a7XX2')).toEqual([{ deliveryMethodId: EXPRESS.id }]);
    expect(sent('PATCH', `checkouts/${ID}`).slice(-1)).toEqual([{ deliveryMethodId: GROUND.id }]);
    expect(sent('PUT', 'checkouts')).toHaveLength(5); // the start, then a stale start and a new one twice

    // Review: each shipment's method and fee; the delivery total is both.
    await user.type(main().getByLabelText('Purchase order number'), 'PO-7');
    await user.click(main().getByRole('button', { name: 'Use this payment' }));
    await heading(/4\. Review/);
    const list = within(main().getByRole('list', { name: 'Shipments' }));
    expect(list.getByText(/Express · FedEx: \$20\.00/)).toBeTruthy();
    expect(list.getByText(/Ground · UPS: \$5\.00/)).toBeTruthy();
    for (const row of main().getAllByText('Delivery', { selector: 'dt' })) {
      expect(within(row.closest('div') as HTMLElement).getByText('$25.00')).toBeTruthy();
    }
  });

  it('offers no split shipment where the store does not enable it', async () => {
    serve();
    renderRoute('/checkout');
    expect(await main().findByRole('button', { name: 'Use this address' })).toBeTruthy();
    expect(main().queryByRole('checkbox', { name: 'Ship to multiple addresses' })).toBeNull();
  });

  it('refuses a desired delivery date in the past, then sends a valid one with the instructions and the address', async () => {
    const { sent } = serve();
    renderRoute('/checkout');
    const user = userEvent.setup();
    const date = await main().findByLabelText('Desired delivery date');
    await user.type(date, '2020-01-01');
    await user.click(main().getByRole('button', { name: 'Use this address' }));
    expect((await main().findByRole('alert')).textContent).toBe('Choose a delivery date from today on.');
    expect(date.getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(date);
    expect(sent('PATCH', `checkouts/${ID}`)).toHaveLength(0);
    const future = new Date(Date.now() + 3 * 86400000);
    const value = `${future.getFullYear()}-${String(future.getMonth() + 1).padStart(2, '0')}-${String(future.getDate()).padStart(2, '0')}`;
    await user.clear(date);
    await user.type(date, value);
    await user.type(main().getByLabelText('Shipping instructions'), '  Gate code 1234 ');
    await toDelivery(user);
    expect(sent('PATCH', `checkouts/${ID}`)).toEqual([{ deliveryAddress: { id: HOME.addressId }, desiredDeliveryDate: value, shippingInstructions: 'Gate code 1234' }]);
  });

  it('applies and removes a coupon at payment through the checkout calls; a refused code says why; the total to pay follows', async () => {
    const { sent } = serve();
    renderRoute('/checkout');
    const user = userEvent.setup();
    await toPayment(user);
    const due = () => main().getByText(/Total to pay/).textContent;
    await waitFor(() => expect(due()).toBe('Total to pay: $37.58'));
    const code = main().getByLabelText('Coupon code');
    await user.type(code, 'NOPE');
    await user.click(main().getByRole('button', { name: 'Apply' }));
    expect((await main().findByRole('alert')).textContent).toBe("The coupon code NOPE isn't valid.");
    await user.clear(code);
    await user.type(code, 'SPRING10');
    await user.click(main().getByRole('button', { name: 'Apply' }));
    expect(await within(await main().findByRole('list', { name: 'Applied coupons' })).findByText('SPRING10')).toBeTruthy();
    await waitFor(() => expect(due()).toBe('Total to pay: $35.98'));
    expect(sent('POST', `checkouts/${ID}/coupons`)).toEqual([{ couponCode: 'NOPE' }, { couponCode: 'SPRING10' }]);
    expect(sent('POST', 'carts/current/cart-coupons')).toHaveLength(0);
    await user.click(main().getByRole('button', { name: 'Remove coupon SPRING10' }));
    await waitFor(() => expect(main().queryByRole('list', { name: 'Applied coupons' })).toBeNull());
    expect(sent('DELETE', `checkouts/${ID}/coupons/${SPRING10.id}`)).toHaveLength(1);
    await waitFor(() => expect(due()).toBe('Total to pay: $37.58'));
  });

  it('the confirmation page looks the order up by its reference: a fresh load shows the total and items', async () => {
    const { sent } = serve();
    renderRoute('/order-confirmation/00000042');
    expect(await main().findByRole('heading', { level: 1, name: 'Order confirmation' })).toBeTruthy();
    expect(main().getByText('00000042')).toBeTruthy();
    expect(await main().findByText('$37.58')).toBeTruthy();
    expect(main().getByText('Summit Marker')).toBeTruthy();
    expect(main().queryByText('Delivery Charge')).toBeNull();
    expect(sent('GET', 'order-summaries/00000042').length).toBe(1);
  });

  it('the confirmation page of a reference that is not the buyer\'s says it was not found', async () => {
    serve();
    renderRoute('/order-confirmation/NOPE-1');
    expect(await main().findByRole('heading', { level: 1, name: 'Order not found' })).toBeTruthy();
    expect(main().getByRole('alert').textContent).toContain('NOPE-1');
    await waitFor(() => expect(document.activeElement).toBe(main().getByRole('heading', { level: 1 })));
  });
});
