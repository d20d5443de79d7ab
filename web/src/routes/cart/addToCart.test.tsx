import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { jsonResponse, resetClientState } from '../../data/testing';
import { clearAllSeoHead } from '../../lib/seoHead';
import { renderRoute } from '../renderRoute';
import { BUYER, BUYER_PRICE, GUEST, PRODUCT, installServer, searchAnswer, type StoreCall } from '../testServer';
import { fakeCart } from './fakeCart';

const APP = { guestBrowsingEnabled: true, guestCartEnabled: true, supportedCurrencies: ['USD'], defaultCurrency: 'USD' };
const PRODUCT_PATH = '/product/gel-pen-1/01tXX0000000001AAA';
const main = () => within(screen.getByRole('main'));

function serve(options: { session?: object; appContext?: object; commerce?: (c: StoreCall) => Response | Promise<Response> | undefined } = {}) {
  const cart = fakeCart();
  const server = installServer({
    session: options.session ?? GUEST,
    appContext: options.appContext ?? APP,
    price: options.session === BUYER ? BUYER_PRICE : undefined,
    // The search cards: the first product is sold in fives, the others one by one.
    search: (body) => {
      const answer = searchAnswer(body);
      answer.productsPage.products = answer.productsPage.products.map((p, i) =>
        i === 0 ? { ...p, purchaseQuantityRule: { minimum: '5', maximum: '500', increment: '5' } } : p,
      );
      return answer;
    },
    commerce: (c) => options.commerce?.(c) ?? cart.handle(c),
  });
  const adds = () => server.calls.filter((c) => c.method === 'POST' && c.url.includes('/carts/current/cart-items'));
  return { cart, adds, calls: server.calls };
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

describe('Add to cart on the product page', () => {
  it('adds the chosen quantity, shows progress, then says what was added with a link to the cart', async () => {
    let release: () => void = () => {};
    const held = new Promise<void>((r) => (release = r));
    const cart = fakeCart();
    const { adds } = serve({ commerce: (c) => (c.method === 'POST' ? held.then(() => cart.handle(c)!) : cart.handle(c)) });
    renderRoute(PRODUCT_PATH);
    const user = userEvent.setup();
    await main().findByRole('heading', { level: 1, name: PRODUCT.fields.Name });
    await user.click(main().getByRole('button', { name: 'Increase quantity' }));
    const button = await main().findByRole('button', { name: 'Add to cart' });
    await waitFor(() => expect((button as HTMLButtonElement).disabled).toBe(false));
    await user.click(button);
    expect(button.textContent).toBe('Adding…');
    expect(button.getAttribute('aria-disabled')).toBe('true');
    // A second press while adding does not add twice.
    await user.click(button);
    release();
    const status = await main().findByText(/^Added 10 × Everline Gel Pen, Blue to your cart\./);
    expect(status.closest('[role="status"]')).toBeTruthy();
    expect(within(status).getByRole('link', { name: 'View cart' }).getAttribute('href')).toBe('/cart');
    expect(button.textContent).toBe('Add to cart');
    expect(adds()).toHaveLength(1);
    expect(adds()[0].body).toEqual({ productId: '01tXX0000000001AAA', quantity: '10', type: 'Product' });
    expect(new URL(adds()[0].url, 'http://t').searchParams.get('currencyIsoCode')).toBe('USD');
    expect(document.activeElement).toBe(button);
  });

  it('does not add a quantity the rule refuses', async () => {
    const { adds } = serve();
    renderRoute(PRODUCT_PATH);
    const user = userEvent.setup();
    const qty = await main().findByLabelText('Quantity');
    await user.clear(qty);
    await user.type(qty, '12');
    expect(main().getByRole('alert').textContent).toBe('Order in multiples of 5, starting at 5.');
    expect((main().getByRole('button', { name: 'Add to cart' }) as HTMLButtonElement).disabled).toBe(true);
    expect(adds()).toHaveLength(0);
  });

  it("shows the server's reason when the product cannot be added", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { adds } = serve({
      commerce: (c) =>
        c.method === 'POST' && c.path === 'carts/current/cart-items'
          ? jsonResponse([{ errorCode: 'CART_VALIDATION_ERROR', message: 'Everline Gel Pen, Blue is not available to order.' }], { status: 400 })
          : undefined,
    });
    renderRoute(PRODUCT_PATH);
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    const button = await main().findByRole('button', { name: 'Add to cart' });
    await waitFor(() => expect((button as HTMLButtonElement).disabled).toBe(false));
    await user.click(button);
    await act(() => vi.advanceTimersByTimeAsync(8_000));
    const alert = await main().findByRole('alert');
    expect(alert.textContent).toBe('Everline Gel Pen, Blue is not available to order.');
    expect(button.getAttribute('aria-describedby')).toContain(alert.id);
    expect(main().queryByText(/^Added /)).toBeNull();
    expect(adds().length).toBeGreaterThan(0);
  });

  it("updates a buyer's cart badge once the product is added", async () => {
    serve({ session: BUYER });
    renderRoute(PRODUCT_PATH);
    const user = userEvent.setup();
    const badge = () => screen.getByRole('banner').querySelector('.cart-badge')?.getAttribute('aria-label');
    await waitFor(() => expect(badge()).toBe('Cart: 0 items'));
    const button = await main().findByRole('button', { name: 'Add to cart' });
    await user.click(button);
    await main().findByText(/^Added 5 × /);
    expect(badge()).toBe('Cart: 5 items');
    expect(screen.getByRole('banner').querySelector('[data-testid="cart-count"]')?.textContent).toBe('5');
  });
});

