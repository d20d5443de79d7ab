// How a cart line reads on the cart page: who it is (name, link, SKU, image), its quantity rule,
// and its prices by the display rules of spec section 5.

import type { CartLine } from '../../data/cartTypes';
import { productPath } from '../../lib/links';
import { formatPrice, priceDisplay, shouldShowDiscount } from '../../lib/price';
import { normaliseQuantityRule, type QuantityRule } from '../../lib/quantity';
import { optimisedImageUrl } from '../../components/layout/images';

/** Cart thumbnails are asked at this width (image optimisation takes at least 100). */
const LINE_IMAGE_WIDTH = 160;

export interface CartLineView {
  /** The line's id (PATCH and DELETE take it); null for a line the server sent without one. */
  id: string | null;
  /** A key that stays unique even without an id. */
  key: string;
  name: string;
  /** The product page, or null when the line names no product. */
  href: string | null;
  sku: string | null;
  image: string | null;
  rule: QuantityRule;
  /** What one unit costs the shopper now, and the list price when it is larger (struck through). */
  unitPrice: string | null;
  originalUnitPrice: string | null;
  /** quantity × unit price. */
  lineTotal: string | null;
  /** The line's promotions (a negative amount, formatted), or null when it has none. */
  discount: string | null;
  /** The server's word on the line when it is not Success. */
  problem: string | null;
  /** The line's product, whose stock the page asks. */
  productId: string | null;
}

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

export function toCartLineView(line: CartLine, index: number, currency: string): CartLineView {
  const item = line.item;
  const details = item.productDetails ?? null;
  const name = (details?.name || item.name || 'Product').trim();
  const productId = item.productId ?? details?.productId ?? null;
  const prices = priceDisplay(item.salesPrice, item.listPrice, currency);
  const rule = normaliseQuantityRule(isRecord(details?.purchaseQuantityRule) ? details.purchaseQuantityRule : null);
  const failed = line.status !== null && line.status !== 'Success';
  return {
    id: item.cartItemId ?? null,
    key: item.cartItemId ?? `line-${index}`,
    name,
    href: productId ? productPath(productId, undefined, name) : null,
    sku: details?.sku?.trim() || null,
    image: optimisedImageUrl(details?.thumbnailImage?.url, LINE_IMAGE_WIDTH),
    rule,
    unitPrice: prices?.current ?? null,
    originalUnitPrice: prices?.original ?? null,
    lineTotal: formatPrice(item.totalPrice ?? item.totalAmount, currency) || null,
    discount: shouldShowDiscount(item.totalAdjustmentAmount) ? formatPrice(item.totalAdjustmentAmount, currency) : null,
    problem: failed ? line.message?.trim() || 'This item needs your attention.' : null,
    productId,
  };
}
