import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  FetchError,
  getCategoryChildren,
  getCategoryPath,
  getProduct,
  getProductPrice,
  getProducts,
  resolveSkus,
  getSeoProperties,
  mediaAlt,
  resolveMediaUrl,
  normaliseSearchResults,
  productSearch,
  resetConfig,
  searchBody,
  seoPropertiesUrl,
  setBasePath,
  setEffectiveAccount,
  setWebstoreId,
  getSortRules,
} from './index';
import { clearCookies, jsonResponse, mockFetch } from './testing';

// The real product-detail sample (contracts/commerce/examples/getproduct-response.json).
const productSample = {
  "defaultImage": {
    "alternativeText": null,
    "url": "/cms/delivery/media/MCABCFAZBEVCJKWLBMECCK7M?recordId=01tRM0000897QdI"
  },
  "fields": {
    "Description": "The ultimate in coffee making luxury. Create up to three gourmet coffees at the same time. Granular control of the froth and foaminess.",
    "Name": "Bella Chrome Coffee Machine",
    "StockKeepingUnit": "B-C-COFMAC-001"
  },
  "primaryProductCategoryPath": {
    "path": [
      {
        "id": "0ZG560000008OI5GAM",
        "name": "Machines"
      },
      {
        "id": "0ZG560000008OIAGA2",
        "name": "Coffee Machines"
      }
    ]
  }
};

const WS = '0ZEXX0000000001AAA';
const COMMERCE = `/services/data/v64.0/commerce/webstores/${WS}`;

beforeEach(() => {
  resetConfig();
  sessionStorage.clear();
  clearCookies();
  setWebstoreId(WS);
});
afterEach(() => vi.unstubAllGlobals());

describe('getProduct', () => {
  it('GETs products/{id} with the effective account and reads the real sample', async () => {
    setEffectiveAccount('001XX0000000001AAA', 'Acme');
    const { calls } = mockFetch(() => jsonResponse(productSample));
    const p = await getProduct('01tRM0000897QdI');
    expect(calls[0].url).toBe(`${COMMERCE}/products/01tRM0000897QdI?effectiveAccountId=001XX0000000001AAA`);
    expect(calls[0].method).toBe('GET');
    expect(p.id).toBe('01tRM0000897QdI'); // the sample has no id: the asked one is kept
    expect(p.fields.StockKeepingUnit).toBe('B-C-COFMAC-001');
    expect(p.primaryProductCategoryPath?.path?.map((c) => c.name)).toEqual(['Machines', 'Coffee Machines']);
    expect(mediaAlt(p.defaultImage)).toBe('');
  });

  it('throws a FetchError with the errors list on 404', async () => {
    mockFetch(() => jsonResponse([{ errorCode: 'ITEM_NOT_FOUND', message: 'Product not found.' }], { status: 404 }));
    const err = await getProduct('01tXX').catch((e) => e);
    expect(err).toBeInstanceOf(FetchError);
    expect(err.status).toBe(404);
    expect(err.errors[0]).toEqual({ type: 'ITEM_NOT_FOUND', message: 'Product not found.' });
  });
});

describe('prices and categories', () => {
  it('GETs pricing/products/{id}; amounts stay strings', async () => {
    const { calls } = mockFetch(() => jsonResponse({ currencyIsoCode: 'USD', listPrice: '5.99', unitPrice: '5.51', priceAdjustment: null }));
    const price = await getProductPrice('01tA');
    expect(calls[0].url).toBe(`${COMMERCE}/pricing/products/01tA`);
    expect(price.unitPrice).toBe('5.51');
  });

  it('GETs category children, top level without a parent', async () => {
    const { calls } = mockFetch(() => jsonResponse({ productCategories: [{ id: '0ZGA', urlName: 'pens', fields: { Name: 'Pens' } }, { id: '0ZGB' }] }));
    const top = await getCategoryChildren();
    await getCategoryChildren('0ZGP');
    expect(calls[0].url).toBe(`${COMMERCE}/product-categories/children`);
    expect(calls[1].url).toBe(`${COMMERCE}/product-categories/children?parentProductCategoryId=0ZGP`);
    expect(top[0].fields.Name).toBe('Pens');
    expect(top[1].fields).toEqual({});
  });

  it('GETs the category path', async () => {
    const { calls } = mockFetch(() => jsonResponse({ path: [{ id: '1', name: 'Office Supplies' }, { id: '2', name: 'Pens' }] }));
    const path = await getCategoryPath('2');
    expect(calls[0].url).toBe(`${COMMERCE}/product-category-path/product-categories/2`);
    expect(path.map((p) => p.name)).toEqual(['Office Supplies', 'Pens']);
  });
});

