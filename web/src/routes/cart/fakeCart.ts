// A fake cart behind the page tests' fake server (testServer.ts): keeps lines and coupons, and
// answers the cart calls of spec section 7 with the wire shapes of SHAPES.md 2.3 (money as
// strings). Totals are simple and exact: line total = quantity × sales price; a line's promotion
// is its own fixed amount; coupon SPRING10 takes 10% off the products; tax is 10% of the rest.
import { jsonResponse } from '../../data/testing';
import type { StoreCall } from '../testServer';

export interface FakeLine {
  id: string;
  productId: string;
  name: string;
  sku?: string;
  quantity: number;
  /** In cents. */
  sales: number;
  list: number;
  /** The line's own promotion, in cents (negative), 0 for none. */
  promo?: number;
  rule?: { minimum: string; maximum: string; increment: string } | null;
}

export const CART_ID = '0a6XX0000000001AAA';
export const SPRING10 = { code: 'SPRING10', id: '0cAXX0000000001AAA' };

const money = (cents: number) => `${cents < 0 ? '-' : ''}${Math.floor(Math.abs(cents) / 100)}.${String(Math.abs(cents) % 100).padStart(2, '0')}`;

export function line(n: number, overrides: Partial<FakeLine> = {}): FakeLine {
  return {
    id: `0a9XX00000000${String(n).padStart(2, '0')}AAA`,
    productId: `01tXX00000000${String(n).padStart(2, '0')}AAA`,
    name: `Widget ${n}`,
    sku: `WID-${n}`,
    quantity: 1,
    sales: 1000,
    list: 1000,
    ...overrides,
  };
}

function validation(message: string): Response {
  return jsonResponse([{ errorCode: 'CART_VALIDATION_ERROR', message }], { status: 400 });
}

