import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { GUEST_CART_ID_KEY } from '../../data/storage';
import { jsonResponse, resetClientState } from '../../data/testing';
import { clearAllSeoHead } from '../../lib/seoHead';
import { renderRoute } from '../renderRoute';
import { BUYER, GUEST, installServer, type StoreCall } from '../testServer';
import { SPRING10, fakeCart, line, type FakeLine } from './fakeCart';

const APP = { guestBrowsingEnabled: true, guestCartEnabled: true, supportedCurrencies: ['USD'], defaultCurrency: 'USD' };
const PEN = line(1, { name: 'Everline Gel Pen, Blue', sku: 'PEN-000001', quantity: 3, sales: 551, list: 599, promo: -248 });
const MARKER = line(2, { name: 'Summit Marker', sku: 'MRK-000002', quantity: 4, sales: 799, list: 799 });

const main = () => within(screen.getByRole('main'));

/** The buyer's cart holding the lines; returns the fake cart and the calls made. */
function serve(lines: FakeLine[], options: { session?: object; appContext?: object; commerce?: (c: StoreCall) => Response | Promise<Response> | undefined } = {}) {
  const cart = fakeCart(lines);
  const { calls } = installServer({
    session: options.session ?? BUYER,
    appContext: options.appContext ?? APP,
    commerce: (c) => options.commerce?.(c) ?? cart.handle(c),
  });
  const cartCalls = (method: string, pathPart: string) =>
    calls.filter((c) => c.method === method && new URL(c.url, 'http://t').pathname.includes(pathPart));
  return { cart, calls, cartCalls };
}

/** The line (list item) whose name link is the product name. */
async function lineOf(name: string) {
  const link = await main().findByRole('link', { name });
  return link.closest('li')!;
}

/** The order summary as label → amount. */
function totals(): Record<string, string> {
  const rows = Array.from(document.querySelectorAll('.sf-cart-totals__row'));
  return Object.fromEntries(rows.map((r) => [r.querySelector('dt')!.textContent!, r.querySelector('dd')!.textContent!]));
}

function badge() {
  return screen.getByRole('banner').querySelector('.cart-badge')!.getAttribute('aria-label');
}

beforeEach(() => {
  resetClientState();
  clearAllSeoHead();
});
afterEach(() => {
  vi.useRealTimers();
  cleanup();
  vi.unstubAllGlobals();
});

