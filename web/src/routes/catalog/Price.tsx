import { discountAmount, formatPrice, priceDisplay } from '../../lib/price';

export interface PriceProps {
  /** What the visitor pays per unit. */
  unit: string | null | undefined;
  /** The list (original) price; shown struck through only when larger than the unit price. */
  list?: string | null;
  currency?: string;
  size?: 'small' | 'medium' | 'large';
  /** Show "You save ..." when there is a discount. */
  showSavings?: boolean;
  /** Accessible name of the current price ("Your price", "Price"). */
  label?: string;
}

/** A price by the display rules of spec section 5: original price and discount only when they apply. */
export function Price({ unit, list, currency = 'USD', size = 'medium', showSavings = false, label = 'Price' }: PriceProps) {
  const display = priceDisplay(unit, list, currency);
  if (!display) return <p className={`sf-price sf-price--${size} sf-price--none`}>Price unavailable</p>;
  const discount = showSavings ? discountAmount(unit, list) : null;
  return (
    <div className={`sf-price sf-price--${size}`}>
      <span className="visually-hidden">{label}: </span>
      <span className="sf-price__current">{display.current}</span>
      {display.original ? (
        <span className="sf-price__original">
          <span className="visually-hidden">, list price </span>
          <s>{display.original}</s>
        </span>
      ) : null}
      {discount ? (
        <span className="sf-price__savings">You save {formatPrice(discount.replace(/^-/, ''), currency)}</span>
      ) : null}
    </div>
  );
}
