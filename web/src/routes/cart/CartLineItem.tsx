import { Link } from 'react-router';
import { useDeleteCartItem } from '../../data/cartHooks';
import { cartErrorText } from './cartErrorText';
import { CartLineQuantity } from './CartLineQuantity';
import type { CartLineView } from './cartLine';

export interface CartLineItemProps {
  line: CartLineView;
  quantity: number;
  /** What to do about a quantity beyond the stock, when it is. */
  stockNote?: string | null;
  onUpdated: (line: CartLineView, quantity: number) => void;
  onRemoved: (line: CartLineView) => void;
  /** Receives the line's name link (or name), where focus goes when the line before it is removed. */
  focusRef?: (el: HTMLElement | null) => void;
}

/**
 * One line of the cart: image, name (to the product page), SKU, unit price (list price struck
 * through when larger), quantity, line total with its promotions, and Remove.
 */
export function CartLineItem({ line, quantity, stockNote, onUpdated, onRemoved, focusRef }: CartLineItemProps) {
  const remove = useDeleteCartItem();
  const removing = remove.isPending;
  const onRemove = () => {
    if (removing || line.id === null) return;
    // mutateAsync: it settles after the cart has reloaded, even though this line is gone by then.
    remove.mutateAsync(line.id).then(
      () => onRemoved(line),
      () => undefined, // the error shows under the button
    );
  };

  return (
    <li className={`sf-cart-line${removing ? ' is-removing' : ''}`}>
      <div className="sf-cart-line__image" aria-hidden="true">
        {line.image ? <img src={line.image} alt="" loading="lazy" decoding="async" width={80} height={80} /> : null}
      </div>
      <div className="sf-cart-line__product">
        <h3 className="sf-cart-line__name">
          {line.href ? (
            <Link to={line.href} ref={focusRef}>
              {line.name}
            </Link>
          ) : (
            <span ref={focusRef} tabIndex={-1}>
              {line.name}
            </span>
          )}
        </h3>
        {line.sku ? (
          <p className="sf-cart-line__sku">
            SKU <span>{line.sku}</span>
          </p>
        ) : null}
        {stockNote ? <p className="sf-cart-line__stock">{stockNote}</p> : null}
        {line.problem ? (
          <p className="sf-field-error" role="alert">
            {line.problem}
          </p>
        ) : null}
      </div>
      <div className="sf-cart-line__price">
        <span className="sf-cart-line__label">Price</span>
        {line.unitPrice ? (
          <span className="sf-price sf-price--small">
            <span className="sf-price__current">{line.unitPrice}</span>
            {line.originalUnitPrice ? (
              <span className="sf-price__original">
                <span className="visually-hidden">, list price </span>
                <s>{line.originalUnitPrice}</s>
              </span>
            ) : null}
            <span className="sf-cart-line__each"> each</span>
          </span>
        ) : (
          <span className="sf-price--none">Price unavailable</span>
        )}
      </div>
      <CartLineQuantity cartItemId={line.id} name={line.name} quantity={quantity} rule={line.rule} onUpdated={(q) => onUpdated(line, q)} />
      <div className="sf-cart-line__total">
        <span className="sf-cart-line__label">Total</span>
        <span className="sf-cart-line__amount">{line.lineTotal ?? '—'}</span>
        {line.discount ? (
          <span className="sf-cart-line__discount">
            Promotions <span>{line.discount}</span>
          </span>
        ) : null}
      </div>
      <div className="sf-cart-line__remove">
        <button
          type="button"
          className="sf-link-button"
          onClick={onRemove}
          aria-disabled={removing || line.id === null ? true : undefined}
          aria-label={`Remove ${line.name}`}
        >
          {removing ? 'Removing…' : 'Remove'}
        </button>
        {remove.isError ? (
          <p className="sf-field-error" role="alert">
            {cartErrorText(remove.error, `We couldn't remove ${line.name}. Please try again.`)}
          </p>
        ) : null}
      </div>
    </li>
  );
}