describe('cart page', () => {
  it('lists the lines with SKU, link, unit price (list price only when larger), line total and promotions, and the totals', async () => {
    const { cartCalls } = serve([PEN, MARKER]);
    renderRoute('/cart');
    const pen = await lineOf('Everline Gel Pen, Blue');
    expect(main().getByRole('heading', { level: 1, name: 'Cart' })).toBeTruthy();
    await waitFor(() => expect(document.title).toBe('Cart | Acme Supply'));
    expect(main().getByText('7 items')).toBeTruthy();

    expect(within(pen).getByRole('link', { name: 'Everline Gel Pen, Blue' }).getAttribute('href')).toBe('/product/everline-gel-pen-blue/01tXX0000000001AAA');
    expect(within(pen).getByText('PEN-000001')).toBeTruthy();
    expect(pen.querySelector('.sf-price__current')?.textContent).toBe('$5.51');
    expect(pen.querySelector('.sf-price__original s')?.textContent).toBe('$5.99');
    expect(pen.querySelector('.sf-cart-line__amount')?.textContent).toBe('$16.53');
    expect(pen.querySelector('.sf-cart-line__discount')?.textContent).toBe('Promotions -$2.48');
    expect((within(pen).getByRole('spinbutton', { name: 'Quantity of Everline Gel Pen, Blue' }) as HTMLInputElement).value).toBe('3');

    // Sold at list price: no struck-through price, no promotion.
    const marker = await lineOf('Summit Marker');
    expect(marker.querySelector('.sf-price__current')?.textContent).toBe('$7.99');
    expect(marker.querySelector('.sf-price__original')).toBeNull();
    expect(marker.querySelector('.sf-cart-line__discount')).toBeNull();
    expect(marker.querySelector('.sf-cart-line__amount')?.textContent).toBe('$31.96');

    expect(totals()).toEqual({ 'Subtotal (7 items)': '$48.49', Discounts: '-$2.48', Tax: '$4.60', Total: '$50.61' });
    const promotions = main().getByRole('list', { name: 'Promotions applied' });
    expect(within(promotions).getByRole('listitem').textContent).toBe('15% off writing instruments-$2.48');

    const query = new URL(cartCalls('GET', '/cart-items')[0].url, 'http://t').searchParams;
    expect(Object.fromEntries(query)).toEqual({
      includePromotions: 'true', includeCoupons: 'true', sort: 'CreatedDateDesc', pageNumber: '1', pageSize: '25', currencyIsoCode: 'USD',
    });
  });

  it('pages the lines by 25', async () => {
    const lines = Array.from({ length: 30 }, (_, i) => line(i + 1));
    const { cartCalls } = serve(lines);
    const router = renderRoute('/cart');
    await lineOf('Widget 1');
    expect(main().getAllByRole('link', { name: /^Widget \d+$/ })).toHaveLength(25);
    const pager = main().getByRole('navigation', { name: 'Pagination' });
    await userEvent.setup().click(within(pager).getByRole('link', { name: 'Page 2' }));
    await lineOf('Widget 26');
    expect(main().getAllByRole('link', { name: /^Widget \d+$/ })).toHaveLength(5);
    expect(router.state.location.search).toBe('?page=2');
    expect(new URL(cartCalls('GET', '/cart-items').at(-1)!.url, 'http://t').searchParams.get('pageNumber')).toBe('2');
  });

  it('goes back a page when the last line of the last page is removed', async () => {
    serve(Array.from({ length: 26 }, (_, i) => line(i + 1)));
    const router = renderRoute('/cart?page=2');
    await lineOf('Widget 26');
    await userEvent.setup().click(main().getByRole('button', { name: 'Remove Widget 26' }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
    await lineOf('Widget 1');
    expect(main().getAllByRole('link', { name: /^Widget \d+$/ })).toHaveLength(25);
    expect(main().queryByRole('navigation', { name: 'Pagination' })).toBeNull();
  });

  it('leads a buyer to the checkout', async () => {
    serve([MARKER]);
    const router = renderRoute('/cart');
    const link = await main().findByRole('link', { name: 'Proceed to checkout' });
    await userEvent.setup().click(link);
    await waitFor(() => expect(router.state.location.pathname).toBe('/checkout'));
  });

  it('shows an empty cart with a way back to the shop', async () => {
    serve([]);
    renderRoute('/cart');
    expect(await main().findByText('Your cart is empty')).toBeTruthy();
    expect(main().queryByRole('link', { name: 'Proceed to checkout' })).toBeNull();
    expect(main().getByRole('link', { name: 'Continue shopping' }).getAttribute('href')).toBe('/');
    expect(main().queryByRole('button', { name: 'Clear cart' })).toBeNull();
  });

  it('changes a quantity on Enter: PATCH with the new quantity, then the line, the totals and the badge follow', async () => {
    const { cartCalls } = serve([PEN, MARKER]);
    renderRoute('/cart');
    const user = userEvent.setup();
    const marker = await lineOf('Summit Marker');
    await waitFor(() => expect(badge()).toBe('Cart: 7 items'));
    const qty = within(marker).getByRole('spinbutton', { name: 'Quantity of Summit Marker' });
    await user.clear(qty);
    await user.type(qty, '6{Enter}');
    await waitFor(() => expect(marker.querySelector('.sf-cart-line__amount')?.textContent).toBe('$47.94'));
    expect(cartCalls('PATCH', '/cart-items/')).toHaveLength(1);
    expect(cartCalls('PATCH', '/cart-items/')[0].body).toEqual({ quantity: '6' });
    expect(cartCalls('PATCH', '/cart-items/')[0].url).toContain(`/carts/current/cart-items/${MARKER.id}?`);
    expect(totals()['Subtotal (9 items)']).toBe('$64.47');
    await waitFor(() => expect(badge()).toBe('Cart: 9 items'));
    await waitFor(() => expect(screen.getByText('Quantity of Summit Marker changed to 6.')).toBeTruthy());
  });

  it('sends one change for quick steps (debounced), and none for a quantity the rule refuses', async () => {
    const boxed = line(3, { name: 'Ring Binder', quantity: 5, rule: { minimum: '5', maximum: '500', increment: '5' } });
    const { cartCalls } = serve([MARKER, boxed]);
    renderRoute('/cart');
    const user = userEvent.setup();
    const marker = await lineOf('Summit Marker');
    await user.click(within(marker).getByRole('button', { name: 'Increase quantity of Summit Marker' }));
    await user.click(within(marker).getByRole('button', { name: 'Increase quantity of Summit Marker' }));
    expect((within(marker).getByRole('spinbutton') as HTMLInputElement).value).toBe('6');
    await waitFor(() => expect(marker.querySelector('.sf-cart-line__amount')?.textContent).toBe('$47.94'));
    expect(cartCalls('PATCH', '/cart-items/').map((c) => c.body)).toEqual([{ quantity: '6' }]);

    const binder = await lineOf('Ring Binder');
    const qty = within(binder).getByRole('spinbutton', { name: 'Quantity of Ring Binder' });
    await user.clear(qty);
    await user.type(qty, '7{Enter}');
    expect(within(binder).getByRole('alert').textContent).toBe('Order in multiples of 5, starting at 5.');
    expect(qty.getAttribute('aria-invalid')).toBe('true');
    await user.click(within(binder).getByRole('button', { name: 'Increase quantity of Ring Binder' }));
    expect((qty as HTMLInputElement).value).toBe('10');
    expect(within(binder).queryByRole('alert')).toBeNull();
    await waitFor(() => expect(cartCalls('PATCH', `/cart-items/${boxed.id}`).map((c) => c.body)).toEqual([{ quantity: '10' }]));
  });

  it('still sends a stepped quantity when the buyer leaves the page before the pause is over', async () => {
    const { cartCalls } = serve([MARKER]);
    const router = renderRoute('/cart');
    const marker = await lineOf('Summit Marker');
    await userEvent.setup().click(within(marker).getByRole('button', { name: 'Increase quantity of Summit Marker' }));
    expect(cartCalls('PATCH', '/cart-items/')).toHaveLength(0);
    await act(() => router.navigate('/faq'));
    await waitFor(() => expect(cartCalls('PATCH', '/cart-items/').map((c) => c.body)).toEqual([{ quantity: '5' }]));
  });

  it("shows the server's refusal of a quantity on that line only, keeping what the buyer typed", async () => {
    const { cartCalls } = serve([PEN, MARKER]);
    renderRoute('/cart');
    const user = userEvent.setup();
    const marker = await lineOf('Summit Marker');
    const qty = within(marker).getByRole('spinbutton', { name: 'Quantity of Summit Marker' });
    await user.clear(qty);
    await user.type(qty, '150{Enter}');
    expect((await within(marker).findByRole('alert')).textContent).toBe('Only 100 of Summit Marker are available.');
    expect((qty as HTMLInputElement).value).toBe('150');
    expect(marker.querySelector('.sf-cart-line__amount')?.textContent).toBe('$31.96');
    expect(within(await lineOf('Everline Gel Pen, Blue')).queryByRole('alert')).toBeNull();
    expect(cartCalls('PATCH', '/cart-items/')).toHaveLength(1);
  });

  it('removes a line: DELETE, the line goes, focus moves to the next line, and the last removal leaves the empty cart', async () => {
    const { cartCalls } = serve([PEN, MARKER]);
    renderRoute('/cart');
    const user = userEvent.setup();
    await lineOf('Everline Gel Pen, Blue');
    await user.click(main().getByRole('button', { name: 'Remove Everline Gel Pen, Blue' }));
    await waitFor(() => expect(main().queryByRole('link', { name: 'Everline Gel Pen, Blue' })).toBeNull());
    expect(cartCalls('DELETE', `/cart-items/${PEN.id}`)).toHaveLength(1);
    expect(document.activeElement).toBe(main().getByRole('link', { name: 'Summit Marker' }));
    expect(await screen.findByText('Removed Everline Gel Pen, Blue from your cart.')).toBeTruthy();
    expect(totals().Total).toBe('$35.16');

    await user.click(main().getByRole('button', { name: 'Remove Summit Marker' }));
    expect(await main().findByText('Your cart is empty')).toBeTruthy();
    expect(document.activeElement).toBe(main().getByRole('heading', { level: 1, name: 'Cart' }));
  });

  it('clears the cart only after a confirmation', async () => {
    const { cartCalls } = serve([PEN, MARKER]);
    renderRoute('/cart');
    const user = userEvent.setup();
    await lineOf('Summit Marker');
    await user.click(main().getByRole('button', { name: 'Clear cart' }));
    const confirm = main().getByRole('group', { name: 'Remove every item from your cart?' });
    expect(document.activeElement).toBe(within(confirm).getByRole('button', { name: 'Keep items' }));
    await user.keyboard('{Escape}');
    expect(main().queryByRole('group', { name: 'Remove every item from your cart?' })).toBeNull();
    expect(document.activeElement).toBe(main().getByRole('button', { name: 'Clear cart' }));
    expect(cartCalls('DELETE', '/carts/current')).toHaveLength(0);

    await user.click(main().getByRole('button', { name: 'Clear cart' }));
    await user.click(main().getByRole('button', { name: 'Yes, clear cart' }));
    expect(await main().findByText('Your cart is empty')).toBeTruthy();
    expect(cartCalls('DELETE', '/carts/current').map((c) => new URL(c.url, 'http://t').pathname)).toEqual([
      '/services/data/v64.0/commerce/webstores/0ZEXX0000000001AAA/carts/current',
    ]);
  });

  it('applies a coupon (the total drops, the promotion shows) and removes it again', async () => {
    const { cartCalls } = serve([PEN, MARKER]);
    renderRoute('/cart');
    const user = userEvent.setup();
    await lineOf('Summit Marker');
    await user.click(main().getByRole('button', { name: 'Apply' }));
    expect(main().getByRole('alert').textContent).toBe('Enter a coupon code.');
    expect(cartCalls('POST', '/cart-coupons')).toHaveLength(0);

    await user.type(main().getByLabelText('Coupon code'), 'spring10');
    await user.click(main().getByRole('button', { name: 'Apply' }));
    await waitFor(() => expect(totals().Total).toBe('$45.28'));
    expect(cartCalls('POST', '/cart-coupons')[0].body).toEqual({ couponCode: 'spring10' });
    expect(totals().Discounts).toBe('-$7.33');
    const promotions = within(main().getByRole('list', { name: 'Promotions applied' })).getAllByRole('listitem');
    expect(promotions.map((p) => p.textContent)).toEqual(['Spring sale: 10% off your order (SPRING10)-$4.85', '15% off writing instruments-$2.48']);
    expect((main().getByLabelText('Coupon code') as HTMLInputElement).value).toBe('');

    await user.click(within(main().getByRole('list', { name: 'Applied coupons' })).getByRole('button', { name: 'Remove coupon SPRING10' }));
    await waitFor(() => expect(totals().Total).toBe('$50.61'));
    expect(cartCalls('DELETE', `/cart-coupons/${SPRING10.id}`)).toHaveLength(1);
    expect(main().queryByRole('list', { name: 'Applied coupons' })).toBeNull();
    expect(document.activeElement).toBe(main().getByLabelText('Coupon code'));
  });

  it("shows why a coupon is refused (after the data layer's retries)", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { cartCalls } = serve([MARKER]);
    renderRoute('/cart');
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    await lineOf('Summit Marker');
    await user.type(main().getByLabelText('Coupon code'), 'BOGUS');
    await user.click(main().getByRole('button', { name: 'Apply' }));
    await act(() => vi.advanceTimersByTimeAsync(8_000));
    expect((await main().findByRole('alert')).textContent).toBe("The coupon code BOGUS isn't valid.");
    expect(main().getByLabelText('Coupon code').getAttribute('aria-invalid')).toBe('true');
    expect(cartCalls('POST', '/cart-coupons').length).toBeGreaterThan(0);
    expect(totals().Total).toBe('$35.16');
  });

  it('is busy (aria-busy, a visible note) while a change is being made', async () => {
    let release: () => void = () => {};
    const held = new Promise<void>((r) => (release = r));
    const cart = fakeCart([MARKER]);
    serve([], {
      commerce: (c) => (c.method === 'PATCH' ? held.then(() => cart.handle(c)!) : cart.handle(c)),
    });
    renderRoute('/cart');
    const user = userEvent.setup();
    const marker = await lineOf('Summit Marker');
    const region = main().getByRole('region', { name: 'Items in your cart' });
    await waitFor(() => expect(region.getAttribute('aria-busy')).toBe('false'));
    const qty = within(marker).getByRole('spinbutton');
    await user.clear(qty);
    await user.type(qty, '5{Enter}');
    await waitFor(() => expect(region.getAttribute('aria-busy')).toBe('true'));
    expect(main().getByText('Updating your cart…')).toBeTruthy();
    release();
    await waitFor(() => expect(marker.querySelector('.sf-cart-line__amount')?.textContent).toBe('$39.95'));
    await waitFor(() => expect(region.getAttribute('aria-busy')).toBe('false'));
    expect(main().queryByText('Updating your cart…')).toBeNull();
  });

  it('stays busy while the server is still calculating the cart (Processing), then shows the result', async () => {
    let calculating = false;
    const cart = fakeCart([MARKER]);
    serve([], {
      commerce: (c) => {
        if (!(calculating && c.method === 'GET' && c.path === 'carts/current/cart-items')) return cart.handle(c);
        // A cart being calculated: 202, its summary says Processing (spec section 4, "Cart processing").
        const body = (cart.handle(c) as Response).json().then((b) => ({ ...b, cartItems: [], cartSummary: { ...b.cartSummary, asyncOperationStatus: 'Processing' } }));
        return body.then((b) => jsonResponse(b, { status: 202, headers: { 'Retry-After': '1' } }));
      },
    });
    renderRoute('/cart');
    const user = userEvent.setup();
    const marker = await lineOf('Summit Marker');
    const region = main().getByRole('region', { name: 'Items in your cart' });
    await waitFor(() => expect(region.getAttribute('aria-busy')).toBe('false'));
    calculating = true;
    await user.click(within(marker).getByRole('button', { name: 'Remove Summit Marker' }));
    await waitFor(() => expect(region.getAttribute('aria-busy')).toBe('true'));
    expect(main().getByText('Updating your cart…')).toBeTruthy();
    // The lines stay on screen while the cart is calculated.
    expect(main().getByRole('link', { name: 'Summit Marker' })).toBeTruthy();
    calculating = false;
    expect(await main().findByText('Your cart is empty', {}, { timeout: 4000 })).toBeTruthy();
  });

  it('says when products of the guest cart could not join the buyer\'s cart at login', async () => {
    localStorage.setItem(GUEST_CART_ID_KEY, '0a6XX00000000GGAAA');
    const { cartCalls } = serve([], {
      commerce: (c) => (c.path === 'carts/0a6XX00000000GGAAA/actions/preserve' ? jsonResponse({ cartId: '0a6XX0000000001AAA', numberOfProductsWithError: 2 }) : undefined),
    });
    renderRoute('/cart');
    // Even (above all) when none made it and the cart is empty.
    expect(await main().findByText("2 products from the cart you had before logging in couldn't be added to your cart.")).toBeTruthy();
    // The cart is read again after the preserve: the notice may come first.
    expect(await main().findByText('Your cart is empty')).toBeTruthy();
    expect(cartCalls('POST', '/actions/preserve')).toHaveLength(1);
    expect(localStorage.getItem(GUEST_CART_ID_KEY)).toBeNull();
  });

  it('shows an error with a retry when the cart cannot be loaded', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let fail = true;
    const cart = fakeCart([MARKER]);
    serve([], {
      commerce: (c) => (fail && c.path === 'carts/current/cart-items' ? jsonResponse([{ errorCode: 'UNKNOWN_EXCEPTION', message: 'boom' }], { status: 500 }) : cart.handle(c)),
    });
    renderRoute('/cart');
    // The page's code arrives through the route's lazy: the retries' clock runs once the page asks.
    await main().findByRole('heading', { name: 'Cart' });
    await act(() => vi.advanceTimersByTimeAsync(8_000));
    const alert = await main().findByRole('alert');
    expect(alert.textContent).toContain("We couldn't load your cart.");
    fail = false;
    await userEvent.setup({ advanceTimers: vi.advanceTimersByTime }).click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await main().findByRole('link', { name: 'Summit Marker' })).toBeTruthy();
  });
});

describe('cart page for guests', () => {
  it('shows a guest their cart when the store keeps guest carts', async () => {
    serve([MARKER], { session: GUEST });
    renderRoute('/cart');
    expect(await main().findByRole('link', { name: 'Summit Marker' })).toBeTruthy();
    // No guest checkout in this store: no way to checkout.
    expect(main().queryByRole('link', { name: 'Proceed to checkout' })).toBeNull();
  });

  it('offers a guest the checkout when the store enables guest checkout', async () => {
    serve([MARKER], { session: GUEST, appContext: { ...APP, guestCheckoutEnabled: true } });
    renderRoute('/cart');
    await main().findByRole('link', { name: 'Summit Marker' });
    expect((await main().findByRole('link', { name: 'Proceed to checkout' })).getAttribute('href')).toBe('/checkout');
  });

  it('sends a guest to log in when the store keeps no guest carts', async () => {
    const { cartCalls } = serve([MARKER], { session: GUEST, appContext: { ...APP, guestCartEnabled: false } });
    const router = renderRoute('/cart');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(router.state.location.search).toBe(`?startURL=${encodeURIComponent('/cart')}`);
    expect(cartCalls('GET', '/cart-items')).toHaveLength(0);
  });
});
