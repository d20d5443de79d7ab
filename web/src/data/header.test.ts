import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { badgeText, cartBadgeLabel, getCartCountSummary, parseCount } from './cart';
import { getLogo, mediaUrl, parseImageContent, safeImageUrl } from './cms';
import { setBasePath, setWebstoreId } from './config';
import { setEffectiveAccount } from './effectiveAccount';
import {
  allLabel,
  apexUrl,
  fallbackLabel,
  findActivePath,
  getNavigationItems,
  itemHref,
  menuItemId,
  toMenuItems,
  type MenuItem,
  type NavigationItem,
} from './navigation';
import { getSearchSuggestions, searchPath, searchTerm, suggestionTerm } from './searchSuggestions';
import { jsonResponse, mockFetch, resetClientState } from './testing';

const STORE = '0ZEXX0000000001AAA';
const BASE = `/services/data/v64.0/commerce/webstores/${STORE}`;

beforeEach(() => {
  resetClientState();
  setWebstoreId(STORE);
});
afterEach(() => vi.unstubAllGlobals());

const link = (label: string, value: string, subMenu: NavigationItem[] = []): NavigationItem => ({
  label,
  actionType: 'InternalLink',
  actionValue: value,
  target: 'CurrentWindow',
  subMenu,
});

/** A four-level tree: Office > Writing > Pens > Gel. */
const TREE: NavigationItem[] = [
  link('Home', '/'),
  link('Office', '/category/office/0ZG1', [
    link('Writing', '/category/writing/0ZG2', [link('Pens', '/category/pens/0ZG3', [link('Gel', '/category/gel/0ZG4')])]),
    link('Paper', '/category/paper/0ZG5'),
  ]),
  { label: 'Help', actionType: 'ExternalLink', actionValue: 'https://help.example.com/', target: 'NewWindow', subMenu: [] },
];

describe('menu items from navigation items', () => {
  it('numbers top-level items by index and submenu items parentId_index', () => {
    expect(menuItemId(null, 0)).toBe('0');
    expect(menuItemId('1', 2)).toBe('1_2');
    const items = toMenuItems(TREE);
    expect(items.map((i) => i.id)).toEqual(['0', '1', '2']);
    const office = items[1];
    expect(office.subMenu.map((i) => i.id)).toEqual(['1_all', '1_0', '1_1']);
    expect(office.subMenu[1].subMenu.map((i) => i.id)).toEqual(['1_0_all', '1_0_0']);
    expect(items.map((i) => i.level)).toEqual([1, 1, 1]);
    expect(office.subMenu[1].subMenu[1].level).toBe(3);
  });

  it('gives every item with a submenu a first child "All {label}" with its action', () => {
    expect(allLabel('Office')).toBe('All Office');
    const office = toMenuItems(TREE)[1];
    const all = office.subMenu[0];
    expect(all).toMatchObject({ label: 'All Office', actionType: 'InternalLink', actionValue: '/category/office/0ZG1' });
    expect(all.href).toBe('/category/office/0ZG1');
    expect(all.isAll).toBe(true);
    expect(all.subMenu).toEqual([]);
    // Leaves get no All entry.
    expect(office.subMenu[2].subMenu).toEqual([]);
  });

  it('stops expanding beyond level 3', () => {
    const pens = toMenuItems(TREE)[1].subMenu[1].subMenu[1];
    expect(pens.label).toBe('Pens');
    expect(pens.level).toBe(3);
    expect(pens.subMenu).toEqual([]);
  });

  it('drops every submenu for the profile menu', () => {
    const items = toMenuItems(TREE, { dropSubmenus: true });
    expect(items.every((i) => i.subMenu.length === 0)).toBe(true);
    expect(items[1].href).toBe('/category/office/0ZG1');
  });

  it('labels an item without a label "List Item {n}"', () => {
    expect(fallbackLabel(0)).toBe('List Item 1');
    expect(toMenuItems([{ label: '  ', actionType: 'InternalLink', actionValue: '/x' }])[0].label).toBe('List Item 1');
  });

  it('keeps new-window targets and external URLs', () => {
    const help = toMenuItems(TREE)[2];
    expect(help.href).toBe('https://help.example.com/');
    expect(help.newWindow).toBe(true);
  });
});

