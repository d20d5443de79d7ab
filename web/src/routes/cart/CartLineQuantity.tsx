import { useEffect, useId, useRef, useState } from 'react';
import { useUpdateCartItem } from '../../data/cartHooks';
import { checkQuantity, quantityMessage, type QuantityRule } from '../../lib/quantity';
import { QuantityStepper } from '../catalog/QuantityStepper';
import { cartErrorText } from './cartErrorText';

/** A change is sent once the buyer has stopped stepping or typing for this long (or at once on Enter or leaving the box). */
export const QUANTITY_SAVE_DELAY_MS = 800;

export interface CartLineQuantityProps {
  cartItemId: string | null;
  name: string;
  /** The quantity the cart holds. */
  quantity: number;
  rule: QuantityRule;
  /** Told after the cart took a new quantity. */
  onUpdated: (quantity: number) => void;
}

/**
 * A line's quantity: edited freely, checked against the product's rule, saved (PATCH) after a
 * pause or on commit. A refused change keeps what the buyer typed, with the server's reason
 * under the line; the cart's own quantity comes back once the buyer has nothing pending.
 */
export function CartLineQuantity({ cartItemId, name, quantity, rule, onUpdated }: CartLineQuantityProps) {
  const update = useUpdateCartItem();
  const [text, setText] = useState(String(quantity));
  // True while the box holds a value the cart does not have yet (typed, waiting, being saved or refused).
  const [editing, setEditing] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const latest = useRef(text);
  latest.current = text;
  const ids = useId();

  // The cart's quantity shows unless the buyer is in the middle of a change.
  useEffect(() => {
    if (!editing) setText(String(quantity));
  }, [quantity, editing]);
  // A change still waiting for its pause when the line goes (the buyer leaves the page) is sent now, not lost.
  const flush = useRef(() => {});
  flush.current = () => {
    if (timer.current !== null) save(latest.current);
  };
  useEffect(() => () => flush.current(), []);

  function clearTimer() {
    if (timer.current !== null) clearTimeout(timer.current);
    timer.current = null;
  }

  function save(value: string) {
    clearTimer();
    if (checkQuantity(value, rule) !== null || cartItemId === null) return;
    const next = Number(value);
    if (next === quantity && !update.isError) {
      setEditing(false);
      return;
    }
    update.mutate(
      { cartItemId, quantity: next },
      {
        onSuccess: () => {
          // Another change typed meanwhile stays in the box; it is saved on its own.
          if (latest.current === value) setEditing(false);
          onUpdated(next);
        },
      },
    );
  }

  function change(value: string) {
    setText(value);
    setEditing(true);
    if (update.isError) update.reset();
    clearTimer();
    timer.current = setTimeout(() => save(value), QUANTITY_SAVE_DELAY_MS);
  }

  const problem = checkQuantity(text, rule);
  const message = problem
    ? quantityMessage(problem, rule)
    : update.isError
      ? cartErrorText(update.error, `We couldn't change the quantity of ${name}. Please try again.`)
      : null;
  const inputId = `${ids}-qty`;
  const errorId = `${ids}-error`;

  return (
    <div className="sf-quantity sf-cart-line__quantity">
      <label htmlFor={inputId} className="sf-cart-line__label">
        Quantity
      </label>
      <QuantityStepper
        id={inputId}
        value={text}
        onChange={change}
        onCommit={() => {
          if (editing) save(latest.current);
        }}
        rule={rule}
        itemName={name}
        invalid={message !== null}
        describedBy={message ? errorId : undefined}
        disabled={cartItemId === null}
      />
      {update.isPending ? (
        <p className="sf-cart-line__saving" aria-hidden="true">
          Saving…
        </p>
      ) : null}
      {message ? (
        <p id={errorId} className="sf-field-error" role="alert">
          {message}
        </p>
      ) : null}
    </div>
  );
}
