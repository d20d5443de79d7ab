import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { routes } from '../routes';
import { createQueryClient } from '../queryClient';
import { setBasePath, setWebstoreId, type Site } from '../data';
import { queryKeys } from '../data/hooks';
import { jsonResponse, mockFetch, resetClientState } from '../data/testing';
import { BUYER, COMMERCE, GUEST, WS } from './testServer';

const SITE: Site = {
  webstoreId: WS, communityId: '0DBXX0000000001AAA', siteId: '0DMXX0000000001AAA',
  language: 'en_US', locale: 'en-US', basePath: '', storeName: 'Acme Supply',
};

interface ServerOptions {
  session?: object;
  appContext?: object;
  /** Answers a batch body; default: every input added. */
  batch?: (inputs: { productId: string; quantity: string }[], call: number) => Response | Promise<Response>;
  products?: (skus: string[]) => Response;
}

/** The demo-ish catalogue: SKU-n (any case) is product 01t...n; anything else is unknown. */
function productsAnswer(skus: string[]) {
  return jsonResponse({
    products: skus.map((sku) => {
      const m = /^sku-(\d+)$/i.exec(sku);
      return m
        ? { id: `01tP${m[1]}`, sku: `SKU-${m[1]}`, success: true, fields: { StockKeepingUnit: `SKU-${m[1]}` }, defaultImage: null, error: null }
        : { id: null, sku, success: false, fields: null, defaultImage: null, error: { errorCode: 'ITEM_NOT_FOUND', message: 'No product.' } };
    }),
    total: skus.length,
  });
}

function added(inputs: { productId: string; quantity: string }[]) {
  return jsonResponse({
    hasErrors: false,
    results: inputs.map((i) => ({ statusCode: 201, result: { cartItemId: `0a9${i.productId}`, cartId: '0a6C', productId: i.productId, quantity: i.quantity } })),
  });
}

function installServer(o: ServerOptions = {}) {
  let batchCalls = 0;
  return mockFetch(async (url, init) => {
    const u = new URL(url, 'http://test');
    const path = u.pathname.replace(`${COMMERCE}/`, '');
    if (path === 'session-context') return jsonResponse(o.session ?? BUYER);
    if (path === 'application-context') return jsonResponse(o.appContext ?? { guestBrowsingEnabled: true, guestCartEnabled: true, defaultCurrency: 'USD' });
    if (path === 'products') {
      const skus = u.searchParams.get('skus')!.split(',');
      return (o.products ?? productsAnswer)(skus);
    }
    if (path === 'carts/current/cart-items/batch') {
      const body = JSON.parse(String(init.body));
      const inputs = body.inputs.map((i: { richInput: { productId: string; quantity: string } }) => i.richInput);
      return o.batch ? o.batch(inputs, batchCalls++) : added(inputs);
    }
    if (path === 'carts/compact-summary') return jsonResponse({ cartId: '0a6C', totalProductCount: '0', uniqueProductCount: 0 });
    if (u.pathname.includes('/lwr/apex/')) return jsonResponse({ menuItems: [] });
    return jsonResponse([{ errorCode: 'NOT_FOUND', message: 'Not found.' }], { status: 404 });
  });
}