describe('itemHref', () => {
  it('makes internal links relative to the base path', () => {
    expect(itemHref({ actionType: 'InternalLink', actionValue: '/category/a/1' }, '/shop')).toBe('/category/a/1');
    expect(itemHref({ actionType: 'InternalLink', actionValue: '/shop/category/a/1' }, '/shop')).toBe('/category/a/1');
    expect(itemHref({ actionType: 'InternalLink', actionValue: '/shop' }, '/shop')).toBe('/');
    expect(itemHref({ actionType: 'InternalLink', actionValue: '/shopping' }, '/shop')).toBe('/shopping');
    expect(itemHref({ actionType: 'InternalLink', actionValue: 'faq' })).toBe('/faq');
  });

  it('gives events and unsafe values no href', () => {
    expect(itemHref({ actionType: 'Event', actionValue: 'Logout' })).toBe('');
    expect(itemHref({ actionType: 'InternalLink', actionValue: null })).toBe('');
    expect(itemHref({ actionType: 'ExternalLink', actionValue: 'javascript:alert(1)' })).toBe('');
    expect(itemHref({ actionType: 'ExternalLink', actionValue: 'data:text/html,x' })).toBe('');
    expect(itemHref({ actionType: 'InternalLink', actionValue: '//evil.example/' })).toBe('');
    expect(itemHref({ actionType: 'ExternalLink', actionValue: 'mailto:sales@example.com' })).toBe('mailto:sales@example.com');
  });
});

describe('findActivePath', () => {
  it('finds the items from the top to the current page', () => {
    const items = toMenuItems(TREE);
    const ids = (p: MenuItem[]) => p.map((i) => i.id);
    expect(ids(findActivePath(items, '/'))).toEqual(['0']);
    expect(ids(findActivePath(items, '/category/paper/0ZG5'))).toEqual(['1', '1_1']);
    expect(ids(findActivePath(items, '/category/pens/0ZG3/'))).toEqual(['1', '1_0', '1_0_0']);
    expect(ids(findActivePath(items, '/category/office/0ZG1'))).toEqual(['1', '1_all']);
    expect(findActivePath(items, '/nowhere')).toEqual([]);
  });
});

describe('getNavigationItems', () => {
  it('calls the apex action with methodParams as JSON and reads menuItems', async () => {
    setBasePath('/shop');
    const { calls } = mockFetch(() => jsonResponse({ menuItems: TREE }));
    const items = await getNavigationItems({
      communityId: '0DBXX0000000001AAA',
      navigationLinkSetDeveloperName: 'Default_Navigation4',
      showHomeLink: true,
      effectiveAccountId: '001XX0000000002AAA',
    });
    expect(items).toHaveLength(3);
    const url = new URL(calls[0].url, 'http://x');
    expect(url.pathname).toBe('/shop/lwr/apex/v64.0/NavigationMenuItemsController/getConnectNavigationItems');
    expect(JSON.parse(url.searchParams.get('methodParams') ?? '')).toEqual({
      communityId: '0DBXX0000000001AAA',
      navigationLinkSetDeveloperName: 'Default_Navigation4',
      showHomeLink: true,
      effectiveAccountId: '001XX0000000002AAA',
    });
    expect(calls[0].method).toBe('GET');
    expect(apexUrl('A', 'b')).toBe('/shop/lwr/apex/v64.0/A/b');
  });

  it('reads menuItems wrapped in returnValue, and nothing as an empty menu', async () => {
    mockFetch(() => jsonResponse({ returnValue: { menuItems: [link('Home', '/')] } }));
    expect(await getNavigationItems({ communityId: 'c', navigationLinkSetDeveloperName: 'm', showHomeLink: false })).toHaveLength(1);
    mockFetch(() => jsonResponse({}));
    expect(await getNavigationItems({ communityId: 'c', navigationLinkSetDeveloperName: 'm', showHomeLink: false })).toEqual([]);
  });

  it('fails with the status of a failed call', async () => {
    mockFetch(() => jsonResponse({ message: 'x', exceptionType: 'System.NoDataFoundException' }, { status: 404 }));
    await expect(getNavigationItems({ communityId: 'c', navigationLinkSetDeveloperName: 'm', showHomeLink: false })).rejects.toMatchObject({
      status: 404,
    });
  });
});

