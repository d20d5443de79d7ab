// A fake storefront server for page tests: answers the calls of the pages
// (and of the header) by URL, from fixtures a test can override.
import { jsonResponse, mockFetch } from '../data/testing';

export const WS = '0ZEXX0000000001AAA';
export const COMMERCE = `/services/data/v64.0/commerce/webstores/${WS}`;

export const GUEST = { guestUser: true, userId: '005XX0000000009AAA', accountId: null, accountName: null, profile: null, buyerGroups: [] };
export const BUYER = {
  guestUser: false,
  userId: '005XX0000000001AAA',
  userName: 'buyer@example.com',
  accountId: '001XX0000000001AAA',
  accountName: 'Acme',
  profile: { firstName: 'Bonnie', lastName: 'Buyer' },
  buyerGroups: [],
};

export const PRODUCT = {
  id: '01tXX0000000001AAA',
  urlName: 'gel-pen-1',
  fields: {
    Name: 'Everline Gel Pen, Blue',
    StockKeepingUnit: 'PEN-000001',
    ProductCode: 'P0000001',
    Brand: 'Everline',
    Description: 'A smooth gel pen.',
    QuantityUnitOfMeasure: 'Box',
    PackSize: '12',
  },
  defaultImage: { url: '/cms/delivery/media/MC1', alternateText: 'Gel pen' },
  mediaGroups: [],
  primaryProductCategoryPath: { path: [{ id: '0ZG1', name: 'Office Supplies', urlName: 'office-supplies' }, { id: '0ZG3', name: 'Pens', urlName: 'pens' }] },
  purchaseQuantityRule: { minimum: '5', maximum: '500', increment: '5' },
  entitlement: { canViewPrice: true },
};

export const GUEST_PRICE = { currencyIsoCode: 'USD', listPrice: '5.99', unitPrice: '5.99', priceAdjustment: null };
export const BUYER_PRICE = {
  currencyIsoCode: 'USD',
  listPrice: '5.99',
  unitPrice: '5.51',
  priceAdjustment: {
    id: '0ry1',
    priceAdjustmentTiers: [
      { id: 't1', adjustmentType: 'PercentageBasedAdjustment', adjustmentValue: '5.00', lowerBound: '10', upperBound: '49', tierUnitPrice: '5.23' },
      { id: 't2', adjustmentType: 'PercentageBasedAdjustment', adjustmentValue: '10.00', lowerBound: '50', upperBound: null, tierUnitPrice: '4.96' },
    ],
  },
};

function summary(id: string, name: string, brand: string, unit: string, list: string) {
  return {
    id,
    name,
    urlName: name.toLowerCase().replace(/[^a-z0-9]+/g, '-'),
    fields: { Name: { value: name }, StockKeepingUnit: { value: `SKU-${id.slice(-4)}` }, Brand: { value: brand } },
    defaultImage: { url: `/cms/delivery/media/${id}`, alternateText: name },
    prices: { listPrice: list, unitPrice: unit },
  };
}

export const PRODUCTS = [
  summary('01tXX0000000001AAA', 'Everline Gel Pen, Blue', 'Everline', '5.51', '5.99'),
  summary('01tXX0000000002AAA', 'Summit Ballpoint Pen', 'Summit', '3.49', '3.49'),
  summary('01tXX0000000003AAA', 'Summit Marker', 'Summit', '7.99', '7.99'),
];

/** A product-search answer for a body: Brand refinements narrow the products, counts follow. */
export function searchAnswer(body: { refinements?: { nameOrId: string; values: string[] }[]; page?: number; searchTerm?: string }, total?: number) {
  const brands = body.refinements?.find((r) => r.nameOrId === 'Brand')?.values ?? [];
  const products = brands.length ? PRODUCTS.filter((p) => brands.includes(p.fields.Brand.value)) : PRODUCTS;
  return {
    locale: 'en_US',
    categories: { category: null, productCount: products.length, children: [] },
    facets: [
      {
        nameOrId: 'Brand', displayName: 'Brand', attributeType: 'Standard', displayType: 'MultiSelect', displayRank: 3, facetType: 'DistinctValue',
        values: [
          { nameOrId: 'Everline', displayName: 'Everline', productCount: 1 },
          { nameOrId: 'Summit', displayName: 'Summit', productCount: 2 },
        ],
      },
    ],
    productsPage: { currencyIsoCode: 'USD', pageSize: 20, total: total ?? products.length, products },
  };
}

