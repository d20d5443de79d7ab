import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { setEffectiveAccount } from '../../data';
import { ORDERS_NEED_LOGIN, addOrderToCart, dateRangeError, getOrderDetail, getOrderSummaries, orderDateRange, type OrderDetail, type OrderSummary } from '../../data/orders';
import { commerceServer, jsonResponse, resetClientState, type CommerceCall } from '../../data/testing';
import { loadAllPages } from '../lazyPages';
import { renderRoute } from '../renderRoute';
import { BUYER, GUEST } from '../testServer';
import { reorderMessage, reorderOutcome } from './ReorderButton';
import { paymentText } from './orderText';

function summary(n: number, over: Partial<OrderSummary> = {}): OrderSummary {
  return {
    orderSummaryId: `1OsXX000000000${n}AAA`, orderNumber: `0000000${n}`, orderedDate: `2026-03-0${n}T15:00:00.000Z`,
    createdDate: `2026-03-0${n}T15:00:00.000Z`, status: 'Created', currencyIsoCode: 'USD', grandTotalAmount: `${n}234.50`,
    totalAmount: `${n}234.50`, ownerId: BUYER.userId, fields: {}, ...over,
  };
}

const PEN = '01tXX0000000001AAA';
const BINDER = '01tXX0000000002AAA';

const DETAIL: OrderDetail = {
  ...summary(1),
  totalProductAmount: '1200.00', totalAdjustmentAmount: '-10.00', totalDeliveryAmount: '9.99', totalTaxAmount: '34.51',
  purchaseOrderNumber: 'PO-77',
  items: [
    { orderItemSummaryId: '10u1', deliveryGroupId: '0ag1', productId: PEN, name: 'Everline Gel Pen, Blue', stockKeepingUnit: 'PEN-000001', type: 'Order Product', quantity: '2', listPrice: null, unitPrice: '5.51', totalPrice: '11.02', totalAdjustmentAmount: '0.00', totalLineAmount: '11.02', totalTax: '0.80' },
    { orderItemSummaryId: '10u2', deliveryGroupId: '0ag2', productId: BINDER, name: 'Ring Binder', stockKeepingUnit: 'BND-6', type: 'Order Product', quantity: '3', listPrice: null, unitPrice: '4.00', totalPrice: '12.00', totalAdjustmentAmount: '-1.20', totalLineAmount: '10.80', totalTax: '0.70' },
    { orderItemSummaryId: '10u3', deliveryGroupId: '0ag1', productId: null, name: 'Delivery: Ground', stockKeepingUnit: null, type: 'Delivery Charge', quantity: '1', listPrice: null, unitPrice: '9.99', totalPrice: '9.99', totalAdjustmentAmount: '0.00', totalLineAmount: '9.99', totalTax: '0.00' },
  ],
  deliveryGroups: [
    { deliveryGroupId: '0ag1', deliverToName: 'Bonnie Buyer', street: '1 Main St', city: 'Denver', region: 'CO', postalCode: '80202', country: 'US', deliveryMethodId: '2Dm1', deliveryMethodName: 'Ground', desiredDeliveryDate: null, shippingInstructions: 'Dock 4', totalAmount: '9.99', totalTax: '0.00' },
    { deliveryGroupId: '0ag2', deliverToName: 'Acme Warehouse', street: '9 Dock Rd', city: 'Boulder', region: 'CO', postalCode: '80301', country: 'US', deliveryMethodId: '2Dm2', deliveryMethodName: 'Express', desiredDeliveryDate: null, shippingInstructions: null, totalAmount: '0.00', totalTax: '0.00' },
  ],
  adjustments: [{ amount: '-10.00', basisReferenceDisplayName: 'SPRING10', displayName: 'Spring sale', targetType: 'Order', type: 'Promotion' }],
  payments: [{ method: 'Purchase Order PO-77', type: 'PurchaseOrder', amount: '1234.50', purchaseOrderNumber: 'PO-77', fullName: null }],
};

interface Options {
  session?: object;
  /** The answer of GET order-summaries for a call (default: two orders, one page). */
  list?: (call: CommerceCall) => Response;
  detail?: () => Response;
  reorder?: () => Response;
}