describe('resolveMediaUrl', () => {
  it('puts site paths under the base path and keeps absolute URLs', () => {
    expect(resolveMediaUrl('/cms/delivery/media/MC1')).toBe('/cms/delivery/media/MC1');
    setBasePath('/shop');
    expect(resolveMediaUrl('/cms/delivery/media/MC1')).toBe('/shop/cms/delivery/media/MC1');
    expect(resolveMediaUrl('/shop/cms/delivery/media/MC1')).toBe('/shop/cms/delivery/media/MC1');
    expect(resolveMediaUrl('https://cdn.example.com/a.png')).toBe('https://cdn.example.com/a.png');
    expect(resolveMediaUrl('javascript:alert(1)')).toBeNull();
    expect(resolveMediaUrl('//evil.example/a.png')).toBeNull();
    expect(resolveMediaUrl(null)).toBeNull();
  });
});

const SEARCH_ANSWER = {
  locale: 'en_US',
  categories: {
    category: { id: '0ZG1', name: 'Office Supplies' },
    productCount: 2,
    children: [{ category: { id: '0ZG2', name: 'Pens', urlName: 'pens' }, productCount: 2, children: [] }],
  },
  facets: [
    {
      nameOrId: 'Brand', displayName: 'Brand', attributeType: 'Standard', displayType: 'MultiSelect', displayRank: 2, facetType: 'DistinctValue',
      values: [{ nameOrId: 'Everline', displayName: 'Everline', productCount: 1 }, { nameOrId: 'Summit', displayName: 'Summit', productCount: 1 }],
    },
    { nameOrId: 'Empty', displayName: 'Empty', displayRank: 1, values: [] },
    { nameOrId: 'Family', displayName: 'Product Family', attributeType: 'Standard', displayRank: 1, values: [{ nameOrId: 'Office Supplies', displayName: 'Office Supplies', productCount: 2 }] },
  ],
  productsPage: {
    currencyIsoCode: 'USD',
    pageSize: 20,
    total: 2,
    products: [
      {
        id: '01tA', name: 'Everline Gel Pen', urlName: 'gel-pen-1',
        fields: { Name: { value: 'Everline Gel Pen' }, StockKeepingUnit: { value: 'PEN-000001' } },
        defaultImage: { url: '/cms/delivery/media/MC1', alternateText: 'Gel pen' },
        prices: { listPrice: '5.99', unitPrice: '5.51' },
      },
      { id: '01tB', fields: { Name: { value: 'Summit Pen' } } },
    ],
  },
};