export const SORT_RULES = {
  sortRules: [
    { sortRuleId: '0lD1', label: 'Best Match', labelSuffix: null, direction: 'Default' },
    { sortRuleId: '0lD4', label: 'Price', labelSuffix: 'LowHigh', direction: 'Ascending' },
  ],
};

/** A call below the webstore, as a fixture sees it ('carts/current/cart-items'). */
export interface StoreCall {
  method: string;
  path: string;
  query: URLSearchParams;
  body: unknown;
}

export interface Fixtures {
  /** Asked first for every call below the webstore; undefined lets the fixtures below answer. */
  commerce?: (call: StoreCall) => Response | Promise<Response> | undefined;
  session?: object;
  appContext?: object;
  search?: (body: Record<string, unknown>) => Response | object;
  product?: Response | object;
  price?: Response | object;
  availability?: object;
  seo?: Response | object;
  children?: object;
  path?: Response | object;
  category?: Response | object;
}

function answer(v: Response | object | undefined, fallback: object): Response {
  if (v instanceof Response) return v;
  return jsonResponse(v ?? fallback);
}

export function notFound(): Response {
  return jsonResponse([{ errorCode: 'ITEM_NOT_FOUND', message: 'Not found.' }], { status: 404 });
}

/** Installs the fake server; returns the recorded calls. */
export function installServer(f: Fixtures = {}) {
  return mockFetch((url, init) => {
    // Calls under a site base path (/shop/services/...) are the same calls.
    const path = url.split('?')[0].replace(/^\/[^/]+(?=\/(services|lwr|cms)\/)/, '');
    const c = (p: string) => path === `${COMMERCE}/${p}`;
    if (f.commerce && path.startsWith(`${COMMERCE}/`)) {
      const body = typeof init.body === 'string' ? JSON.parse(init.body) : undefined;
      const query = new URL(url, 'http://test').searchParams;
      const r = f.commerce({ method: init.method ?? 'GET', path: path.slice(COMMERCE.length + 1), query, body });
      if (r) return r;
    }
    if (c('session-context')) return jsonResponse(f.session ?? GUEST);
    if (c('application-context')) return jsonResponse(f.appContext ?? { guestBrowsingEnabled: true });
    if (c('search/product-search')) {
      const body = JSON.parse(String(init.body ?? '{}'));
      const r = f.search ? f.search(body) : searchAnswer(body);
      return r instanceof Response ? r : jsonResponse(r, { status: 201 });
    }
    if (c('search/sort-rules')) return jsonResponse(SORT_RULES);
    if (/\/products\/[^/]+\/availability$/.test(path)) return jsonResponse(f.availability ?? { inStock: true, lowStock: false, availableToOrder: '75' });
    if (/\/pricing\/products\/[^/]+$/.test(path)) return answer(f.price, GUEST_PRICE);
    if (/\/commerce\/webstores\/[^/]+\/products\/[^/]+$/.test(path)) return answer(f.product, PRODUCT);
    if (c('product-categories/children')) return jsonResponse(f.children ?? { productCategories: [] });
    if (path.includes('/product-category-path/')) return answer(f.path, { path: [{ id: '0ZG1', name: 'Office Supplies', urlName: 'office-supplies' }] });
    if (path.includes('/product-categories/')) return answer(f.category, { id: '0ZG1', fields: { Name: 'Office Supplies', Description: 'Everyday supplies.' } });
    if (path.includes('/seo/properties/')) return answer(f.seo, {});
    if (path.includes('/lwr/apex/')) return jsonResponse({ menuItems: [] });
    return notFound();
  });
}