describe('Add to cart on product cards', () => {
  it("adds each card's minimum quantity", async () => {
    const { adds, calls } = serve();
    renderRoute('/global-search/pen');
    const user = userEvent.setup();
    await user.click(await main().findByRole('button', { name: 'Add to cart: Everline Gel Pen, Blue' }));
    await main().findByText(/^Added 5 × Everline Gel Pen, Blue/);
    await user.click(main().getByRole('button', { name: 'Add to cart: Summit Marker' }));
    const added = await main().findByText(/^Added 1 × Summit Marker/);
    expect(added.closest('li')?.textContent).toContain('Summit Marker');
    expect(adds().map((c) => c.body)).toEqual([
      { productId: '01tXX0000000001AAA', quantity: '5', type: 'Product' },
      { productId: '01tXX0000000003AAA', quantity: '1', type: 'Product' },
    ]);
    const search = calls.find((c) => c.url.includes('/search/product-search'))!;
    expect(search.body).toMatchObject({ includeQuantityRule: true });
  });
});

describe('guests of a store without guest carts', () => {
  it('get a link to log in instead of Add to cart, on the product page and the cards', async () => {
    const { adds } = serve({ appContext: { ...APP, guestCartEnabled: false } });
    renderRoute(PRODUCT_PATH);
    const login = await main().findByRole('link', { name: 'Log in to add to cart' });
    expect(login.getAttribute('href')).toBe(`/login?startURL=${encodeURIComponent(PRODUCT_PATH)}`);
    expect(main().queryByRole('button', { name: 'Add to cart' })).toBeNull();
    cleanup();

    serve({ appContext: { ...APP, guestCartEnabled: false } });
    renderRoute('/global-search/pen');
    const card = await main().findByRole('link', { name: 'Log in to add to cart: Summit Marker' });
    expect(card.getAttribute('href')).toBe(`/login?startURL=${encodeURIComponent('/global-search/pen')}`);
    expect(adds()).toHaveLength(0);
  });

  it('can still add once logged in (a buyer always has a cart)', async () => {
    const { adds } = serve({ session: BUYER, appContext: { ...APP, guestCartEnabled: false } });
    renderRoute(PRODUCT_PATH);
    await userEvent.setup().click(await main().findByRole('button', { name: 'Add to cart' }));
    await main().findByText(/^Added 5 × /);
    expect(adds()).toHaveLength(1);
  });
});