describe('cart badge count', () => {
  it('parses wire counts and shows 99+ above 99', () => {
    expect(parseCount('150.0')).toBe(150);
    expect(parseCount(3)).toBe(3);
    expect(parseCount('')).toBe(0);
    expect(parseCount(null)).toBe(0);
    expect(parseCount('-2')).toBe(0);
    expect(badgeText(0)).toBe('0');
    expect(badgeText(99)).toBe('99');
    expect(badgeText(99.4)).toBe('99');
    expect(badgeText(100)).toBe('99+');
    expect(cartBadgeLabel(1)).toBe('Cart: 1 item');
    expect(cartBadgeLabel(3)).toBe('Cart: 3 items');
    expect(cartBadgeLabel(250)).toBe('Cart: 99+ items');
  });

  it('reads GET carts/compact-summary with the currency and the effective account', async () => {
    setEffectiveAccount('001XX0000000002AAA', 'Globex');
    const { calls } = mockFetch((url) =>
      url.includes('/application-context')
        ? jsonResponse({ supportedCurrencies: ['USD'], defaultCurrency: 'USD' })
        : jsonResponse({ cartId: '0a6XX0000000001AAA', currencyIsoCode: 'USD', totalProductCount: '150.0', uniqueProductCount: 2 }),
    );
    expect(await getCartCountSummary()).toEqual({
      cartId: '0a6XX0000000001AAA',
      currencyIsoCode: 'USD',
      totalProductCount: 150,
      uniqueProductCount: 2,
    });
    expect(calls.map((c) => c.url)).toEqual([
      `${BASE}/application-context?asGuest=true`,
      `${BASE}/carts/compact-summary?currencyIsoCode=USD&effectiveAccountId=001XX0000000002AAA`,
    ]);
  });

  it('falls back to GET carts/current when the compact summary fails on the server', async () => {
    const { calls } = mockFetch((url) =>
      url.includes('compact-summary')
        ? jsonResponse([{ errorCode: 'UNKNOWN_EXCEPTION', message: 'boom' }], { status: 500 })
        : jsonResponse({ cartId: '0a6XX0000000001AAA', totalProductCount: '7', uniqueProductCount: 1 }),
    );
    expect((await getCartCountSummary()).totalProductCount).toBe(7);
    // Not retried: the fallback is the recovery. (This application context names no currency.)
    const cartCalls = calls.filter((c) => c.url.includes('/carts/'));
    expect(cartCalls.map((c) => c.url)).toEqual([`${BASE}/carts/compact-summary`, `${BASE}/carts/current`]);
  });

  it('counts no cart (404) as empty and rethrows client errors', async () => {
    mockFetch(() => jsonResponse([{ errorCode: 'NOT_FOUND', message: 'no cart' }], { status: 404 }));
    expect((await getCartCountSummary()).totalProductCount).toBe(0);
    mockFetch(() => jsonResponse([{ errorCode: 'INSUFFICIENT_ACCESS', message: 'no' }], { status: 403 }));
    await expect(getCartCountSummary()).rejects.toMatchObject({ status: 403 });
  });
});