function renderAt(path: string) {
  setBasePath(SITE.basePath);
  setWebstoreId(SITE.webstoreId);
  const client = createQueryClient();
  client.setDefaultOptions({ queries: { retry: false, refetchOnWindowFocus: false } });
  client.setQueryData(queryKeys.site, SITE);
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

const main = () => within(screen.getByRole('main'));
// Plain selectors where a page holds hundreds of rows: role queries compute every element's role and name.
const resultRows = () =>
  Array.from(document.querySelectorAll('.sf-quick-order__result-table tbody tr')).map((tr) => Array.from(tr.children).map((c) => c.textContent));
const productCalls = (calls: { url: string }[]) => calls.filter((c) => new URL(c.url, 'http://t').pathname === `${COMMERCE}/products`);
const batchCalls = (calls: { url: string; body: unknown }[]) => calls.filter((c) => c.url.includes('/cart-items/batch'));

beforeEach(() => resetClientState());
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('quick order page', () => {
  it('adds typed rows: merges repeats, reports unknown SKUs, bad quantities and the cart\'s message per line', { timeout: 30_000 }, async () => {
    const { calls } = installServer({
      batch: (inputs) =>
        jsonResponse({
          hasErrors: true,
          results: inputs.map((i) =>
            i.productId === '01tP5'
              ? { statusCode: 400, result: [{ errorCode: 'CART_VALIDATION_ERROR', message: "You can't add 3 of Widget: buy it in steps of 5 (5, 10, 15...)." }] }
              : { statusCode: 201, result: { cartItemId: 'x', productId: i.productId, quantity: i.quantity } },
          ),
        }),
    });
    renderAt('/quick-order');
    expect(await main().findByRole('heading', { level: 1, name: 'Quick Order' })).toBeTruthy();
    await waitFor(() => expect(document.title).toBe('Quick Order | Acme Supply'));
    const user = userEvent.setup();
    await user.type(main().getByLabelText('SKU, line 1'), 'SKU-1');
    await user.type(main().getByLabelText('Quantity, line 1'), '2');
    await user.type(main().getByLabelText('SKU, line 2'), 'NOPE');
    await user.type(main().getByLabelText('SKU, line 3'), 'sku-1');
    await user.type(main().getByLabelText('Quantity, line 3'), '4');
    await user.click(main().getByRole('button', { name: 'Add row' }));
    await user.type(main().getByLabelText('SKU, line 4'), 'SKU-5');
    await user.type(main().getByLabelText('Quantity, line 4'), '3');
    await user.click(main().getByRole('button', { name: 'Add row' }));
    await user.type(main().getByLabelText('SKU, line 5'), 'SKU-9');
    await user.type(main().getByLabelText('Quantity, line 5'), 'two');
    await user.click(main().getByRole('button', { name: 'Add row' }));
    await user.click(main().getByRole('button', { name: 'Remove line 6' }));
    expect(main().queryByLabelText('SKU, line 6')).toBeNull();

    await user.click(main().getByRole('button', { name: 'Add to cart' }));
    const heading = await main().findByRole('heading', { level: 2, name: 'Results' });
    await waitFor(() => expect(document.activeElement).toBe(heading));

    // The SKUs asked once each; the bad line is not sent; SKU-1's two lines go as one input of 6.
    expect(productCalls(calls).map((c) => new URL(c.url, 'http://t').searchParams.get('skus'))).toEqual(['SKU-1,NOPE,sku-1,SKU-5']);
    expect(new URL(productCalls(calls)[0].url, 'http://t').searchParams.get('excludeMedia')).toBe('true');
    expect(batchCalls(calls)[0].body).toEqual({
      inputs: [
        { richInput: { productId: '01tP1', quantity: '6', type: 'Product' } },
        { richInput: { productId: '01tP5', quantity: '3', type: 'Product' } },
      ],
    });
    expect(resultRows()).toEqual([
      ['2', 'NOPE', '1', 'Unknown SKU'],
      ['4', 'SKU-5', '3', "You can't add 3 of Widget: buy it in steps of 5 (5, 10, 15...)."],
      ['5', 'SKU-9', 'two', 'Not sent: Quantity must be a whole number from 1 to 1,000,000.'],
      ['1', 'SKU-1', '2', 'Added (together with line 3)'],
      ['3', 'sku-1', '4', 'Added (together with line 1)'],
    ]);
    expect(main().getAllByText('2 of 5 lines added to your cart. 3 not added: see below.').length).toBeGreaterThan(0);
    expect(main().getByRole('link', { name: 'View cart' }).getAttribute('href')).toBe('/cart');
    // The lines added left the form (adding again adds only what is fixed); the rest are numbered from 1 again.
    const left = [...document.querySelectorAll<HTMLInputElement>('.sf-quick-order__lines tbody input[id$="-sku"]')].map((i) => i.value);
    expect(left).toEqual(['NOPE', 'SKU-5', 'SKU-9']);
    // The bad row says what is wrong, tied to its field.
    const qty = main().getByLabelText('Quantity, line 3');
    expect(qty.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(qty.getAttribute('aria-describedby')!)?.textContent).toBe('Quantity must be a whole number from 1 to 1,000,000.');
    // The cart badge is asked again after the change.
    await waitFor(() => expect(calls.filter((c) => c.url.includes('compact-summary')).length).toBeGreaterThan(0));
  });

  it('reads a 150-line CSV, looks SKUs up 100 at a time, adds 100 at a time and shows the progress', { timeout: 30_000 }, async () => {
    let release: () => void = () => {};
    const held = new Promise<void>((r) => (release = r));
    const { calls } = installServer({
      batch: async (inputs, n) => {
        if (n === 1) await held;
        return added(inputs);
      },
    });
    renderAt('/quick-order');
    const input = (await main().findByLabelText('Upload a CSV file')) as HTMLInputElement;
    expect(input.getAttribute('accept')).toBe('.csv,text/csv');
    const lines = Array.from({ length: 150 }, (_, i) => (i % 30 === 7 ? `NOPE-${i},5` : `"SKU-${i + 1}",5`));
    const file = new File([`\uFEFFsku,quantity\r\n${lines.join('\r\n')}\r\n`], 'order.csv', { type: 'text/csv' });
    fireEvent.change(input, { target: { files: [file] } });
    expect(await main().findByText('150 lines read from order.csv.')).toBeTruthy();
    const skuInputs = document.querySelectorAll<HTMLInputElement>('.sf-quick-order__lines tbody input[id$="-sku"]');
    expect([skuInputs.length, skuInputs[149].value, skuInputs[149].labels?.[0].textContent]).toEqual([150, 'SKU-150', 'SKU, line 150']);

    fireEvent.click(main().getByText('Add to cart'));
    const status = await main().findByText('Added 100 of 145 lines', {}, { timeout: 10_000 });
    expect(status.getAttribute('role')).toBe('status');
    const bar = document.querySelector('progress')!;
    expect([bar.value, bar.max, bar.getAttribute('aria-labelledby')]).toEqual([100, 145, status.id]);
    expect((main().getByText('Adding…') as HTMLButtonElement).disabled).toBe(true);
    release();
    await main().findByText('Results', { selector: 'h2' }, { timeout: 10_000 });
    expect(productCalls(calls).map((c) => new URL(c.url, 'http://t').searchParams.get('skus')!.split(',').length)).toEqual([100, 50]);
    expect(batchCalls(calls).map((c) => (c.body as { inputs: unknown[] }).inputs.length)).toEqual([100, 45]);
    const rows = resultRows();
    expect(rows).toHaveLength(150);
    expect(rows.slice(0, 5).map((r) => [r[0], r[1], r[3]])).toEqual(
      [7, 37, 67, 97, 127].map((i) => [String(i + 1), `NOPE-${i}`, 'Unknown SKU']),
    );
    expect(document.querySelector('progress')).toBeNull();
  });

  it('fills rows from text pasted into a SKU field', async () => {
    installServer();
    renderAt('/quick-order');
    const sku = await main().findByLabelText('SKU, line 1');
    fireEvent.paste(sku, { clipboardData: { getData: () => 'SKU-1\t3\r\nSKU-2\t\r\nSKU-3\tx\r\n' } });
    expect((main().getByLabelText('SKU, line 3') as HTMLInputElement).value).toBe('SKU-3');
    expect((main().getByLabelText('Quantity, line 1') as HTMLInputElement).value).toBe('3');
    expect(main().getByLabelText('Quantity, line 3').getAttribute('aria-invalid')).toBe('true');
    expect(main().queryByLabelText('SKU, line 4')).toBeNull();
    // A single value pastes as usual.
    const user = userEvent.setup();
    await user.click(main().getByLabelText('SKU, line 2'));
    await user.paste('X');
    expect((main().getByLabelText('SKU, line 2') as HTMLInputElement).value).toBe('SKU-2X');
  });

  it('refuses a file over 1 MB or 2,000 lines before sending anything, and asks for a SKU when there is none', async () => {
    const { calls } = installServer();
    renderAt('/quick-order');
    const input = await main().findByLabelText('Upload a CSV file');
    fireEvent.change(input, { target: { files: [new File(['A,1\n'.repeat(300_000)], 'big.csv', { type: 'text/csv' })] } });
    expect((await main().findByRole('alert')).textContent).toBe('big.csv: This is larger than 1 MB, the most a quick order reads. Split it and add the parts one after the other.');
    expect(input.getAttribute('aria-describedby')).toContain(main().getByRole('alert').id);
    fireEvent.change(input, { target: { files: [new File([Array.from({ length: 2001 }, (_, i) => `S${i},1`).join('\n')], 'long.csv')] } });
    await waitFor(() => expect(main().getByRole('alert').textContent).toContain('long.csv: This has 2,001 lines; a quick order takes at most 2,000.'));
    fireEvent.click(main().getByRole('button', { name: 'Add to cart' }));
    await waitFor(() => expect(main().getByRole('alert').textContent).toBe('Enter at least one SKU, or upload a CSV file.'));
    expect(productCalls(calls)).toEqual([]);
    expect(batchCalls(calls)).toEqual([]);
  });

  it('sends a guest to sign in where the store keeps no guest carts', async () => {
    const { calls } = installServer({ session: GUEST, appContext: { guestBrowsingEnabled: true, guestCartEnabled: false } });
    const router = renderAt('/quick-order');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(router.state.location.search).toBe(`?startURL=${encodeURIComponent('/quick-order')}`);
    expect(productCalls(calls)).toEqual([]);
  });

  it('lets a guest order where the store keeps guest carts, and sends the visitor to sign in on a 401', async () => {
    installServer({
      session: GUEST,
      products: () => jsonResponse([{ errorCode: 'INVALID_SESSION_ID', message: 'Session expired or invalid' }], { status: 401 }),
    });
    const router = renderAt('/quick-order');
    const user = userEvent.setup();
    await user.type(await main().findByLabelText('SKU, line 1'), 'SKU-1');
    await user.click(main().getByRole('button', { name: 'Add to cart' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
  });

  it('says so when the lookup fails, and keeps the rows', async () => {
    installServer({ products: () => jsonResponse([{ errorCode: 'UNKNOWN_EXCEPTION', message: 'x' }], { status: 500 }) });
    renderAt('/quick-order');
    const user = userEvent.setup();
    await user.type(await main().findByLabelText('SKU, line 1'), 'SKU-1');
    await user.click(main().getByRole('button', { name: 'Add to cart' }));
    expect((await main().findByRole('alert')).textContent).toContain('The order could not be added.');
    expect((main().getByLabelText('SKU, line 1') as HTMLInputElement).value).toBe('SKU-1');
  });

  it('is linked from the footer for buyers only', async () => {
    installServer();
    renderAt('/');
    const footer = await screen.findByRole('contentinfo');
    expect((await within(footer).findByRole('link', { name: 'Quick Order' })).getAttribute('href')).toBe('/quick-order');
    cleanup();
    installServer({ session: GUEST });
    renderAt('/');
    await screen.findByRole('contentinfo');
    expect(within(screen.getByRole('contentinfo')).queryByRole('link', { name: 'Quick Order' })).toBeNull();
  });
});
