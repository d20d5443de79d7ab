import type { CartPromotion, CartSummary } from '../../data/cartTypes';
import { formatPrice, shouldShowDiscount } from '../../lib/price';

function itemsText(count: number): string {
  return `${count.toLocaleString('en-US')} ${count === 1 ? 'item' : 'items'}`;
}

/** A non-zero amount: "0" and "0.00" (nothing to charge) are left out of the totals. */
function isNonZero(value: unknown): boolean {
  return typeof value === 'string' && /[1-9]/.test(value);
}

/**
 * The cart's totals, from the cart summary strings as the server sent them: subtotal, the
 * discounts with the promotions behind them (each shown only when negative, spec section 5),
 * delivery charges when there are any, tax and the total.
 */
export function CartTotals({ summary, promotions, itemCount }: { summary: CartSummary; promotions: CartPromotion[]; itemCount: number }) {
  const currency = summary.currencyIsoCode || 'USD';
  const money = (v: unknown) => formatPrice(v, currency) || '—';
  const discounts = promotions.filter((p) => shouldShowDiscount(p.adjustmentAmount));
  const showDiscount = shouldShowDiscount(summary.totalPromotionalAdjustmentAmount) || discounts.length > 0;
  const grossTax = summary.taxType === 'Gross';
  return (
    <dl className="sf-cart-totals">
      <div className="sf-cart-totals__row">
        <dt>Subtotal ({itemsText(itemCount)})</dt>
        <dd>{money(summary.totalProductAmount)}</dd>
      </div>
      {showDiscount ? (
        <div className="sf-cart-totals__row sf-cart-totals__row--discount">
          <dt>Discounts</dt>
          <dd>{shouldShowDiscount(summary.totalPromotionalAdjustmentAmount) ? money(summary.totalPromotionalAdjustmentAmount) : null}</dd>
          {discounts.length > 0 ? (
            <dd className="sf-cart-totals__promotions">
              <ul aria-label="Promotions applied">
                {discounts.map((p, i) => (
                  <li key={p.promotionId ?? i}>
                    <span className="sf-cart-totals__promotion-name">
                      {p.displayName || 'Promotion'}
                      {p.couponCode ? <span className="sf-cart-totals__code"> ({p.couponCode})</span> : null}
                    </span>
                    <span className="sf-cart-totals__promotion-amount">{formatPrice(p.adjustmentAmount, p.currencyIsoCode || currency)}</span>
                  </li>
                ))}
              </ul>
            </dd>
          ) : null}
        </div>
      ) : null}
      {isNonZero(summary.totalChargeAmount) ? (
        <div className="sf-cart-totals__row">
          <dt>Delivery</dt>
          <dd>{money(summary.totalChargeAmount)}</dd>
        </div>
      ) : null}
      <div className="sf-cart-totals__row">
        <dt>{grossTax ? 'Tax (included)' : 'Tax'}</dt>
        <dd>{money(summary.totalTaxAmount)}</dd>
      </div>
      <div className="sf-cart-totals__row sf-cart-totals__row--grand">
        <dt>Total</dt>
        <dd>{money(summary.grandTotalAmount)}</dd>
      </div>
    </dl>
  );
}
