import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { jsonResponse, resetClientState } from '../../data/testing';
import { resetCheckoutState } from '../../data/checkoutApi';
import { clearAllSeoHead } from '../../lib/seoHead';
import { renderRoute } from '../renderRoute';
import { BUYER, GUEST, installServer, type StoreCall } from '../testServer';
import { fakeCart, line } from '../cart/fakeCart';

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
}

/** The buyer's cart and a fake checkout over it; returns the calls. */
function serve(o: Options = {}) {
  const cart = fakeCart([line(1, { name: 'Summit Marker', quantity: 2, sales: 799, list: 799 })]);
  const st = { address: { ...HOME } as object, method: null as null | typeof GROUND, starts: [...(o.startStatuses ?? [202])] };
  const view = () => ({
    checkoutId: ID,
    cartSummary: { currencyIsoCode: 'USD', totalProductAmount: '15.98', totalChargeAmount: st.method ? st.method.shippingFee : '0', totalTaxAmount: '1.60', grandTotalAmount: st.method ? (17.58 + Number(st.method.shippingFee)).toFixed(2) : '17.58', totalPromotionalAdjustmentAmount: '0' },
    deliveryGroups: { count: 1, items: [{ id: '0a7XX1', isDefault: true, totalCartItemCount: '2', deliveryAddress: st.address, availableDeliveryMethods: [GROUND, EXPRESS], selectedDeliveryMethod: st.method }] },
    errors: o.ready?.errors ?? [],
  });
  const commerce = (c: StoreCall): Response | undefined => {
    const { method, path, body } = c;
    if (method === 'PUT' && path === 'checkouts') {
      const status = st.starts.shift() ?? 202;
      if (status !== 202) return jsonResponse({ errors: [{ detail: 'Gone' }], checkoutId: '2z9OLD' }, { status });
      return jsonResponse({ checkoutId: ID }, { status: 202 });
    }
    if (method === 'DELETE' && path.startsWith('checkouts/')) return new Response(null, { status: 204 });
    if (method === 'GET' && path === `checkouts/${ID}`) return jsonResponse(view(), { status: o.ready?.status ?? 200 });
    if (method === 'PATCH' && path === `checkouts/${ID}`) {
      const b = body as { deliveryAddress?: { id?: string }; deliveryMethodId?: string };
      if (b.deliveryAddress) st.address = b.deliveryAddress.id === DEPOT.addressId ? DEPOT : b.deliveryAddress.id ? HOME : b.deliveryAddress;
      if (b.deliveryMethodId) st.method = [GROUND, EXPRESS].find((m) => m.id === b.deliveryMethodId) ?? null;
      return jsonResponse(view(), { status: 202 });
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
    return cart.handle(c);
  };
  const { calls } = installServer({ session: o.guest ? GUEST : BUYER, appContext: { ...APP, guestCheckoutEnabled: true }, commerce });
  const sent = (method: string, pathEnd: string) =>
    calls.filter((c) => c.method === method && new URL(c.url, 'http://t').pathname.endsWith(pathEnd)).map((c) => c.body);
  return { calls, sent };
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

describe('checkout page', () => {
  it('sends the chosen address, then the chosen delivery method, and the totals follow', async () => {
    const { sent } = serve();
    renderRoute('/checkout');
    expect(await main().findByRole('heading', { level: 1, name: 'Checkout' })).toBeTruthy();
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
    expect((await main().findByRole('alert')).textContent).toBe('Enter a purchase order number.');
    expect(sent('POST', `checkouts/${ID}/payments`)).toHaveLength(0);
    await user.type(main().getByLabelText('Purchase order number'), 'PO-1234');
    await user.click(main().getByRole('button', { name: 'Use this payment' }));
    await heading(/4\. Review/);
    const payment = sent('POST', `checkouts/${ID}/payments`)[0] as { requestType: string; paymentToken: string; billingAddress: Record<string, string> };
    expect(payment.requestType).toBe('SimplePurchaseOrder');
    expect(payment.paymentToken).toBe('PO-1234');
    expect(payment.billingAddress).toMatchObject({ name: 'Bonnie Buyer', street: '1 Main St', city: 'Springfield' });
    expect(await main().findByText('Summit Marker')).toBeTruthy();
    expect(main().getByText('$37.58')).toBeTruthy();
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
});