export function fakeCart(initial: FakeLine[] = []) {
  const state = { lines: initial.map((l) => ({ ...l })), coupon: false, added: 0 };

  function totals() {
    const product = state.lines.reduce((s, l) => s + l.quantity * l.sales, 0);
    const itemPromos = state.lines.reduce((s, l) => s + (l.promo ?? 0), 0);
    const couponAmount = state.coupon ? -Math.round(product / 10) : 0;
    const promotional = itemPromos + couponAmount;
    const tax = Math.round((product + promotional) / 10);
    return { product, promotional, couponAmount, itemPromos, tax, grand: product + promotional + tax };
  }

  function summary() {
    const t = totals();
    const count = state.lines.reduce((s, l) => s + l.quantity, 0);
    return {
      cartId: CART_ID,
      currencyIsoCode: 'USD',
      asyncOperationStatus: 'Completed',
      status: 'Active',
      taxType: 'Net',
      totalProductAmount: t.product ? money(t.product) : '0',
      totalPromotionalAdjustmentAmount: t.promotional ? money(t.promotional) : '0',
      totalTaxAmount: t.tax ? money(t.tax) : '0',
      totalChargeAmount: '0',
      grandTotalAmount: t.grand ? money(t.grand) : '0',
      totalProductCount: `${count}.0`,
      uniqueProductCount: state.lines.length,
    };
  }

  function item(l: FakeLine) {
    return {
      cartId: CART_ID,
      cartItemId: l.id,
      productId: l.productId,
      name: l.name,
      quantity: String(l.quantity),
      salesPrice: money(l.sales),
      listPrice: money(l.list),
      totalPrice: money(l.quantity * l.sales),
      totalListPrice: money(l.quantity * l.list),
      totalAdjustmentAmount: money(l.promo ?? 0),
      totalAmount: money(l.quantity * l.sales + (l.promo ?? 0)),
      type: 'Product',
      productDetails: {
        productId: l.productId,
        name: l.name,
        sku: l.sku ?? '',
        purchaseQuantityRule: l.rule ?? null,
        thumbnailImage: { url: `/cms/delivery/media/${l.productId}`, alternateText: l.name },
      },
    };
  }

  function items(query: URLSearchParams) {
    const size = Number(query.get('pageSize') ?? 25);
    const number = Number(query.get('pageNumber') ?? 1);
    const t = totals();
    const promotions = [
      ...(state.coupon ? [{ promotionId: '0c8XX0000000003AAA', displayName: 'Spring sale: 10% off your order', adjustmentAmount: money(t.couponAmount), couponCode: 'SPRING10', targetType: 'Cart' }] : []),
      ...(t.itemPromos ? [{ promotionId: '0c8XX000000000AAAA', displayName: '15% off writing instruments', adjustmentAmount: money(t.itemPromos), couponCode: null, targetType: 'Item' }] : []),
    ];
    return {
      cartItems: state.lines.slice((number - 1) * size, number * size).map((l) => ({ cartItem: item(l), message: null, status: 'Success' })),
      cartSummary: summary(),
      cartPromotions: { promotions: { promotions } },
      cartCoupons: { cartCoupons: { coupons: state.coupon ? [{ cartCouponId: SPRING10.id, couponCode: SPRING10.code }] : [] }, cartId: CART_ID },
      currentPage: number,
      totalItemCount: state.lines.length,
      totalNumberOfPages: Math.ceil(state.lines.length / size),
      hasErrors: false,
    };
  }

  /** Answers the cart calls; anything else is left to the other fixtures. */
  function handle(call: StoreCall): Response | undefined {
    const { method, path, body } = call;
    const itemId = /^carts\/current\/cart-items\/([^/]+)$/.exec(path)?.[1];
    if (method === 'GET' && path === 'carts/current/cart-items') return jsonResponse(items(call.query));
    if (method === 'GET' && path === 'carts/compact-summary') {
      const s = summary();
      return jsonResponse({ cartId: CART_ID, currencyIsoCode: 'USD', totalProductCount: s.totalProductCount, uniqueProductCount: s.uniqueProductCount });
    }
    if (method === 'POST' && path === 'carts/current/cart-items') {
      const b = body as { productId: string; quantity: string };
      const existing = state.lines.find((l) => l.productId === b.productId);
      if (existing) existing.quantity += Number(b.quantity);
      else state.lines.unshift({ ...line(90 + ++state.added), productId: b.productId, name: `Product ${b.productId}`, quantity: Number(b.quantity) });
      const l = existing ?? state.lines[0];
      return jsonResponse(item(l), { status: 201 });
    }
    if (method === 'PATCH' && itemId) {
      const l = state.lines.find((x) => x.id === itemId);
      const q = Number((body as { quantity: string }).quantity);
      if (!l) return jsonResponse([{ errorCode: 'NOT_FOUND', message: 'No such item.' }], { status: 404 });
      if (q > 100) return jsonResponse([{ errorCode: 'INSUFFICIENT_INVENTORY', message: `Only 100 of ${l.name} are available.` }], { status: 409 });
      l.quantity = q;
      return jsonResponse(item(l));
    }
    if (method === 'DELETE' && itemId) {
      state.lines = state.lines.filter((l) => l.id !== itemId);
      return new Response(null, { status: 204 });
    }
    if (method === 'DELETE' && path === 'carts/current') {
      state.lines = [];
      state.coupon = false;
      return new Response(null, { status: 204 });
    }
    if (method === 'POST' && path === 'carts/current/cart-coupons') {
      const code = String((body as { couponCode: string }).couponCode);
      if (code.toUpperCase() !== SPRING10.code) return validation(`The coupon code ${code} isn't valid.`);
      state.coupon = true;
      return jsonResponse({ cartId: CART_ID, cartCoupons: { coupons: [{ cartCouponId: SPRING10.id, couponCode: SPRING10.code }] } }, { status: 201 });
    }
    if (method === 'DELETE' && path === `carts/current/cart-coupons/${SPRING10.id}`) {
      state.coupon = false;
      return new Response(null, { status: 204 });
    }
    return undefined;
  }

  return { state, handle };
}