/** A fake commerce API of order history; the cart count follows reorders. */
function orderServer(options: Options = {}) {
  let cartCount = 0;
  const handle = (call: CommerceCall): Response | undefined => {
    if (call.path === 'session-context') return jsonResponse(options.session ?? BUYER);
    if (call.path === 'carts/compact-summary') return jsonResponse({ cartId: '0a61', totalProductCount: String(cartCount), uniqueProductCount: cartCount ? 2 : 0 });
    if (call.path === 'order-summaries') {
      return options.list ? options.list(call) : jsonResponse({ count: 2, orderSummaries: [summary(2), summary(1)], currentPageToken: '1', nextPageToken: null });
    }
    if (call.path === `order-summaries/${DETAIL.orderSummaryId}` && call.method === 'GET') return options.detail ? options.detail() : jsonResponse(DETAIL);
    if (call.path === `order-summaries/${DETAIL.orderSummaryId}/actions/add-order-to-cart` && call.method === 'POST') {
      if (options.reorder) return options.reorder();
      cartCount += 5;
      return jsonResponse({ cartId: '0a61', cartSummary: { cartId: '0a61' }, numberOfProductsWithError: 0, productsWithError: [] });
    }
    if (call.path === `order-summaries/${DETAIL.orderNumber}` && call.method === 'GET') return jsonResponse(DETAIL);
    if (call.path.startsWith('order-summaries/')) return jsonResponse([{ errorCode: 'NOT_FOUND', message: 'The requested resource does not exist' }], { status: 404 });
    return undefined;
  };
  const server = commerceServer({ guestBrowsingEnabled: true }, handle);
  return { ...server, lists: () => server.seen.filter((c) => c.path === 'order-summaries') };
}

const main = () => within(screen.getByRole('main'));
const rows = async () => {
  const table = await main().findByRole('table');
  return within(table).getAllByRole('row').slice(1);
};

beforeAll(() => loadAllPages());
beforeEach(() => resetClientState());
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('order rules', () => {
  it('checks and maps the date range', () => {
    expect(dateRangeError('2026-03-05', '2026-03-01')).toBe('The "From" date must be on or before the "To" date.');
    expect(dateRangeError('2026-03-01', '2026-03-01')).toBeNull();
    expect(dateRangeError('', '2026-03-01')).toBeNull();
    expect(dateRangeError('03/01/2026', '')).toBe('Enter dates as YYYY-MM-DD.');
    // Local midnight of From, and the local midnight after To (latestDate is exclusive).
    expect(orderDateRange('2026-03-01', '2026-03-05')).toEqual({
      earliestDate: new Date(2026, 2, 1).toISOString(),
      latestDate: new Date(2026, 2, 6).toISOString(),
    });
    expect(orderDateRange('', '2026-12-31')).toEqual({ earliestDate: undefined, latestDate: new Date(2027, 0, 1).toISOString() });
  });

  it('refuses guests and a blank order id before any call', async () => {
    const { calls } = orderServer();
    await expect(getOrderSummaries({ guestUser: true })).rejects.toThrow(ORDERS_NEED_LOGIN);
    await expect(getOrderDetail(DETAIL.orderSummaryId, { guestUser: true })).rejects.toThrow(ORDERS_NEED_LOGIN);
    await expect(addOrderToCart('  ')).rejects.toThrow('orderSummaryId is required');
    expect(calls).toHaveLength(0);
  });

  it('words payments and reorder outcomes', () => {
    expect(paymentText(DETAIL.payments[0])).toBe('Purchase order PO-77');
    expect(paymentText({ method: 'Visa ending 1111', type: 'Card', amount: '1', purchaseOrderNumber: null, fullName: 'B' })).toBe('Visa ending 1111');
    const all = reorderOutcome(DETAIL, { cartId: 'c', cartSummary: { cartId: 'c' }, numberOfProductsWithError: 0, productsWithError: [] });
    expect(all).toEqual({ added: 5, notAdded: [] });
    expect(reorderMessage(all)).toBe('Added 5 items to your cart.');
    const some = reorderOutcome(DETAIL, { cartId: 'c', cartSummary: { cartId: 'c' }, numberOfProductsWithError: 1, productsWithError: [{ productId: BINDER, message: 'gone' }] });
    expect(reorderMessage(some)).toBe('Added 2 items to your cart. This product is no longer available: Ring Binder.');
    expect(reorderMessage({ added: 0, notAdded: ['A', 'B'] })).toBe('No items were added to your cart. These products are no longer available: A, B.');
  });
});

