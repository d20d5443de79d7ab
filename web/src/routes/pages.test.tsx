import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { routes } from '../routes';
import { loadAllPages } from './lazyPages';
import { createQueryClient } from '../queryClient';
import { setBasePath, setWebstoreId, type Site } from '../data';
import { queryKeys } from '../data/hooks';
import { jsonResponse, resetClientState } from '../data/testing';
import { clearAllSeoHead } from '../lib/seoHead';
import { BUYER, BUYER_PRICE, COMMERCE, PRODUCT, WS, installServer, notFound, searchAnswer } from './testServer';

const SITE: Site = {
  webstoreId: WS, communityId: '0DBXX0000000001AAA', siteId: '0DMXX0000000001AAA',
  language: 'en_US', locale: 'en-US', basePath: '', storeName: 'Acme Supply',
};

function renderAt(path: string, site: Site = SITE) {
  setBasePath(site.basePath);
  setWebstoreId(site.webstoreId);
  const client = createQueryClient();
  client.setDefaultOptions({ queries: { retry: false, refetchOnWindowFocus: false } });
  client.setQueryData(queryKeys.site, site);
  const router = createMemoryRouter(routes, { initialEntries: [site.basePath + path], basename: site.basePath || '/' });
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

const main = () => within(screen.getByRole('main'));
const searchCalls = (calls: { url: string; body: unknown }[]) => calls.filter((c) => c.url.startsWith(`${COMMERCE}/search/product-search`));

// Pages are loaded on first use; compiling them all once up front keeps each test's waits short.
beforeAll(() => loadAllPages());
beforeEach(() => {
  resetClientState();
  clearAllSeoHead();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('search page', () => {
  it('searches the term with prices and lists products with SKU, prices and links', async () => {
    const { calls } = installServer();
    renderAt('/global-search/gel%20pen');
    expect((await main().findByRole('heading', { level: 1 })).textContent).toBe('Results for “gel pen”');
    expect(await main().findByText('3 results')).toBeTruthy();
    const body = searchCalls(calls)[0].body;
    expect(body).toEqual({ searchTerm: 'gel pen', page: 0, pageSize: 20, includePrices: true, includeQuantityRule: true });
    const link = main().getByRole('link', { name: 'Everline Gel Pen, Blue' });
    expect(link.getAttribute('href')).toBe('/product/everline-gel-pen-blue/01tXX0000000001AAA');
    const card = link.closest('li')!;
    expect(within(card).getByText('SKU-1AAA')).toBeTruthy();
    // Buyer price below list: both show, the list price struck through.
    expect(card.querySelector('.sf-price__current')?.textContent).toBe('$5.51');
    expect(card.querySelector('.sf-price__original s')?.textContent).toBe('$5.99');
    // Equal prices: no original price.
    const same = main().getByRole('link', { name: 'Summit Marker' }).closest('li')!;
    expect(same.querySelector('.sf-price__original')).toBeNull();
    await waitFor(() => expect(document.title).toBe('Search results for “gel pen” | Acme Supply')); // the store's name comes with its own request
  });

  it('refines by a facet checkbox: the URL records it, results narrow, and back restores them', async () => {
    const { calls } = installServer();
    const router = renderAt('/global-search/pen');
    const user = userEvent.setup();
    const group = await main().findByRole('group', { name: 'Brand' });
    const everline = within(group).getByRole('checkbox', { name: /Everline/ });
    expect(within(group).getByRole('checkbox', { name: /^Summit\s*, 2 products$/ })).toBeTruthy();
    everline.focus();
    await user.keyboard(' ');
    // The box shows its new state at once and keeps the focus while the results load.
    expect((everline as HTMLInputElement).checked).toBe(true);
    await waitFor(() => expect(main().getByText('1 result')).toBeTruthy());
    expect(document.activeElement).toBe(within(group).getByRole('checkbox', { name: /Everline/ }));
    expect(router.state.location.search).toBe('?rf=Standard%3ABrand%3AEverline');
    expect(searchCalls(calls).at(-1)!.body).toMatchObject({
      refinements: [{ attributeType: 'Standard', nameOrId: 'Brand', values: ['Everline'], type: 'DistinctValue' }],
      page: 0,
    });
    expect((within(group).getByRole('checkbox', { name: /Everline/ }) as HTMLInputElement).checked).toBe(true);
    expect(main().getByRole('button', { name: 'Remove filter Brand: Everline' })).toBeTruthy();
    await router.navigate(-1);
    await waitFor(() => expect(main().getByText('3 results')).toBeTruthy());
    expect((within(group).getByRole('checkbox', { name: /Everline/ }) as HTMLInputElement).checked).toBe(false);
  });

  it('reads refinements, sort and page from the URL (reload), and sorts through the select', async () => {
    const { calls } = installServer({ search: (b) => searchAnswer(b, 45) });
    const router = renderAt('/global-search/pen?rf=Standard:Brand:Summit&sort=0lD4&page=2');
    await main().findByText('45 results');
    expect(searchCalls(calls)[0].body).toMatchObject({ searchTerm: 'pen', sortRuleId: '0lD4', page: 1, refinements: [{ nameOrId: 'Brand', values: ['Summit'] }] });
    const sort = main().getByLabelText('Sort by') as HTMLSelectElement;
    await waitFor(() => expect(sort.value).toBe('0lD4'));
    expect(Array.from(sort.options).map((o) => o.textContent)).toEqual(['Best Match', 'Price: Low to High']);
    const pager = main().getByRole('navigation', { name: 'Pagination' });
    expect(within(pager).getByRole('link', { name: 'Page 2' }).getAttribute('aria-current')).toBe('page');
    expect(within(pager).getByRole('link', { name: 'Page 3' }).getAttribute('href')).toBe('/global-search/pen?rf=Standard%3ABrand%3ASummit&sort=0lD4&page=3');
    await userEvent.setup().selectOptions(sort, '0lD1');
    await waitFor(() => expect(router.state.location.search).toBe('?rf=Standard%3ABrand%3ASummit'));
  });

  it('shows an empty state', async () => {
    installServer({ search: () => ({ facets: [], productsPage: { total: 0, products: [] } }) });
    renderAt('/global-search/zzz');
    expect(await main().findByText('No products found for “zzz”.')).toBeTruthy();
    expect(main().getByText('0 results')).toBeTruthy();
  });

  it('says a page past the last one is past it, with a link to the last page, and not that nothing was found', async () => {
    const { calls } = installServer({
      search: (b) => ({ ...searchAnswer(b, 33), productsPage: { ...searchAnswer(b, 33).productsPage, products: b.page === 1 ? searchAnswer(b).productsPage.products : [] } }),
    });
    const router = renderAt('/global-search/x?page=99&sort=0lD4');
    expect(await main().findByText('Page 99 is past the last page (2).')).toBeTruthy();
    expect(searchCalls(calls)[0].body).toMatchObject({ page: 98 });
    expect(main().queryByText(/No products/)).toBeNull();
    const last = main().getByRole('link', { name: 'Go to the last page' });
    expect(last.getAttribute('href')).toBe('/global-search/x?sort=0lD4&page=2');
    await userEvent.setup().click(last);
    expect(await main().findByRole('link', { name: 'Everline Gel Pen, Blue' })).toBeTruthy();
    expect(router.state.location.search).toBe('?sort=0lD4&page=2');
    expect(main().queryByText(/past the last page/)).toBeNull();
  });

  it('shows an error with a retry', async () => {
    let fail = true;
    installServer({ search: (b) => (fail ? jsonResponse([{ errorCode: 'UNKNOWN_EXCEPTION', message: 'x' }], { status: 500 }) : searchAnswer(b)) });
    renderAt('/global-search/pen');
    const alert = await main().findByRole('alert');
    expect(alert.textContent).toContain("We couldn't load the products.");
    fail = false;
    await userEvent.setup().click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await main().findByText('3 results')).toBeTruthy();
  });

  it('asks for a term when there is none', async () => {
    installServer();
    renderAt('/global-search/%20%20');
    expect(await main().findByText('Enter a product name, SKU or keyword in the search box.')).toBeTruthy();
  });
});

describe('guest rules', () => {
  it('sends a guest to login with a startURL when guest browsing is off', async () => {
    const { calls } = installServer({ appContext: { guestBrowsingEnabled: false } });
    const router = renderAt('/product/x/01tXX0000000001AAA', { ...SITE, basePath: '/shop' });
    await waitFor(() => expect(router.state.location.pathname).toBe('/shop/login'));
    expect(router.state.location.search).toBe(`?startURL=${encodeURIComponent('/shop/product/x/01tXX0000000001AAA')}`);
    expect(calls.some((c) => c.url.includes('/products/'))).toBe(false);
  });

  it('lets a buyer browse when guest browsing is off', async () => {
    installServer({ session: BUYER, appContext: { guestBrowsingEnabled: false }, price: BUYER_PRICE });
    const router = renderAt('/product/x/01tXX0000000001AAA');
    expect(await main().findByRole('heading', { level: 1, name: PRODUCT.fields.Name })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/product/x/01tXX0000000001AAA');
  });

  it('sends the visitor to login when a catalog call answers 401', async () => {
    installServer({ search: () => jsonResponse([{ errorCode: 'INVALID_SESSION_ID', message: 'Session expired or invalid' }], { status: 401 }) });
    const router = renderAt('/global-search/pen?page=2');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(router.state.location.search).toBe(`?startURL=${encodeURIComponent('/global-search/pen?page=2')}`);
  });
});

describe('product page', () => {
  it('shows a guest the guest price alone, stock, SKU, pack size, breadcrumb and the quantity rule', async () => {
    const { calls } = installServer();
    renderAt('/product/gel-pen-1/01tXX0000000001AAA');
    const h1 = await main().findByRole('heading', { level: 1 });
    expect(h1.textContent).toBe('Everline Gel Pen, Blue');
    expect(await main().findByText('$5.99')).toBeTruthy();
    expect(main().queryByText('You save', { exact: false })).toBeNull();
    expect(document.querySelector('.sf-price__original')).toBeNull();
    expect(main().getByText('Log in to see your account’s contract price.')).toBeTruthy();
    expect(await main().findByText('In stock (75 available)')).toBeTruthy();
    expect(main().getByText('PEN-000001')).toBeTruthy();
    expect(main().getByText('Box of 12')).toBeTruthy();
    const crumbs = main().getByRole('navigation', { name: 'Breadcrumb' });
    expect(within(crumbs).getAllByRole('listitem').map((li) => li.textContent)).toEqual(['Home', 'Office Supplies', 'Pens', 'Everline Gel Pen, Blue']);
    expect(within(crumbs).getByRole('link', { name: 'Pens' }).getAttribute('href')).toBe('/category/pens/0ZG3');
    const qty = main().getByLabelText('Quantity') as HTMLInputElement;
    expect(qty.value).toBe('5');
    expect(qty.getAttribute('min')).toBe('5');
    expect(qty.getAttribute('max')).toBe('500');
    expect(qty.getAttribute('step')).toBe('5');
    expect(main().getByText('Minimum 5 · Maximum 500 · In multiples of 5')).toBeTruthy();
    // This store keeps no guest carts: the guest is asked to log in to buy (Add to cart itself: cart/addToCart.test.tsx).
    expect(await main().findByRole('link', { name: 'Log in to add to cart' })).toBeTruthy();
    expect(calls.some((c) => c.url === `${COMMERCE}/pricing/products/01tXX0000000001AAA`)).toBe(true);
  });

  it('shows a buyer the negotiated price against the list price, the savings and the volume tiers', async () => {
    installServer({ session: BUYER, price: BUYER_PRICE });
    renderAt('/product/gel-pen-1/01tXX0000000001AAA');
    await main().findByText('$5.51');
    expect(main().getByText('Your price', { selector: 'p' })).toBeTruthy();
    expect(document.querySelector('.sf-price__original s')?.textContent).toBe('$5.99');
    expect(main().getByText('You save $0.48')).toBeTruthy();
    const table = main().getByRole('table');
    const rows = within(table).getAllByRole('row').map((r) => Array.from(r.querySelectorAll('th,td')).map((c) => c.textContent));
    expect(rows).toEqual([
      ['Quantity', 'Price per unit', 'Discount'],
      ['10–49', '$5.23', '5% off'],
      ['50+', '$4.96', '10% off'],
    ]);
  });

  it('checks the quantity against the rule and steps by the increment', async () => {
    installServer();
    renderAt('/product/gel-pen-1/01tXX0000000001AAA');
    const user = userEvent.setup();
    const qty = (await main().findByLabelText('Quantity')) as HTMLInputElement;
    await user.click(main().getByRole('button', { name: 'Increase quantity' }));
    expect(qty.value).toBe('10');
    await user.clear(qty);
    await user.type(qty, '12');
    expect(main().getByRole('alert').textContent).toBe('Order in multiples of 5, starting at 5.');
    expect(qty.getAttribute('aria-invalid')).toBe('true');
    await user.click(main().getByRole('button', { name: 'Decrease quantity' }));
    expect(qty.value).toBe('10');
    expect(main().queryByRole('alert')).toBeNull();
  });

  it('shows out of stock and low stock', async () => {
    installServer({ availability: { inStock: false, availableToOrder: '0' } });
    renderAt('/product/gel-pen-1/01tXX0000000001AAA');
    expect(await main().findByText('Out of stock')).toBeTruthy();
    cleanup();
    installServer({ availability: { inStock: true, lowStock: true, availableToOrder: '3' } });
    renderAt('/product/gel-pen-1/01tXX0000000001AAA');
    expect(await main().findByText('Low stock: only 3 left')).toBeTruthy();
  });

  it('shows a 404 page for an unknown or unentitled product', async () => {
    installServer({ product: notFound(), price: notFound() });
    renderAt('/product/x/01tXX00000000ZZAAA');
    const h1 = await main().findByRole('heading', { level: 1, name: 'Product not found' });
    await waitFor(() => expect(document.activeElement).toBe(h1));
    expect(main().getByRole('link', { name: 'Go to the home page' }).getAttribute('href')).toBe('/');
  });

  it('applies the SEO head of the product and clears it when leaving', async () => {
    installServer({ seo: { title: '{!Record.Name} | Acme', description: 'Buy {!Record.Name}', canonicalUrl: '/product/gel-pen-1/01tXX0000000001AAA', isSeoIndexed: false } });
    const router = renderAt('/product/gel-pen-1/01tXX0000000001AAA');
    await waitFor(() => expect(document.title).toBe('Everline Gel Pen, Blue | Acme'));
    expect(document.head.querySelector('meta[name="description"]')?.getAttribute('content')).toBe('Buy Everline Gel Pen, Blue');
    expect(document.head.querySelector('meta[name="robots"]')?.getAttribute('content')).toBe('noindex');
    await router.navigate('/faq');
    await waitFor(() => expect(document.title).toBe('FAQ'));
    expect(document.head.querySelector('meta[name="description"]')).toBeNull();
    expect(document.head.querySelector('link[rel="canonical"]')).toBeNull();
  });
});

describe('category page', () => {
  it('searches the category and shows its breadcrumb, description and subcategories', async () => {
    const { calls } = installServer({
      path: { path: [{ id: '0ZG1', name: 'Office Supplies', urlName: 'office-supplies' }, { id: '0ZG2', name: 'Writing Instruments', urlName: 'writing-instruments' }] },
      category: { id: '0ZG2', fields: { Name: 'Writing Instruments', Description: 'Pens and markers.' } },
      children: { productCategories: [{ id: '0ZG3', urlName: 'pens', fields: { Name: 'Pens', NumberOfProducts: '7' } }] },
    });
    renderAt('/category/writing-instruments/0ZG2');
    expect(await main().findByRole('heading', { level: 1, name: 'Writing Instruments' })).toBeTruthy();
    expect(main().getByText('Pens and markers.')).toBeTruthy();
    const crumbs = main().getByRole('navigation', { name: 'Breadcrumb' });
    expect(within(crumbs).getAllByRole('listitem').map((li) => li.textContent)).toEqual(['Home', 'Office Supplies', 'Writing Instruments']);
    const subs = main().getByRole('navigation', { name: 'Subcategories' });
    expect(within(subs).getByRole('link', { name: /Pens/ }).getAttribute('href')).toBe('/category/pens/0ZG3');
    await main().findByText('3 results');
    expect(searchCalls(calls)[0].body).toMatchObject({ categoryId: '0ZG2', includePrices: true });
    expect(calls.some((c) => c.url === `${COMMERCE}/product-categories/children?parentProductCategoryId=0ZG2`)).toBe(true);
  });

  it('shows a 404 for an unknown category', async () => {
    installServer({ path: notFound(), category: notFound() });
    renderAt('/category/x/0ZGXX00000000ZZAAA');
    expect(await main().findByRole('heading', { level: 1, name: 'Category not found' })).toBeTruthy();
  });
});

describe('home page', () => {
  it('shows the CMS banner, the top categories and featured products of the first one', async () => {
    const { calls } = installServer({
      children: { productCategories: [
        { id: '0ZG1', urlName: 'office-supplies', fields: { Name: 'Office Supplies', NumberOfProducts: '42' } },
        { id: '0ZGA', urlName: 'janitorial', fields: { Name: 'Janitorial', NumberOfProducts: '35' } },
      ] },
    });
    renderAt('/');
    const cats = await main().findByRole('region', { name: 'Shop by category' });
    expect((await within(cats).findByRole('link', { name: /Office Supplies/ })).getAttribute('href')).toBe('/category/office-supplies/0ZG1');
    expect(within(cats).getByText('42 products')).toBeTruthy();
    const featured = main().getByRole('region', { name: /Featured products/ });
    expect(await within(featured).findByRole('link', { name: 'Everline Gel Pen, Blue' })).toBeTruthy();
    expect(searchCalls(calls)[0].body).toMatchObject({ categoryId: '0ZG1', pageSize: 8, includePrices: true });
    // The banner's headline is text over its (decorative) CMS image.
    const banner = main().getByRole('region', { name: 'Featured' });
    expect(within(banner).getByRole('heading', { name: 'Everything your facility runs on.' })).toBeTruthy();
    expect(within(banner).getByText('Contract pricing, volume discounts and fast delivery.')).toBeTruthy();
    const image = banner.querySelector('img');
    expect(image?.getAttribute('src')).toContain('/cms/delivery/media/');
    expect(image?.getAttribute('alt')).toBe('');
    expect(main().getByRole('heading', { name: 'Volume discounts' })).toBeTruthy();
  });

  it('lists the categories with their tile images from one category call', async () => {
    const tiles = Array.from({ length: 9 }, (_, i) => ({
      id: `0ZG${i}`,
      urlName: `cat-${i}`,
      fields: { Name: `Category ${i}`, NumberOfProducts: '3' },
      tileImage: { url: `/cms/delivery/media/TILE${i}`, alternateText: `Category ${i}` },
    }));
    const { calls } = installServer({ children: { productCategories: tiles } });
    renderAt('/');
    const cats = await main().findByRole('region', { name: 'Shop by category' });
    const links = await within(cats).findAllByRole('link');
    expect(links).toHaveLength(8);
    expect(links[0].querySelector('img')?.getAttribute('src')).toContain('TILE0');
    // Give any per-tile call time to start before counting.
    await within(main().getByRole('region', { name: /Featured products/ })).findByRole('link', { name: 'Everline Gel Pen, Blue' });
    expect(calls.filter((c) => c.url.includes('/product-categor')).map((c) => c.url)).toEqual([`${COMMERCE}/product-categories/children`]);
  });

  it('asks guests to log in instead of listing the catalog when guest browsing is off', async () => {
    const { calls } = installServer({ appContext: { guestBrowsingEnabled: false } });
    renderAt('/');
    expect(await main().findByRole('heading', { name: 'Log in to browse the catalog' })).toBeTruthy();
    expect(calls.some((c) => c.url.includes('product-categories') || c.url.includes('product-search'))).toBe(false);
  });
});

describe('FAQ page', () => {
  it('is the FAQ view: title FAQ, a horizontal line and two links to the UK and US FAQ opening in new tabs', async () => {
    installServer();
    renderAt('/faq');
    // The page's code arrives through the route's lazy, a moment after the first render.
    expect(await main().findByRole('heading', { level: 1, name: 'FAQ' })).toBeTruthy();
    await waitFor(() => expect(document.title).toBe('FAQ')); // the store's name comes with its own request
    expect(document.querySelector('[data-view="FAQ"]')).toBeTruthy();
    expect(main().getByRole('separator')).toBeTruthy();
    const list = main().getByRole('list');
    const links = within(list).getAllByRole('link');
    expect(links.map((a) => [a.textContent, a.getAttribute('href'), a.getAttribute('target'), a.getAttribute('rel')])).toEqual([
      ['FAQ (English UK) (opens in a new tab)', '/faq/en-GB', '_blank', 'noopener noreferrer'],
      ['FAQ (English US) (opens in a new tab)', '/faq/en-US', '_blank', 'noopener noreferrer'],
    ]);
    expect(screen.getByRole('combobox', { name: 'Search' }).getAttribute('placeholder')).toBe('Search for a product...');
  });

  it('has the FAQ in UK and US English', async () => {
    installServer();
    renderAt('/faq/en-GB');
    const article = await main().findByRole('article');
    expect(article.getAttribute('lang')).toBe('en-GB');
    expect(within(article).getByText(/organisation/)).toBeTruthy();
    cleanup();
    installServer();
    renderAt('/faq/en-US');
    expect(within(await main().findByRole('article')).getByText(/organization/)).toBeTruthy();
  });
});
