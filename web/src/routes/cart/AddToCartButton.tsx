import { useId, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { useAddToCart } from '../../data/cartHooks';
import { loginPathFor, useLoginOn401 } from '../guest';
import { cartErrorText } from './cartErrorText';
import { useCartAccess } from './useCartAccess';
import './addToCart.css';

export interface AddToCartButtonProps {
  productId: string;
  productName: string;
  quantity: number;
  /** False while the chosen quantity breaks the product's rule (the rule's message says why). */
  canAdd?: boolean;
  /** Cards in a list: the button's accessible name carries the product name ("Add to cart: Widget X"). */
  nameInLabel?: boolean;
  /** Ids of text describing the button (the quantity rule). */
  describedBy?: string;
  className?: string;
}

/**
 * Adds a quantity of a product to the cart, with progress while the call runs, and the outcome in
 * a polite live region ("Added 3 × Widget X to your cart", with a link to the cart) or an alert.
 * A guest of a store without guest carts gets a link to log in instead: the server would answer 401.
 */
export function AddToCartButton({ productId, productName, quantity, canAdd = true, nameInLabel, describedBy, className = '' }: AddToCartButtonProps) {
  const access = useCartAccess();
  const location = useLocation();
  const add = useAddToCart();
  const [added, setAdded] = useState<number | null>(null);
  const ids = useId();
  // A session that ended meanwhile (or a guest the settings let through) is sent to log in.
  useLoginOn401(add.error);
  const forName = nameInLabel ? <span className="visually-hidden">: {productName}</span> : null;

  if (access === 'login') {
    return (
      <div className={`sf-add-to-cart ${className}`}>
        <Link className="sf-button sf-button--primary sf-add-to-cart__button" to={loginPathFor(location.pathname, location.search)}>
          Log in to add to cart{forName}
        </Link>
      </div>
    );
  }

  const pending = add.isPending;
  const onClick = () => {
    // Still running: the button keeps its focus (aria-disabled, not disabled) but does not add twice.
    if (pending) return;
    setAdded(null);
    add.mutate({ productId, quantity }, { onSuccess: () => setAdded(quantity) });
  };
  const errorId = `${ids}-error`;
  const error = add.isError ? cartErrorText(add.error, `We couldn't add ${productName} to your cart. Please try again.`) : null;
  const described = [describedBy, error ? errorId : null].filter(Boolean).join(' ') || undefined;

  return (
    <div className={`sf-add-to-cart ${className}`}>
      <button
        type="button"
        className="sf-button sf-button--primary sf-add-to-cart__button"
        onClick={onClick}
        disabled={!canAdd || access === 'checking'}
        aria-disabled={pending ? true : undefined}
        aria-describedby={described}
      >
        {pending ? <span className="sf-spinner sf-spinner--small" aria-hidden="true" /> : null}
        {pending ? 'Adding…' : 'Add to cart'}
        {forName}
      </button>
      <p className="sf-add-to-cart__feedback" role="status">
        {added !== null ? (
          <>
            Added {added} × {productName} to your cart. <Link to="/cart">View cart</Link>
          </>
        ) : null}
      </p>
      {error ? (
        <p id={errorId} className="sf-field-error" role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}