describe('my account', () => {
  it('links to order history, addresses and profile', async () => {
    orderServer();
    renderRoute('/my-account');
    expect(await main().findByRole('heading', { level: 1, name: 'My Account' })).toBeTruthy();
    expect(main().getByText(/Hello, Bonnie\. You are buying for Acme\./)).toBeTruthy();
    expect(main().getByRole('link', { name: 'Order history' }).getAttribute('href')).toBe('/orders');
    expect(main().getByRole('link', { name: 'Addresses' }).getAttribute('href')).toBe('/my-account/addresses');
    expect(main().getByRole('link', { name: 'Profile and password' }).getAttribute('href')).toBe('/my-account/profile');
    await waitFor(() => expect(document.title).toBe('My Account | Acme Supply')); // the store's name comes with its own request
  });

  it.each(['/my-account', '/orders', `/orders/${DETAIL.orderSummaryId}`])('sends guests from %s to sign in', async (path) => {
    const { lists } = orderServer({ session: GUEST });
    const router = renderRoute(path);
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(router.state.location.search).toBe(`?startURL=${encodeURIComponent(path)}`);
    expect(lists()).toHaveLength(0);
  });
});

describe('order history', () => {
  it('lists the orders with number, date, status and total, asking for the buyer\'s own newest first', async () => {
    const { lists } = orderServer();
    renderRoute('/orders');
    expect(await main().findByRole('heading', { level: 1, name: 'Order history' })).toBeTruthy();
    const list = await rows();
    expect(list.map((r) => [...r.querySelectorAll('th, td')].map((c) => c.textContent))).toEqual([
      ['00000002', 'Mar 2, 2026', 'Received', '$2,234.50'],
      ['00000001', 'Mar 1, 2026', 'Received', '$1,234.50'],
    ]);
    expect(within(list[0]).getByRole('link', { name: '00000002' }).getAttribute('href')).toBe('/orders/1OsXX0000000002AAA');
    expect(Object.fromEntries(lists()[0].query)).toEqual({ ownerScope: 'My', sortOrder: 'OrderedDateDesc', pageSize: '10' });
    expect(main().getByRole('status').textContent).toBe('Showing 2 of 2 orders');
    expect(main().queryByRole('button', { name: 'Show more orders' })).toBeNull();
    await waitFor(() => expect(document.title).toBe('Order history | Acme Supply')); // the store's name comes with its own request
  });

  it('asks for the effective account and shows more orders a page at a time', async () => {
    setEffectiveAccount('001XX0000000007AAA', 'Globex');
    const { lists } = orderServer({
      list: (call) =>
        call.query.get('pageToken') === '2'
          ? jsonResponse({ count: 3, orderSummaries: [summary(1)], currentPageToken: '2', nextPageToken: null })
          : jsonResponse({ count: 3, orderSummaries: [summary(3), summary(2)], currentPageToken: '1', nextPageToken: '2' }),
    });
    renderRoute('/orders');
    expect(await rows()).toHaveLength(2);
    expect(lists()[0].query.get('effectiveAccountId')).toBe('001XX0000000007AAA');
    await userEvent.click(main().getByRole('button', { name: 'Show more orders' }));
    await waitFor(async () => expect(await rows()).toHaveLength(3));
    expect(lists()[1].query.get('pageToken')).toBe('2');
    expect(main().getByRole('status').textContent).toBe('Showing 3 of 3 orders');
    expect(main().queryByRole('button', { name: 'Show more orders' })).toBeNull();
  });

  it('refuses a From date after the To date, then filters by the range and sorts oldest first', async () => {
    const { lists } = orderServer({
      list: (call) =>
        call.query.get('earliestDate')
          ? jsonResponse({ count: 0, orderSummaries: [], currentPageToken: '1', nextPageToken: null })
          : jsonResponse({ count: 2, orderSummaries: [summary(2), summary(1)], currentPageToken: '1', nextPageToken: null }),
    });
    const router = renderRoute('/orders');
    await rows();
    const from = main().getByLabelText('From');
    await userEvent.type(from, '2025-02-10');
    await userEvent.type(main().getByLabelText('To'), '2025-02-01');
    await userEvent.click(main().getByRole('button', { name: 'Apply dates' }));
    const alert = main().getByRole('alert');
    expect(alert.textContent).toBe('The "From" date must be on or before the "To" date.');
    expect(from.getAttribute('aria-invalid')).toBe('true');
    expect(from.getAttribute('aria-describedby')).toBe(alert.id);
    expect(document.activeElement).toBe(from);
    expect(lists()).toHaveLength(1);

    await userEvent.clear(main().getByLabelText('To'));
    await userEvent.type(main().getByLabelText('To'), '2025-02-28');
    await userEvent.click(main().getByRole('button', { name: 'Apply dates' }));
    expect(await main().findByText('No orders between Feb 10, 2025 and Feb 28, 2025', { selector: '.sf-empty__title' })).toBeTruthy();
    expect(main().getByRole('status').textContent).toBe('No orders between Feb 10, 2025 and Feb 28, 2025.');
    expect(router.state.location.search).toBe('?from=2025-02-10&to=2025-02-28');
    const filtered = lists()[1].query;
    expect(filtered.get('earliestDate')).toBe(new Date(2025, 1, 10).toISOString());
    expect(filtered.get('latestDate')).toBe(new Date(2025, 2, 1).toISOString());
    expect(main().queryByRole('alert')).toBeNull();

    await userEvent.click(main().getByRole('button', { name: 'Show all orders' }));
    expect(await rows()).toHaveLength(2);
    expect((main().getByLabelText('From') as HTMLInputElement).value).toBe('');
    await userEvent.selectOptions(main().getByLabelText('Sort by'), 'oldest');
    await waitFor(() => expect(lists().at(-1)!.query.get('sortOrder')).toBe('OrderedDateAsc'));
    expect(router.state.location.search).toBe('?sort=oldest');
  });

  it('says when there are no orders yet, with a way to shop', async () => {
    orderServer({ list: () => jsonResponse({ count: 0, orderSummaries: [], currentPageToken: '1', nextPageToken: null }) });
    renderRoute('/orders');
    expect(await main().findByText("You haven't placed any orders yet")).toBeTruthy();
    expect(main().getByRole('link', { name: 'Start shopping' }).getAttribute('href')).toBe('/');
    expect(main().queryByRole('table')).toBeNull();
  });

  it('shows a failed load with a retry', async () => {
    let fail = true;
    orderServer({
      list: () => (fail ? jsonResponse([{ errorCode: 'UNKNOWN', message: 'boom' }], { status: 500 }) : jsonResponse({ count: 1, orderSummaries: [summary(1)], nextPageToken: null })),
    });
    renderRoute('/orders');
    expect(await main().findByText('Your orders could not be loaded.')).toBeTruthy();
    fail = false;
    await userEvent.click(main().getByRole('button', { name: 'Try again' }));
    expect(await rows()).toHaveLength(1);
  });
});