describe('logo from CMS', () => {
  const SITE = '0DMXX0000000001AAA';
  // The shape the content branch's CMS delivery sends for an image.
  const DOC = {
    contentKey: 'MCLOGO',
    contentBody: { altText: 'Acme Supply', 'sfdc_cms:media': { source: { type: 'file' }, url: '/cms/delivery/media/MCLOGO' } },
    contentNodes: {
      source: { nodeType: 'MediaSource', url: '/cms/delivery/media/MCLOGO', isExternal: false },
      altText: { nodeType: 'Text', value: 'Acme Supply' },
    },
    type: 'sfdc_cms__image',
  };

  it('reads the source url and alt text of the content nodes', () => {
    expect(parseImageContent('MCLOGO', DOC)).toEqual({
      contentKey: 'MCLOGO',
      url: '/cms/delivery/media/MCLOGO',
      altText: 'Acme Supply',
      isExternal: false,
    });
    setBasePath('/shop');
    expect(parseImageContent('MCLOGO', DOC)?.url).toBe('/shop/cms/delivery/media/MCLOGO');
    expect(parseImageContent('MCLOGO', { contentBody: { 'sfdc_cms:media': { url: 'https://cdn.example/l.png' } } })?.url).toBe(
      'https://cdn.example/l.png',
    );
    expect(parseImageContent('MCLOGO', { contentNodes: {} })).toBeNull();
  });

  it('accepts site paths, http(s) and data:image URLs only', () => {
    setBasePath('/shop');
    expect(safeImageUrl('/shop/cms/delivery/media/K')).toBe('/shop/cms/delivery/media/K');
    expect(safeImageUrl('/img/x.png')).toBe('/shop/img/x.png');
    expect(safeImageUrl('data:image/png;base64,AAAA')).toBe('data:image/png;base64,AAAA');
    expect(safeImageUrl('javascript:alert(1)')).toBeNull();
    expect(safeImageUrl('//evil.example/x.png')).toBeNull();
    expect(safeImageUrl('')).toBeNull();
  });

  it('asks the site CMS delivery call for the content key', async () => {
    const { calls } = mockFetch(() => jsonResponse(DOC));
    expect((await getLogo(SITE, 'MCLOGO')).altText).toBe('Acme Supply');
    expect(calls[0].url).toBe(`/services/data/v64.0/connect/sites/${SITE}/cms/delivery/contents/MCLOGO`);
  });

  it('warns with the content key and site id and falls back to the media URL when the fetch fails', async () => {
    setBasePath('/shop');
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    mockFetch(() => jsonResponse([{ errorCode: 'NOT_FOUND', message: 'gone' }], { status: 404, statusText: 'Not Found' }));
    const logo = await getLogo(SITE, 'MCLOGO');
    expect(logo).toEqual({ contentKey: 'MCLOGO', url: '/shop/cms/delivery/media/MCLOGO', altText: null, isExternal: false });
    expect(mediaUrl('MCLOGO')).toBe('/shop/cms/delivery/media/MCLOGO');
    expect(warn).toHaveBeenCalledTimes(1);
    expect(warn.mock.calls[0][0]).toContain('"MCLOGO"');
    expect(warn.mock.calls[0][0]).toContain(`"${SITE}"`);
  });
});

describe('search suggestions', () => {
  it('trims search text and refuses blank text', () => {
    expect(searchTerm('  drill bits ')).toBe('drill bits');
    expect(searchTerm(' \t ')).toBeNull();
    expect(searchTerm('x'.repeat(300))).toHaveLength(255);
    expect(searchPath('a/b & c?')).toBe('/global-search/a%2Fb%20%26%20c%3F');
    expect(suggestionTerm(' p ')).toBeNull();
    expect(suggestionTerm(' pe ')).toBe('pe');
    expect(suggestionTerm('x'.repeat(100))).toHaveLength(100);
    expect(suggestionTerm('x'.repeat(101))).toBeNull();
  });

  it('asks search/suggestions and keeps distinct non-blank completions', async () => {
    const { calls } = mockFetch(() =>
      jsonResponse({ completions: [{ simpleString: 'Pens' }, { simpleString: 'pens' }, { simpleString: ' ' }, null, { simpleString: 'Pencils' }] }),
    );
    expect(await getSearchSuggestions('pen')).toEqual(['Pens', 'Pencils']);
    expect(calls[0].url).toBe(`${BASE}/search/suggestions?searchTerm=pen&limit=6`);
  });
});