describe('productSearch', () => {
  it('POSTs search/product-search with the term, refinements, page and includePrices', async () => {
    document.cookie = 'sf_csrf=tok; path=/';
    const { calls } = mockFetch(() => jsonResponse(SEARCH_ANSWER, { status: 201 }));
    const r = await productSearch({
      searchTerm: ' pen ',
      refinements: [
        { attributeType: 'Standard', nameOrId: 'Brand', values: ['Everline'], type: 'DistinctValue' },
        { attributeType: 'Standard', nameOrId: 'Family', values: [], type: 'DistinctValue' },
      ],
      page: 1,
      sortRuleId: '0lgA',
    });
    expect(calls[0].url).toBe(`${COMMERCE}/search/product-search`);
    expect(calls[0].method).toBe('POST');
    expect(calls[0].headers['x-csrf-token']).toBe('tok');
    expect(calls[0].body).toEqual({
      searchTerm: 'pen',
      refinements: [{ attributeType: 'Standard', nameOrId: 'Brand', values: ['Everline'], type: 'DistinctValue' }],
      page: 1,
      pageSize: 20,
      sortRuleId: '0lgA',
      includePrices: true,
    });
    expect(r.total).toBe(2);
    expect(r.products[0]).toEqual({
      id: '01tA', name: 'Everline Gel Pen', urlName: 'gel-pen-1', sku: 'PEN-000001',
      fields: { Name: 'Everline Gel Pen', StockKeepingUnit: 'PEN-000001' },
      image: { url: '/cms/delivery/media/MC1', alt: 'Gel pen' },
      prices: { listPrice: '5.99', unitPrice: '5.51' },
      purchaseQuantityRule: null,
    });
    expect(r.products[1].name).toBe('Summit Pen');
    expect(r.products[1].prices).toBeNull();
    // Facets without values are dropped; the rest come by display rank.
    expect(r.facets.map((f) => f.nameOrId)).toEqual(['Family', 'Brand']);
    expect(r.category).toEqual({ id: '0ZG1', name: 'Office Supplies', urlName: null, productCount: 2 });
    expect(r.childCategories).toEqual([{ id: '0ZG2', name: 'Pens', urlName: 'pens', productCount: 2 }]);
  });

  it('searches a category and caps refinements at 9 with 20 values each', () => {
    const many = Array.from({ length: 12 }, (_, i) => ({ attributeType: 'Custom', nameOrId: `F${i}`, values: Array.from({ length: 25 }, (_, j) => `v${j}`), type: 'DistinctValue' as const }));
    const body = searchBody({ categoryId: '0ZG1', refinements: many });
    expect(body.categoryId).toBe('0ZG1');
    expect(body.searchTerm).toBeUndefined();
    const refs = body.refinements as { values: string[] }[];
    expect(refs).toHaveLength(9);
    expect(refs[0].values).toHaveLength(20);
  });

  it('refuses a search with neither term nor category', async () => {
    const { calls } = mockFetch(() => jsonResponse({}));
    await expect(productSearch({ searchTerm: '   ' })).rejects.toThrow(TypeError);
    expect(calls).toHaveLength(0);
  });

  it('normalises an empty answer', () => {
    expect(normaliseSearchResults(undefined)).toEqual({
      total: 0, pageSize: 20, currencyIsoCode: 'USD', products: [], facets: [], category: null, childCategories: [], locale: null,
    });
  });

  it('reads sort rules', async () => {
    const { calls } = mockFetch(() => jsonResponse({ sortRules: [{ sortRuleId: '1', label: 'Name A-Z' }, { sortRuleId: '', label: 'x' }] }));
    expect(await getSortRules()).toEqual([{ sortRuleId: '1', label: 'Name A-Z' }]);
    expect(calls[0].url).toBe(`${COMMERCE}/search/sort-rules`);
  });
});

describe('getSeoProperties', () => {
  it('GETs the community SEO properties of a record, with fields', async () => {
    const { calls } = mockFetch(() => jsonResponse({ title: '{!Record.Name}', isSeoIndexed: true, recordName: 'Gel Pen' }));
    const r = await getSeoProperties('0DB1', '01tA', { fields: ['Name', 'Description'] });
    expect(calls[0].url).toBe('/services/data/v64.0/connect/communities/0DB1/seo/properties/01tA?fields=Name%2CDescription');
    expect(r).toEqual({ data: { title: '{!Record.Name}', isSeoIndexed: true, recordName: 'Gel Pen' }, errors: [] });
  });

  it('gives empty data with an errors list when the call fails', async () => {
    mockFetch(() => jsonResponse([{ errorCode: 'NOT_FOUND', message: 'No SEO properties.' }], { status: 404 }));
    expect(await getSeoProperties('0DB1', '01tA')).toEqual({ data: {}, errors: [{ type: 'NOT_FOUND', message: 'No SEO properties.' }] });
    mockFetch(() => new Response('', { status: 500, statusText: 'Server Error' }));
    expect(await getSeoProperties('0DB1', '01tA')).toEqual({ data: {}, errors: [{ type: '500', message: 'Server Error' }] });
    mockFetch(() => Promise.reject(new TypeError('offline')));
    const offline = await getSeoProperties('0DB1', '01tA');
    expect(offline.data).toEqual({});
    expect(offline.errors).toHaveLength(1);
  });

  it('still rethrows aborts', async () => {
    mockFetch(() => jsonResponse({}));
    const ctl = new AbortController();
    ctl.abort();
    await expect(getSeoProperties('0DB1', '01tA', { signal: ctl.signal })).rejects.toMatchObject({ name: 'AbortError' });
  });

  it('builds its URL under the base path', () => {
    setBasePath('/shop');
    expect(seoPropertiesUrl('0DB1', '01t A')).toBe('/shop/services/data/v64.0/connect/communities/0DB1/seo/properties/01t%20A');
  });
});