describe('order detail', () => {
  const path = `/orders/${DETAIL.orderSummaryId}`;

  it('shows the order: facts, deliveries with their items, promotions and totals', async () => {
    orderServer();
    renderRoute(path);
    const heading = await main().findByRole('heading', { level: 1, name: 'Order 00000001' });
    await waitFor(() => expect(document.activeElement).toBe(heading));
    await waitFor(() => expect(document.title).toBe('Order 00000001 | Acme Supply')); // the store's name comes with its own request
    const facts = Object.fromEntries(
      [...document.querySelectorAll('.sf-order__facts > div')].map((d) => [d.querySelector('dt')!.textContent, d.querySelector('dd')!.textContent]),
    );
    expect(facts).toEqual({ 'Date ordered': 'Mar 1, 2026', Status: 'Received', Account: 'Acme', Payment: 'Purchase order PO-77' });

    const first = main().getByRole('region', { name: 'Delivery 1 of 2' });
    expect(within(first).getByText('1 Main St')).toBeTruthy();
    expect(within(first).getByText('Denver, CO 80202')).toBeTruthy();
    expect(within(first).getByText('Ground')).toBeTruthy();
    expect(within(first).getByText('Instructions: Dock 4')).toBeTruthy();
    const penRow = within(within(first).getByRole('table')).getAllByRole('row')[1];
    expect(within(penRow).getByRole('link', { name: 'Everline Gel Pen, Blue' }).getAttribute('href')).toBe(`/product/everline-gel-pen-blue/${PEN}`);
    expect(within(penRow).getByText('PEN-000001')).toBeTruthy();
    expect(within(penRow).getAllByRole('cell').map((c) => c.textContent)).toEqual(['2', '$5.51', '$11.02']);
    // The delivery charge is a total, not an item.
    expect(within(first).queryByText('Delivery: Ground')).toBeNull();

    const second = main().getByRole('region', { name: 'Delivery 2 of 2' });
    expect(within(second).getByText('Express')).toBeTruthy();
    expect(within(second).getAllByRole('cell').map((c) => c.textContent)).toEqual(['3', '$4.00', '$12.00Discount -$1.20']);

    expect(within(main().getByRole('region', { name: 'Promotions' })).getByText('-$10.00')).toBeTruthy();
    const totals = Object.fromEntries(
      [...within(main().getByRole('region', { name: 'Totals' })).getAllByRole('term')].map((t) => [t.textContent, t.nextElementSibling!.textContent]),
    );
    expect(totals).toEqual({ Subtotal: '$1,200.00', Discounts: '-$10.00', Shipping: '$9.99', Tax: '$34.51', Total: '$1,234.50' });
  });

  it('reorders: says how many items went in and the badge counts them', async () => {
    const { seen } = orderServer();
    renderRoute(path);
    await main().findByRole('heading', { level: 1, name: 'Order 00000001' });
    expect(await screen.findByRole('link', { name: 'Cart: 0 items' })).toBeTruthy();
    await userEvent.click(main().getByRole('button', { name: 'Reorder' }));
    await waitFor(() => expect(main().getByText('Added 5 items to your cart.').closest('[role="status"]')).toBeTruthy());
    expect(await screen.findByRole('link', { name: 'Cart: 5 items' })).toBeTruthy();
    expect(main().getByRole('link', { name: 'View cart' }).getAttribute('href')).toBe('/cart');
    expect(seen.filter((c) => c.path.endsWith('/actions/add-order-to-cart') && c.method === 'POST')).toHaveLength(1);
  });

  it('reorders in part: names the products no longer sold', async () => {
    orderServer({
      reorder: () => jsonResponse({ cartId: '0a61', cartSummary: { cartId: '0a61' }, numberOfProductsWithError: 1, productsWithError: [{ productId: BINDER, message: 'This product is no longer available.' }] }),
    });
    renderRoute(path);
    await userEvent.click(await main().findByRole('button', { name: 'Reorder' }));
    const status = await main().findByText('Added 2 items to your cart. This product is no longer available: Ring Binder.');
    expect(status.closest('[role="status"]')).toBeTruthy();
  });

  it('shows a reorder that failed', async () => {
    orderServer({ reorder: () => jsonResponse([{ errorCode: 'UNKNOWN', message: 'The cart is being processed.' }], { status: 409 }) });
    renderRoute(path);
    await userEvent.click(await main().findByRole('button', { name: 'Reorder' }));
    expect((await main().findByRole('alert')).textContent).toBe('The order could not be added to your cart. The cart is being processed.');
    expect((main().getByRole('button', { name: 'Reorder' }) as HTMLButtonElement).disabled).toBe(false);
  });

  it('says Order not found for an id the account does not have', async () => {
    orderServer();
    renderRoute('/orders/1OsXX0000000099AAA');
    expect(await main().findByRole('heading', { level: 1, name: 'Order not found' })).toBeTruthy();
    await waitFor(() => expect(document.title).toBe('Order not found | Acme Supply')); // the store's name comes with its own request
    expect(main().queryByRole('button', { name: 'Reorder' })).toBeNull();
  });

  it('is linked from the order confirmation page, found by its reference number', async () => {
    const { seen } = orderServer();
    renderRoute(`/order-confirmation/${DETAIL.orderNumber}`);
    const link = await main().findByRole('link', { name: 'View order details' });
    expect(link.getAttribute('href')).toBe(`/orders/${DETAIL.orderSummaryId}`);
    expect(seen.some((c) => c.path === `order-summaries/${DETAIL.orderNumber}` && c.method === 'GET')).toBe(true);
  });

  it('is not linked from the confirmation page of an order it cannot find, which says so', async () => {
    const { seen } = orderServer();
    renderRoute('/order-confirmation/00000999');
    await main().findByRole('heading', { level: 1, name: 'Order not found' });
    await waitFor(() => expect(seen.some((c) => c.path === 'order-summaries/00000999')).toBe(true));
    expect(main().queryByRole('link', { name: 'View order details' })).toBeNull();
  });
});

describe('order status', () => {
  it('names an order summary status in the buyer\'s words, and keeps a status the store added as it is', async () => {
    const { orderStatusLabel } = await import('../../data/orders');
    expect(orderStatusLabel('Created')).toBe('Received');
    expect(orderStatusLabel('Waiting to Fulfill')).toBe('Being prepared');
    expect(orderStatusLabel('Fulfilled')).toBe('Shipped');
    expect(orderStatusLabel('On Hold')).toBe('On Hold');
  });
});
