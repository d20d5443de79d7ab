import { useEffect, useId, useRef, useState } from 'react';
import { useClearCart } from '../../data/cartHooks';
import { cartErrorText } from './cartErrorText';

/**
 * Clear cart, asked twice: the first press opens an inline confirmation (focus on "Keep items",
 * the safe choice; Escape closes it), the second empties the cart (DELETE carts/current).
 */
export function ClearCartButton({ onCleared }: { onCleared: () => void }) {
  const clear = useClearCart();
  const [confirming, setConfirming] = useState(false);
  const keep = useRef<HTMLButtonElement>(null);
  const trigger = useRef<HTMLButtonElement>(null);
  const returnFocus = useRef(false);
  const ids = useId();

  useEffect(() => {
    if (confirming) keep.current?.focus();
    else if (returnFocus.current) trigger.current?.focus();
    returnFocus.current = false;
  }, [confirming]);

  const cancel = () => {
    returnFocus.current = true;
    setConfirming(false);
  };

  async function confirm() {
    if (clear.isPending) return;
    try {
      await clear.mutateAsync();
      setConfirming(false);
      onCleared();
    } catch {
      // The error shows in the confirmation.
    }
  }

  if (!confirming) {
    return (
      <div className="sf-cart-clear">
        <button ref={trigger} type="button" className="sf-button sf-button--secondary" onClick={() => setConfirming(true)}>
          Clear cart
        </button>
      </div>
    );
  }

  return (
    <div
      className="sf-cart-clear sf-cart-clear--confirm"
      role="group"
      aria-labelledby={`${ids}-question`}
      onKeyDown={(e) => {
        if (e.key === 'Escape') cancel();
      }}
    >
      <p id={`${ids}-question`} className="sf-cart-clear__question">
        Remove every item from your cart?
      </p>
      <div className="sf-cart-clear__actions">
        <button type="button" className="sf-button sf-button--danger" onClick={() => void confirm()} aria-disabled={clear.isPending ? true : undefined}>
          {clear.isPending ? 'Clearing…' : 'Yes, clear cart'}
        </button>
        <button ref={keep} type="button" className="sf-button sf-button--secondary" onClick={cancel}>
          Keep items
        </button>
      </div>
      {clear.isError ? (
        <p className="sf-field-error" role="alert">
          {cartErrorText(clear.error, "We couldn't clear your cart. Please try again.")}
        </p>
      ) : null}
    </div>
  );
}