describe('products by SKU or id', () => {
  const found = (n: number, sku: string) => ({ id: `01t${n}`, sku, success: true, fields: { Name: `P${n}` }, defaultImage: null, error: null });
  const missing = (sku: string) => ({ id: null, sku, success: false, fields: null, error: { errorCode: 'ITEM_NOT_FOUND', message: 'No product.' } });

  it('GETs products?skus= with fields, excludeMedia and the effective account; entries keep their order', async () => {
    setEffectiveAccount('001XX0000000001AAA', 'Acme');
    const { calls } = mockFetch(() => jsonResponse({ products: [found(1, 'PEN-1'), missing('NOPE')], total: 2 }));
    const got = await getProducts('skus', ['pen-1', 'NOPE'], { fields: ['Name', 'StockKeepingUnit'], excludeMedia: true });
    const url = new URL(calls[0].url, 'http://x');
    expect(url.pathname).toBe(`${COMMERCE}/products`);
    expect(Object.fromEntries(url.searchParams)).toEqual({
      skus: 'pen-1,NOPE', fields: 'Name,StockKeepingUnit', excludeMedia: 'true', effectiveAccountId: '001XX0000000001AAA',
    });
    expect(got.map((p) => [p.id, p.sku, p.success])).toEqual([['01t1', 'PEN-1', true], [null, 'NOPE', false]]);
    expect(got[1].error?.errorCode).toBe('ITEM_NOT_FOUND');
  });

  it('GETs products?ids=, reads missing members as null, and refuses more than 100 values without a call', async () => {
    const { calls } = mockFetch(() => jsonResponse({ products: [{ id: '01t1', success: true }] }));
    expect(await getProducts('ids', ['01t1'])).toEqual([{ id: '01t1', sku: null, success: true, fields: null }]);
    expect(calls[0].url).toBe(`${COMMERCE}/products?ids=01t1`);
    await expect(getProducts('ids', Array.from({ length: 101 }, (_, i) => `x${i}`))).rejects.toBeInstanceOf(RangeError);
    expect(await getProducts('skus', [])).toEqual([]);
    expect(calls).toHaveLength(1);
  });

  it('resolves SKUs 100 per call, each once, reporting progress; maps each SKU as given to its entry', async () => {
    const { calls } = mockFetch((url) => {
      const skus = new URL(url, 'http://x').searchParams.get('skus')!.split(',');
      return jsonResponse({ products: skus.map((s, i) => (s.startsWith('BAD') ? missing(s) : found(i, s.toUpperCase()))) });
    });
    const skus = [...Array.from({ length: 149 }, (_, i) => `sku-${i}`), 'BAD-1', 'sku-0'];
    const progress: unknown[] = [];
    const map = await resolveSkus(skus, { onProgress: (p) => progress.push(p) });
    expect(calls).toHaveLength(2);
    expect(new URL(calls[0].url, 'http://x').searchParams.get('skus')!.split(',')).toHaveLength(100);
    expect(new URL(calls[1].url, 'http://x').searchParams.get('skus')!.split(',')).toHaveLength(50);
    expect(progress).toEqual([{ done: 100, total: 150 }, { done: 150, total: 150 }]);
    expect(map.size).toBe(150);
    expect(map.get('sku-140')).toMatchObject({ success: true, sku: 'SKU-140' });
    expect(map.get('BAD-1')).toMatchObject({ success: false });
  });

  it('matches by SKU when the answer is not one entry per value, and rejects when a call fails', async () => {
    mockFetch(() => jsonResponse({ products: [found(2, 'B-1')] }));
    const map = await resolveSkus(['a-1', 'b-1']);
    expect(map.get('b-1')).toMatchObject({ id: '01t2', success: true });
    expect(map.get('a-1')).toMatchObject({ success: false, error: { errorCode: 'ITEM_NOT_FOUND' } });
    mockFetch(() => jsonResponse([{ errorCode: 'INVALID_SESSION_ID', message: 'Session expired or invalid' }], { status: 401 }));
    await expect(resolveSkus(['a-1'])).rejects.toMatchObject({ status: 401 });
  });
});
